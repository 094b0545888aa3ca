package safejson

import (
	"reflect"

	"github.com/safejson/safejson/engine"
	"github.com/safejson/safejson/safe"
)

// engineDepthLimit is the deepest JSON nesting a value may have to go to an
// engine. Engines fail on deep values (sonic: "Value nesting too deep" near 2048
// levels, goccy at 10000) or start a slow cycle search (encoding/json after 1000
// pointer levels); a value this deep goes to the reference encoder, which is
// linear in its size whatever its depth.
const engineDepthLimit = 1000

// Append appends the JSON encoding of v under o to dst. On error dst is
// returned unchanged in length, and nothing is appended.
func (o Options) Append(dst []byte, v any) ([]byte, error) {
	if err := o.Validate(); err != nil {
		return dst, err
	}
	eng := o.engine()
	if !o.engineCanWrite(v, eng) {
		return o.safe().Append(dst, v)
	}
	n := len(dst)
	out, err, panicked := attempt(eng, dst, v, engine.Options{NoEscapeHTML: o.NoEscapeHTML, Prefix: o.Prefix, Indent: o.Indent})
	switch {
	case err == nil && !panicked:
		return out, nil
	case panicked || fallsBack(err):
		// The engine rejected the value, or could not say exactly why: the
		// reference encoder writes the substitute, or the exact std error.
		// After a panic it runs the value again: a panic of the user's own
		// code (a MarshalJSON) is raised again there, as encoding/json raises
		// it; a panic of the engine's is not.
		return o.safe().Append(dst[:n:n], v)
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

// fallsBack reports whether an engine error sends the value to the reference
// encoder: everything but the user's own errors, already in std form.
func fallsBack(err error) bool {
	return engine.IsRejected(err)
}

// engineCanWrite reports whether v may go to eng: the engine is known to write
// exactly what the reference encoder writes for it, without failing on a cycle.
func (o *Options) engineCanWrite(v any, eng engine.Engine) bool {
	if o.Replacer != nil || o.MaxBreadth != 0 {
		// Engines have neither: only the reference encoder calls a replacer
		// once per value, and cuts wide values.
		return false
	}
	if v == nil {
		return true
	}
	ti := infoOf(reflect.TypeOf(v))
	avoid := avoidMask(eng.Quirks())
	if ti.feat&avoid != 0 {
		return false
	}
	limit := engineDepthLimit
	if o.MaxDepth != 0 {
		limit = min(limit, o.MaxDepth)
	}
	if ti.scan == nil {
		return ti.depth <= limit
	}
	return scanValue(v, ti, limit, avoid)
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

// Validate reports whether o is usable: the checks of safe.Options.Validate.
func (o Options) Validate() error {
	if o.Circular == CircularOmit && o.Placeholder == "" && o.MaxDepth == 0 && o.MaxBreadth == 0 {
		return nil // the common case, valid by construction
	}
	return o.safe().Validate()
}
