package safejson

import (
	"github.com/safejson/safejson/internal/engine"
	"github.com/safejson/safejson/internal/plan"
	"github.com/safejson/safejson/safe"
)

// Append appends the JSON encoding of v under o to dst. On error dst is
// returned unchanged in length, and nothing is appended.
func (o Options) Append(dst []byte, v any) ([]byte, error) {
	if err := o.Validate(); err != nil {
		return dst, err
	}
	d := o.plan(v)
	if d.Engine == nil {
		return o.safeAppend(dst, v)
	}
	eo := engine.Options{NoEscapeHTML: o.NoEscapeHTML, Prefix: o.Prefix, Indent: o.Indent, NullForNonFinite: d.NullForNonFinite}
	n := len(dst)
	out, err, panicked := attempt(d.Engine, dst, v, eo)
	switch {
	case err == nil && !panicked:
		return out, nil
	case panicked || engine.NeedsFallback(err):
		// The engine rejected the value, or could not say exactly why (the
		// user's own errors come back in std form and are returned): the
		// reference encoder writes the substitute, or the exact std error.
		// After a panic it runs the value again: a panic of the user's own
		// code (a MarshalJSON) is raised again there, as encoding/json raises
		// it; a panic of the engine's is not.
		return o.safeAppend(dst[:n:n], v)
	default:
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
	r := plan.Request{
		Engine:   engine.Resolve(o.Engine),
		MaxDepth: o.MaxDepth,
		SafeOnly: o.Replacer != nil || o.MaxBreadth != 0 || (o.lineBreaks && o.Prefix == "" && o.Indent == ""),
		Strict:   o.Strict,
	}
	return plan.Route(&r, v)
}

// safe returns the reference encoder's options for o.
func (o *Options) safe() safe.Options {
	return safe.Options{
		Circular: o.Circular, Placeholder: o.Placeholder,
		MaxDepth: o.MaxDepth, MaxBreadth: o.MaxBreadth, Strict: o.Strict,
		Replacer: o.Replacer, NoEscapeHTML: o.NoEscapeHTML,
		Prefix: o.Prefix, Indent: o.Indent,
	}
}

// safeAppend appends the reference encoder's encoding of v under o.
func (o *Options) safeAppend(dst []byte, v any) ([]byte, error) {
	if o.lineBreaks {
		return o.safe().AppendIndent(dst, v, o.Prefix, o.Indent)
	}
	return o.safe().Append(dst, v)
}

// Validate reports whether o is usable: the checks of safe.Options.Validate.
func (o Options) Validate() error {
	if o.Circular == CircularOmit && o.Placeholder == "" && o.MaxDepth == 0 && o.MaxBreadth == 0 {
		return nil // the common case, valid by construction
	}
	return o.safe().Validate()
}
