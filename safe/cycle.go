package safe

import (
	"encoding"
	"encoding/json"
	"reflect"
	"unsafe"
)

// ancestor identifies a pointer, map or slice on the current path. The type is
// part of the key because a struct and its first field share an address; the
// length because a shorter slice of the same array is a different value.
type ancestor struct {
	ptr unsafe.Pointer
	typ reflect.Type
	n   int
}

// linearAncestors is how many ancestors are searched linearly; deeper ones are
// also kept in a map, so that a path 10000 references deep stays linear.
const linearAncestors = 32

// ancestors is the stack of tracked references on the current path.
type ancestors struct {
	stack []ancestor
	deep  map[ancestor]struct{}
}

func (a *ancestors) reset() {
	clear(a.stack)
	a.stack = a.stack[:0]
	if len(a.deep) > 0 {
		clear(a.deep)
	}
}

// has reports whether k is on the path.
func (a *ancestors) has(k ancestor) bool {
	s := a.stack
	if len(s) > linearAncestors {
		if _, ok := a.deep[k]; ok {
			return true
		}
		s = s[:linearAncestors]
	}
	for i := range s {
		if s[i].ptr == k.ptr && s[i].typ == k.typ && s[i].n == k.n {
			return true
		}
	}
	return false
}

func (a *ancestors) push(k ancestor) {
	if len(a.stack) >= linearAncestors {
		if a.deep == nil {
			a.deep = make(map[ancestor]struct{})
		}
		a.deep[k] = struct{}{}
	}
	a.stack = append(a.stack, k)
}

func (a *ancestors) pop() {
	n := len(a.stack) - 1
	if n >= linearAncestors {
		delete(a.deep, a.stack[n])
	}
	a.stack[n] = ancestor{}
	a.stack = a.stack[:n]
}

// cycle writes the substitute for v, a reference that is its own ancestor.
func (e *encodeState) cycle(b []byte, v reflect.Value) ([]byte, error) {
	if e.strict || e.circular == CircularError {
		return b, newError(ReasonCycle, unsupportedValue(v, "encountered a cycle via "+v.Type().String()))
	}
	if e.circular == CircularPlaceholder {
		return appendString(b, e.placeholder, e.escapeHTML), nil
	}
	return b, errOmit
}

var (
	marshalerType     = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
)

// mayCycle reports whether a value of t, a pointer, map or slice type, can be
// its own ancestor: whether t can be reached again from its element, or an
// interface (which may hold anything) can. Types whose MarshalJSON or
// MarshalText is called are leaves: their contents are not walked. Values of
// other types are not tracked at all.
func mayCycle(t reflect.Type) bool {
	seen := make(map[reflect.Type]bool)
	var reaches func(u reflect.Type) bool
	reaches = func(u reflect.Type) bool {
		if u == t {
			return true
		}
		if seen[u] {
			return false
		}
		seen[u] = true
		if u.Implements(marshalerType) || u.Implements(textMarshalerType) {
			return false
		}
		switch u.Kind() {
		case reflect.Interface:
			return true
		case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
			return reaches(u.Elem())
		case reflect.Struct:
			for i := range u.NumField() {
				if reaches(u.Field(i).Type) {
					return true
				}
			}
		}
		return false
	}
	return reaches(t.Elem())
}
