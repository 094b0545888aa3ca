//go:build goexperiment.jsonv2 && go1.27

package v2route

import (
	"reflect"
	"unsafe"
)

// PointerLoop reports whether t is a pointer from which pointers alone lead
// back to a type met before (type P *P): a value of t is a chain of pointers
// that writes no JSON nesting, ending in nil (written as null) or in a cycle.
// goccy's cycle check keeps a list of the pointers it is in, quadratic in
// such a chain, and encoding/json/v2 never finds such a cycle (it looks for
// cycles by nesting): a chain is followed with Chain instead.
func PointerLoop(t reflect.Type) bool {
	var seen []reflect.Type
	for t.Kind() == reflect.Pointer {
		for _, s := range seen {
			if s == t {
				return true
			}
		}
		seen = append(seen, t)
		t = t.Elem()
	}
	return false
}

// Chain follows the chain of pointers from p, a non-nil pointer of a
// PointerLoop type, with Brent's cycle search: in time linear in the chain
// and no memory, it reports whether the chain ends in a cycle, and how many
// pointers it follows before it ends or the cycle is found. Every type of
// the loop is a pointer, so each pointer points at the next one.
func Chain(p unsafe.Pointer) (n int, cyclic bool) {
	tortoise, hare := p, *(*unsafe.Pointer)(p)
	n = 1
	for power, lam := 1, 1; hare != nil; n++ {
		if hare == tortoise {
			return n, true
		}
		if power == lam {
			tortoise, power, lam = hare, 2*power, 0
		}
		hare = *(*unsafe.Pointer)(hare)
		lam++
	}
	return n, false
}
