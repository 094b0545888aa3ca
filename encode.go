package safejson

import (
	"reflect"

	"github.com/safejson/safejson/internal/engine"
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
	eng, ti := o.plan(v)
	if eng == nil {
		return o.safeAppend(dst, v)
	}
	eo := engine.Options{NoEscapeHTML: o.NoEscapeHTML, Prefix: o.Prefix, Indent: o.Indent}
	// NaN and ±Inf: where the engine can write the default substitute (null)
	// itself, the value need not go through a rejection and the fallback.
	// Not under Strict (an error is wanted), nor for a ",string" field
	// (sonic quotes it) or an interface that may hold one.
	eo.NullForNonFinite = !o.Strict && ti != nil && ti.feat&(featStringOpt|featDynamic) == 0
	n := len(dst)
	out, err, panicked := attempt(eng, dst, v, eo)
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

// candidate is an engine the planner may pick, with the features it must not
// be given.
type candidate struct {
	eng   engine.Engine
	avoid features
}

// defaultCandidates are the engines tried for Options with no Engine, in order
// of preference: the default engine, then the other third-party engines
// compiled in, so that a type one engine writes wrongly can go to another
// rather than to the slower reference encoder. encoding/json is no candidate:
// the reference encoder writes the same bytes, as fast or faster, and never
// fails. An engine with quirks the planner does not know is no candidate
// either.
var defaultCandidates = func() []candidate {
	var cs []candidate
	for _, e := range engine.All() {
		if e == engine.Std() && len(cs) > 0 {
			continue
		}
		if c, ok := candidateFor(e); ok {
			cs = append(cs, c)
		}
	}
	return cs
}()

func candidateFor(e engine.Engine) (candidate, bool) {
	q := e.Quirks()
	return candidate{e, avoidMask(q)}, q&^knownQuirks == 0
}

// plan returns the engine v goes to, or nil for the reference encoder: an
// engine known to write exactly what the reference encoder writes for v,
// without failing on a cycle. It also returns the planner's knowledge of v's
// type (nil for a nil v).
func (o *Options) plan(v any) (engine.Engine, *typeInfo) {
	if o.Replacer != nil || o.MaxBreadth != 0 || (o.lineBreaks && o.Prefix == "" && o.Indent == "") {
		// Engines have neither replacers nor breadth limits: only the
		// reference encoder calls a replacer once per value, and cuts wide
		// values. MarshalIndent(v, "", "") is rare, and engines take an empty
		// prefix and indent for compact output.
		return nil, nil
	}
	cs := defaultCandidates
	if e := engine.Resolve(o.Engine); e != nil {
		c, ok := candidateFor(e)
		if !ok {
			return nil, nil
		}
		cs = []candidate{c}
	}
	if v == nil {
		if len(cs) == 0 {
			return nil, nil
		}
		return cs[0].eng, nil
	}
	ti := infoOf(reflect.TypeOf(v))
	limit := engineDepthLimit
	if o.MaxDepth != 0 {
		limit = min(limit, o.MaxDepth)
	}
	if ti.dynamic {
		// The reference encoder writes decoded JSON faster than the
		// engines, and as fast as encoding/json on json/v2 does after a
		// pre-scan (measured on Go 1.26 and Go 1.27: see README, "How it
		// works"), with one allocation and no pre-scan.
		return nil, ti
	}
	for _, c := range cs {
		if ti.feat&c.avoid != 0 {
			continue
		}
		if ti.scan == nil {
			if ti.depth > limit {
				return nil, ti
			}
			return c.eng, ti
		}
		if scanValue(v, ti, limit, c.avoid) {
			return c.eng, ti
		}
		// A cycle, a value too deep, or a concrete type this engine must
		// not see: the reference encoder is the answer, without a second
		// scan for another engine.
		return nil, ti
	}
	return nil, ti
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
