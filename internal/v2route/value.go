//go:build goexperiment.jsonv2 && go1.27

package v2route

import (
	"reflect"
	"sync"

	"github.com/safejson/safejson/internal/flavor"
)

// GoccyValue reports whether the json/v2 API gives v to goccy: whether v
// holds no value of a type GoccyType routes to the reference path, looking
// into interfaces only where the type has them, and nests at most
// flavor.CycleSearchDepth levels (a deeper value takes the reference path,
// so that the walk is linear in the value even where it holds a cycle). It
// is the route the json/v2 API runs and the one the conformance suite
// checks.
func GoccyValue(v any) bool { return goccyValue(v, 0) }

// walkDepth bounds the levels GoccyValue walks.
const walkDepth = flavor.CycleSearchDepth

// goccyValue is GoccyValue for v, depth levels down. The types of JSON
// decoded into any are looked at first, by a type switch.
func goccyValue(v any, depth int) bool {
	if depth > walkDepth {
		return false
	}
	switch x := v.(type) {
	case nil, string, float64, bool, int, int64:
		return true
	case map[string]any:
		for _, e := range x {
			if !goccyValue(e, depth+1) {
				return false
			}
		}
		return true
	case []any:
		for _, e := range x {
			if !goccyValue(e, depth+1) {
				return false
			}
		}
		return true
	}
	switch GoccyType(reflect.TypeOf(v)) {
	case Goccy:
		return true
	case PerValue:
		return routeValue(reflect.ValueOf(v), depth)
	}
	return false
}

// routeValue is goccyValue for rv, whose type the route decides per value:
// it descends only into the parts of the type that reach an interface,
// whose route is then per value too (a part of a type that the route gives
// to the reference path makes the whole type the reference path's).
func routeValue(rv reflect.Value, depth int) bool {
	if depth > walkDepth {
		return false
	}
	switch rv.Kind() {
	case reflect.Interface:
		if rv.IsNil() {
			return true
		}
		if rv.CanInterface() {
			return goccyValue(rv.Interface(), depth+1) // the value held, no copy
		}
		e := rv.Elem() // in an unexported field
		switch GoccyType(e.Type()) {
		case Goccy:
			return true
		case PerValue:
			return routeValue(e, depth+1)
		}
		return false
	case reflect.Pointer:
		if rv.IsNil() {
			return true
		}
		if rv.Type().Elem().Kind() == reflect.Pointer && chain(rv.Type()) {
			n, cyclic := Chain(rv.UnsafePointer())
			return !cyclic && depth+n <= walkDepth
		}
		return routeValue(rv.Elem(), depth+1)
	case reflect.Struct:
		for _, i := range perValueFields(rv.Type()) {
			if !routeValue(rv.Field(i), depth+1) {
				return false
			}
		}
	case reflect.Slice, reflect.Array:
		for i := range rv.Len() {
			if !routeValue(rv.Index(i), depth+1) {
				return false
			}
		}
	case reflect.Map:
		// Only the values decide: a key is written by its own methods (or
		// is a string or a number), which the route of its type covers.
		if rv.Len() == 0 || GoccyType(rv.Type().Elem()) != PerValue {
			return true
		}
		if rv.Type() == reflect.TypeFor[map[string]any]() && rv.CanInterface() {
			return goccyValue(rv.Interface(), depth)
		}
		reuse := rv.CanInterface() // SetIterValue rejects a map read through an unexported field
		ev := reflect.New(rv.Type().Elem()).Elem()
		for it := rv.MapRange(); it.Next(); {
			if reuse {
				ev.SetIterValue(it)
			} else {
				ev = it.Value()
			}
			if !routeValue(ev, depth+1) {
				return false
			}
		}
	}
	return true
}

var perValueCache sync.Map // reflect.Type → []int

// perValueFields returns the indexes of the fields of the struct type t that
// the route decides per value.
func perValueFields(t reflect.Type) []int {
	if f, ok := perValueCache.Load(t); ok {
		return f.([]int)
	}
	var f []int
	for i := range t.NumField() {
		if GoccyType(t.Field(i).Type) == PerValue {
			f = append(f, i)
		}
	}
	perValueCache.Store(t, f)
	return f
}

var chains sync.Map // reflect.Type → bool

// chain reports whether t, a pointer to a pointer, is a PointerLoop type,
// computed once per type.
func chain(t reflect.Type) bool {
	if c, ok := chains.Load(t); ok {
		return c.(bool)
	}
	c := PointerLoop(t)
	chains.Store(t, c)
	return c
}
