//go:build goexperiment.jsonv2 && go1.27

package jsonv2

import (
	"encoding/json/jsontext"
	"reflect"
	"sync"

	"github.com/safejson/safejson/internal/flavor"
	"github.com/safejson/safejson/internal/jsontype"
	"github.com/safejson/safejson/internal/v2route"
)

// A value whose type may hold a cycle is scanned before encoding/json/v2
// is handed it: a value that nests at most scanDepth levels (counting
// pointers and interfaces, which write no JSON of their own) holds no
// cycle, and goes to encoding/json/v2 as it is, which then can neither crash
// on it nor spend its thousand-level cycle search; a deeper value, and any
// value encoding/json/v2 then fails on, is encoded hooked, where cycles are
// found exactly. The scan keeps no ancestors: it only counts levels, walks
// only the parts of the type that may hold a cycle (those that are not
// closed), and has a fast path for the types of JSON decoded into any.

// scanDepth bounds the levels of a value encoding/json/v2 is handed
// unhooked: at most the depth past which encoding/json/v2 starts its own
// cycle search, so that a value handed to it never pays for that search.
const scanDepth = flavor.CycleSearchDepth

type scanner struct{}

// shallow reports whether in nests at most scanDepth levels.
func shallow(in any) bool { return scanner{}.any(in, 0) }

// any scans a value held in an interface.
func (s scanner) any(v any, depth int) bool {
	if depth > scanDepth {
		return false
	}
	switch x := v.(type) {
	case nil, string, float64, bool, int, int64, jsontext.Value:
		return true
	case map[string]any:
		for _, e := range x {
			if !s.any(e, depth+1) {
				return false
			}
		}
		return true
	case []any:
		for _, e := range x {
			if !s.any(e, depth+1) {
				return false
			}
		}
		return true
	}
	rv := reflect.ValueOf(v)
	if infoOf(rv.Type()).closed {
		return true
	}
	return s.value(rv, depth)
}

// value scans rv, of a type that is not closed.
func (s scanner) value(rv reflect.Value, depth int) bool {
	if depth > scanDepth {
		return false
	}
	switch rv.Kind() {
	case reflect.Interface:
		if rv.IsNil() {
			return true
		}
		if rv.CanInterface() {
			return s.any(rv.Elem().Interface(), depth)
		}
		e := rv.Elem() // in an unexported field
		return infoOf(e.Type()).closed || s.value(e, depth)
	case reflect.Pointer:
		if !rv.IsNil() && rv.Type().Elem().Kind() == reflect.Pointer && infoOf(rv.Type()).chain {
			// A chain of pointers ending in nil is null, at any length.
			_, cyclic := v2route.Chain(rv.UnsafePointer())
			return !cyclic
		}
		return rv.IsNil() || s.value(rv.Elem(), depth+1)
	case reflect.Struct:
		for _, i := range openFields(rv.Type()) {
			if !s.value(rv.Field(i), depth+1) {
				return false
			}
		}
		return true
	case reflect.Array:
		for i := range rv.Len() {
			if !s.value(rv.Index(i), depth+1) {
				return false
			}
		}
		return true
	case reflect.Slice:
		for i := range rv.Len() {
			if !s.value(rv.Index(i), depth+1) {
				return false
			}
		}
		return true
	case reflect.Map:
		if rv.Len() == 0 {
			return true
		}
		t := rv.Type()
		keyOpen := !closed(t.Key(), map[reflect.Type]bool{}, map[reflect.Type]bool{})
		reuse := rv.CanInterface() // SetIterKey rejects a map read through an unexported field
		kv, ev := reflect.New(t.Key()).Elem(), reflect.New(t.Elem()).Elem()
		for it := rv.MapRange(); it.Next(); {
			if keyOpen {
				if reuse {
					kv.SetIterKey(it)
				} else {
					kv = it.Key()
				}
				if !s.value(kv, depth+1) {
					return false
				}
			}
			if reuse {
				ev.SetIterValue(it)
			} else {
				ev = it.Value()
			}
			if !s.value(ev, depth+1) {
				return false
			}
		}
		return true
	}
	return true
}

var openCache sync.Map // reflect.Type → []int

// openFields returns the indexes of the fields of the struct type t that
// encoding/json/v2 may visit (exported or embedded) and whose types are not
// closed.
func openFields(t reflect.Type) []int {
	if f, ok := openCache.Load(t); ok {
		return f.([]int)
	}
	// The fields encoding/json may write or look into (exported or
	// embedded, not tagged "-"): jsontype's members.
	var f []int
	for _, m := range jsontype.Of(t).Members {
		if !closed(m.Type, map[reflect.Type]bool{}, map[reflect.Type]bool{}) {
			f = append(f, m.Index)
		}
	}
	openCache.Store(t, f)
	return f
}
