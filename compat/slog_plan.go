package compat

import (
	"encoding"
	"encoding/json"
	"reflect"
	"sync"
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

var (
	slogPlans     sync.Map // reflect.Type → slogPlan
	marshalerType = reflect.TypeFor[json.Marshaler]()
	textType      = reflect.TypeFor[encoding.TextMarshaler]()
)

// planFor returns the plan for values of type t, computed once per type.
func planFor(t reflect.Type) slogPlan {
	if p, ok := slogPlans.Load(t); ok {
		return p.(slogPlan)
	}
	p := typePlan(t, map[reflect.Type]bool{})
	slogPlans.Store(t, p)
	return p
}

// typePlan walks the parts of t that encoding/json encodes. visiting holds
// the types on the current path: a type that comes back is recursive, and
// its values may be cyclic.
func typePlan(t reflect.Type, visiting map[reflect.Type]bool) slogPlan {
	// encoding/json calls a value-receiver method whatever the value; what
	// the method does is the caller's own, and fails alike on either path.
	if t.Implements(marshalerType) || t.Implements(textType) {
		return slogStd
	}
	if visiting[t] {
		return slogCheck
	}
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.String:
		return slogStd
	case reflect.Float32, reflect.Float64:
		return slogCheck
	case reflect.Pointer, reflect.Slice, reflect.Array:
		visiting[t] = true
		defer delete(visiting, t)
		return typePlan(t.Elem(), visiting)
	case reflect.Map:
		switch t.Key().Kind() {
		case reflect.String, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		default:
			if !t.Key().Implements(textType) {
				return slogSafe
			}
		}
		visiting[t] = true
		defer delete(visiting, t)
		return typePlan(t.Elem(), visiting)
	case reflect.Struct:
		visiting[t] = true
		defer delete(visiting, t)
		p := slogStd
		for i := range t.NumField() {
			f := t.Field(i)
			if (!f.IsExported() && !f.Anonymous) || f.Tag.Get("json") == "-" {
				continue
			}
			p = max(p, typePlan(f.Type, visiting))
			if p == slogSafe {
				break
			}
		}
		return p
	default: // interfaces, chan, func, complex, unsafe.Pointer
		return slogSafe
	}
}
