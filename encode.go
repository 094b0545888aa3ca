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
	var opts options.Options
	if err := o.internal(&opts); err != nil {
		return dst, err
	}
	return appendInternal(dst, v, &opts)
}

// appendInternal appends the JSON encoding of v under opts (normalised) to
// dst: the planner picks the engine, the engine tries, the reference encoder
// falls back. On error dst is returned unchanged in length.
func appendInternal(dst []byte, v any, opts *options.Options) ([]byte, error) {
	d := plan.RouteEncode(opts, v)
	if d.Engine == nil {
		countSafe(d.Cause)
		return options.SafeAppend(dst, v, *opts)
	}
	n := len(dst)
	opts.NullForNonFinite = d.NullForNonFinite
	out, err, panicked := attempt(d.Engine, dst, v, opts.Output)
	switch {
	case err == nil && !panicked:
		countEncode(d.Engine)
		return out, nil
	case !panicked && d.Retry != nil && engine.IsNonFinite(err):
		// A NaN or ±Inf the first engine rejects: the engine that writes
		// them as null itself, rather than the reference encoder (and the
		// type goes to it first from now on).
		d.NonFiniteMet()
		stats.Add(stats.EncodeRejected)
		opts.NullForNonFinite = true
		out, err, panicked = attempt(d.Retry, dst[:n:n], v, opts.Output)
		if err == nil && !panicked {
			countEncode(d.Retry)
			return out, nil
		}
		if !panicked && !engine.NeedsFallback(err) {
			countEncode(d.Retry)
			return dst[:n], err
		}
		countFallback(panicked)
		return options.SafeAppend(dst[:n:n], v, *opts)
	case panicked || engine.NeedsFallback(err):
		// The engine rejected the value, or could not say exactly why (the
		// user's own errors come back in std form and are returned): the
		// reference encoder writes the substitute, or the exact std error.
		// After a panic it runs the value again: a panic of the user's own
		// code (a MarshalJSON) is raised again there, as encoding/json raises
		// it; a panic of the engine's is not.
		countFallback(panicked)
		return options.SafeAppend(dst[:n:n], v, *opts)
	default:
		countEncode(d.Engine)
		return dst[:n], err
	}
}

// attempt runs the engine, turning a panic inside it into panicked.
func attempt(eng engine.Engine, dst []byte, v any, out options.Output) (b []byte, err error, panicked bool) {
	defer func() {
		if r := recover(); r != nil {
			panicked = true
		}
	}()
	b, err = eng.Append(dst, v, out)
	return b, err, false
}

// plan asks the planner where v goes under o.
func (o *Options) plan(v any) plan.EncodeRoute {
	var opts options.Options
	if err := o.internal(&opts); err != nil {
		return plan.EncodeRoute{}
	}
	return plan.RouteEncode(&opts, v)
}

// internal sets *opts to o in the internal form, validated and normalised:
// the one place where a safejson.Options becomes what the planner, the
// engines and the reference encoder read. (It fills the caller's Options in
// place, which a function returning one would copy.)
func (o *Options) internal(opts *options.Options) error {
	eng := enginehandle.Resolve(o.Engine)
	*opts = options.Options{
		Output:   options.Output{NoEscapeHTML: o.NoEscapeHTML, Prefix: o.Prefix, Indent: o.Indent},
		Circular: int(o.Circular), Placeholder: o.Placeholder,
		MaxDepth: o.MaxDepth, MaxBreadth: o.MaxBreadth, Strict: o.Strict,
		Replacer: o.Replacer, OnSubstitute: reportOf(o.OnSubstitute),
		Engine: eng,
	}
	return opts.Normalize()
}

// Validate reports whether o is usable: MaxDepth from 0 to
// safe.HardMaxDepth, MaxBreadth not negative, Circular one of the policies,
// and Placeholder set only with CircularPlaceholder. Every encode and decode
// under o returns this error, and does nothing else.
func (o Options) Validate() error {
	var opts options.Options
	return o.internal(&opts)
}
