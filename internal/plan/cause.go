package plan

import (
	"reflect"

	"github.com/safejson/safejson/internal/engine"
	"github.com/safejson/safejson/internal/options"
)

// Why RouteEncode sent a value to the reference encoder (SafeCause).
const (
	// CauseChosen: the reference encoder is the route itself, not a
	// fallback (options only it honours, a type with the user's methods, a
	// value of decoded JSON's shape, no engine to try).
	CauseChosen = iota
	// CauseQuirk: every engine that could take the value is known to write
	// other bytes for its type.
	CauseQuirk
	// CausePrescan: the type's nesting, or the pre-scan of the value, found
	// what an engine fails on (a cycle, nesting over EngineDepthLimit, a
	// concrete type it must not see behind an interface).
	CausePrescan
)

// SafeCause says why RouteEncode(o, v) returned no engine. It is called only
// then, beside the reference encoder, so it may redo RouteEncode's cheap steps.
func SafeCause(o *options.Options, v any) int {
	if o.SafeOnly() || v == nil {
		return CauseChosen
	}
	cs := defaultCandidates
	if o.Engine != nil {
		c, ok := candidateFor(o.Engine.(engine.Engine))
		if !ok {
			return CauseQuirk
		}
		cs = []candidate{c}
	}
	if len(cs) == 0 {
		return CauseChosen
	}
	ti := infoOf(reflect.TypeOf(v))
	if ti.feat&userCode != 0 || ti.dynamic {
		// A value of decoded JSON's shape goes to the reference encoder
		// when it is member-heavy too, where it is the fastest: the walk
		// that would tell a cycle from that is not repeated here.
		return CauseChosen
	}
	for _, c := range cs {
		if ti.feat&c.avoid == 0 {
			return CausePrescan
		}
	}
	return CauseQuirk
}
