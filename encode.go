package safejson

import (
	"github.com/safejson/safejson/internal/engine"
	"github.com/safejson/safejson/internal/enginehandle"
	"github.com/safejson/safejson/internal/options"
	"github.com/safejson/safejson/internal/plan"
	"github.com/safejson/safejson/internal/stats"
)

// Append appends the JSON encoding of v under o to dst. On error dst is
// returned unchanged in length, and nothing is appended.
func (o Options) Append(dst []byte, v any) ([]byte, error) {
	io := o.internal()
	if err := io.Normalize(); err != nil {
		return dst, err
	}
	d := plan.Route(&io, v)
	if d.Engine == nil {
		countSafe(&io, v)
		return options.SafeAppend(dst, v, io)
	}
	n := len(dst)
	out, err, panicked := attempt(d.Engine, dst, v, io.EngineOptions(d.NullForNonFinite))
	switch {
	case err == nil && !panicked:
		stats.Add(encodeCounter(d.Engine))
		return out, nil
	case !panicked && d.Retry != nil && engine.IsNonFinite(err):
		// A NaN or ±Inf the first engine rejects: the engine that writes
		// them as null itself, rather than the reference encoder (and the
		// type goes to it first from now on).
		d.NonFiniteMet()
		stats.Add(stats.EncodeRejected)
		out, err, panicked = attempt(d.Retry, dst[:n:n], v, io.EngineOptions(true))
		if err == nil && !panicked {
			stats.Add(encodeCounter(d.Retry))
			return out, nil
		}
		if !panicked && !engine.NeedsFallback(err) {
			stats.Add(encodeCounter(d.Retry))
			return dst[:n], err
		}
		countFallback(panicked)
		return options.SafeAppend(dst[:n:n], v, io)
	case panicked || engine.NeedsFallback(err):
		// The engine rejected the value, or could not say exactly why (the
		// user's own errors come back in std form and are returned): the
		// reference encoder writes the substitute, or the exact std error.
		// After a panic it runs the value again: a panic of the user's own
		// code (a MarshalJSON) is raised again there, as encoding/json raises
		// it; a panic of the engine's is not.
		countFallback(panicked)
		return options.SafeAppend(dst[:n:n], v, io)
	default:
		stats.Add(encodeCounter(d.Engine))
		return dst[:n], err
	}
}

// attempt runs the engine, turning a panic inside it into panicked.
func attempt(eng engine.Engine, dst []byte, v any, eo engine.Options) (out []byte, err error, panicked bool) {
	defer func() {
		if r := recover(); r != nil {
			panicked = true
		}
	}()
	out, err = eng.Append(dst, v, eo)
	return out, err, false
}

// plan asks the planner where v goes under o.
func (o *Options) plan(v any) plan.Decision {
	io := o.internal()
	if err := io.Normalize(); err != nil {
		return plan.Decision{}
	}
	return plan.Route(&io, v)
}

// internal returns o in the internal form, not yet normalised: the one place
// where safejson.Options becomes what the planner, the engine and the
// reference encoder read.
func (o *Options) internal() options.Options {
	return options.Options{
		Circular: int(o.Circular), Placeholder: o.Placeholder,
		MaxDepth: o.MaxDepth, MaxBreadth: o.MaxBreadth, Strict: o.Strict,
		Replacer: o.Replacer, OnSubstitute: reportOf(o.OnSubstitute), NoEscapeHTML: o.NoEscapeHTML,
		Prefix: o.Prefix, Indent: o.Indent, LineBreaks: o.lineBreaks,
		Engine: enginehandle.Resolve(o.Engine),
	}
}

// Validate reports whether o is usable: MaxDepth from 0 to
// safe.HardMaxDepth, MaxBreadth not negative, Circular one of the policies,
// and Placeholder set only with CircularPlaceholder. Every encode and decode
// under o returns this error, and does nothing else.
func (o Options) Validate() error {
	if o.Circular == CircularOmit && o.Placeholder == "" && o.MaxDepth == 0 && o.MaxBreadth == 0 {
		return nil // the common case, valid by construction
	}
	io := o.internal()
	return io.Validate()
}
