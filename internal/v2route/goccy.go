//go:build goexperiment.jsonv2 && go1.27

package v2route

import (
	"encoding/json"
	"encoding/json/jsontext"
	"reflect"
	"sync"
)

// Route says whether goccy/go-json/v2 may encode the values of a type.
type Route int

const (
	// Reference: a value of the type may hold a type goccy encodes otherwise
	// than encoding/json/v2; goccy must not be tried.
	Reference Route = iota
	// Goccy: goccy writes encoding/json/v2's bytes, or fails, for every
	// value of the type.
	Goccy
	// PerValue: the type reaches interfaces or a PointerLoop; GoccyValue
	// decides per value.
	PerValue
)

func (r Route) String() string {
	switch r {
	case Reference:
		return "reference"
	case Goccy:
		return "goccy"
	case PerValue:
		return "per value"
	}
	return "Route(?)"
}

var (
	encoderPtr = reflect.TypeFor[*jsontext.Encoder]()
	errorType  = reflect.TypeFor[error]()
	numberType = reflect.TypeFor[json.Number]()
)

// marshalsJSONTo reports whether t or *t has encoding/json/v2's
// MarshalJSONTo(*jsontext.Encoder) error, json.Number's left out: goccy
// writes it as encoding/json/v2 does.
func marshalsJSONTo(t reflect.Type) bool {
	if t == numberType {
		return false
	}
	has := func(t reflect.Type) bool {
		m, ok := t.MethodByName("MarshalJSONTo")
		if !ok || t.Kind() == reflect.Interface {
			return ok && m.Type.NumIn() == 1 && m.Type.In(0) == encoderPtr
		}
		return m.Type.NumIn() == 2 && m.Type.In(1) == encoderPtr && m.Type.NumOut() == 1 && m.Type.Out(0) == errorType
	}
	return has(t) || (t.Kind() != reflect.Pointer && t.Kind() != reflect.Interface && has(reflect.PointerTo(t)))
}

var routes sync.Map // reflect.Type → Route

// GoccyType returns the route of the values of t, computed once per type.
func GoccyType(t reflect.Type) Route {
	if t == nil {
		return Goccy // a nil any: null
	}
	if r, ok := routes.Load(t); ok {
		return r.(Route)
	}
	r := typeRoute(t, map[reflect.Type]bool{})
	routes.Store(t, r)
	return r
}

// typeRoute walks the types reachable from t (fields, elements, keys,
// pointees), each once.
func typeRoute(t reflect.Type, seen map[reflect.Type]bool) Route {
	if seen[t] {
		return Goccy // met again on a recursive type: decided where first met
	}
	seen[t] = true
	if marshalsJSONTo(t) {
		return Reference
	}
	if t.Kind() == reflect.Pointer && PointerLoop(t) {
		return PerValue // goccy only where the chain is short (see Chain)
	}
	worst := Goccy
	join := func(r Route) {
		switch {
		case r == Reference:
			worst = Reference
		case r == PerValue && worst == Goccy:
			worst = PerValue
		}
	}
	switch t.Kind() {
	case reflect.Interface:
		return PerValue
	case reflect.Pointer, reflect.Slice, reflect.Array:
		join(typeRoute(t.Elem(), seen))
	case reflect.Map:
		if t.Key().Kind() == reflect.Interface {
			// goccy writes a float held in an interface key, which
			// encoding/json/v2 rejects.
			return Reference
		}
		join(typeRoute(t.Key(), seen))
		join(typeRoute(t.Elem(), seen))
	case reflect.Struct:
		for i := range t.NumField() {
			join(typeRoute(t.Field(i).Type, seen))
		}
	}
	return worst
}
