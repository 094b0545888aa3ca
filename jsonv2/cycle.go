//go:build goexperiment.jsonv2 && go1.27

package jsonv2

import (
	"reflect"
	"unsafe"
)

// refKey identifies a pointer, map or slice value on the current path. The
// type is part of it: a struct and its first field share an address.
type refKey struct {
	t reflect.Type
	p unsafe.Pointer
	n int // a slice's length
}

// keyOf is the refKey of a non-nil pointer, map or slice.
func keyOf(rv reflect.Value) refKey {
	k := refKey{t: rv.Type(), p: rv.UnsafePointer()}
	if rv.Kind() == reflect.Slice {
		k.n = rv.Len()
	}
	return k
}

// deepStack is how many of the outermost ancestors are compared one by one;
// the deeper ones are kept in a map, so that a deep path is not checked in
// quadratic time.
const deepStack = 32

// ancestors are the pointers, maps and slices a walk is inside: each step
// (onPath, push, pop) costs O(1) whatever the depth.
type ancestors struct {
	stack []refKey
	deep  map[refKey]int // exactly the entries of stack past deepStack, counted
}

// onPath reports whether k is an ancestor.
func (a *ancestors) onPath(k refKey) bool {
	for _, s := range a.stack[:min(len(a.stack), deepStack)] {
		if s == k {
			return true
		}
	}
	if len(a.stack) > deepStack {
		_, ok := a.deep[k]
		return ok
	}
	return false
}

func (a *ancestors) push(k refKey) {
	a.stack = append(a.stack, k)
	if len(a.stack) > deepStack {
		if a.deep == nil {
			a.deep = make(map[refKey]int)
		}
		a.deep[k]++
	}
}

func (a *ancestors) pop(k refKey) {
	if len(a.stack) > deepStack {
		if a.deep[k]--; a.deep[k] <= 0 {
			delete(a.deep, k)
		}
	}
	a.stack = a.stack[:len(a.stack)-1]
}

func (a *ancestors) reset() {
	clear(a.stack)
	a.stack = a.stack[:0]
	clear(a.deep)
}
