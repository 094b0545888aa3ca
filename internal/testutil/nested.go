package testutil

import (
	"reflect"
	"strings"
)

// NestedArrays returns the JSON text of n nested empty arrays: n levels.
func NestedArrays(n int) string {
	return strings.Repeat("[", n) + strings.Repeat("]", n)
}

// NestedAny returns n levels of []any around leaf: n JSON levels above it.
func NestedAny(n int, leaf any) any {
	v := leaf
	for range n {
		v = []any{v}
	}
	return v
}

// NestedType returns levels of unnamed slice types (or map[string] types,
// if maps) around elem.
func NestedType(levels int, maps bool, elem reflect.Type) reflect.Type {
	for range levels {
		if maps {
			elem = reflect.MapOf(reflect.TypeFor[string](), elem)
		} else {
			elem = reflect.SliceOf(elem)
		}
	}
	return elem
}

// Iface is a struct with one interface field: the planner pre-scans its
// values, since the field may hold anything.
type Iface struct{ Any any }
