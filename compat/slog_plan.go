package compat

import (
	"reflect"
	"sync"

	"github.com/safejson/safejson/internal/jsontype"
)

// slogPlan says how ReplaceAttr treats a value of a given type.
type slogPlan uint8

const (
	// slogStd: encoding/json cannot reject a value of the type; slog is
	// left to encode it, at no cost.
	slogStd slogPlan = iota
	// slogCheck: typed data that can hold a NaN, ±Inf or a cycle. A Strict
	// safejson encode checks the value; a clean one is left to slog, which
	// costs less than handing slog a json.RawMessage (encoding/json compacts
	// and validates it again, byte by byte).
	slogCheck
	// slogSafe: the type holds interfaces, unsupported kinds or map keys
	// encoding/json cannot write. safejson's output goes to slog as a
	// json.RawMessage: for such values that costs less than encoding/json.
	slogSafe
)

var slogPlans sync.Map // reflect.Type → slogPlan

// planFor returns the plan for values of type t, computed once per type.
func planFor(t reflect.Type) slogPlan {
	if p, ok := slogPlans.Load(t); ok {
		return p.(slogPlan)
	}
	ti := jsontype.Of(t)
	p := typePlan(ti, map[*jsontype.Info]bool{})
	if ti.Recursive() {
		// A value of a recursive type may be cyclic.
		p = max(p, slogCheck)
	}
	slogPlans.Store(t, p)
	return p
}

// typePlan is the most any type reachable from ti (the parts of a value
// that encoding/json writes: jsontype's Children) asks for. seen holds the
// types looked at already.
func typePlan(ti *jsontype.Info, seen map[*jsontype.Info]bool) slogPlan {
	if seen[ti] {
		return slogStd
	}
	seen[ti] = true
	// encoding/json calls a value-receiver method whatever the value; what
	// the method does is the caller's own, and fails alike on either path.
	if ti.Leaf || ti.MethodInterface {
		return slogStd
	}
	p := slogStd
	switch ti.Kind {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.String:
	case reflect.Float32, reflect.Float64:
		p = slogCheck
	case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Struct:
	case reflect.Map:
		if !ti.Key.Writable() {
			return slogSafe
		}
	default: // interfaces, chan, func, complex, unsafe.Pointer
		return slogSafe
	}
	for _, c := range ti.Children {
		if p = max(p, typePlan(c, seen)); p == slogSafe {
			break
		}
	}
	return p
}
