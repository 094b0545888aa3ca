package safe

import (
	"encoding"
	"encoding/json"
	"reflect"
	"unsafe"

	"github.com/safejson/safejson/internal/jsontype"
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
// also kept in a hash table, so that a path thousands of references deep
// stays linear.
const linearAncestors = 32

// ancestors is the stack of tracked references on the current path.
type ancestors struct {
	stack []ancestor
	// table indexes stack[linearAncestors:] by address: open addressing with
	// linear probing, holding 1 + the index in stack (0 is empty). Entries
	// leave in the reverse order they came in, so a slot can simply be
	// emptied: no entry still present probed past it.
	table []int32
	shift uint // 64 - log2(len(table))
}

func (a *ancestors) reset() {
	clear(a.stack)
	a.stack = a.stack[:0]
	clear(a.table)
}

// slot returns where the probe for ptr starts (Fibonacci hashing).
func (a *ancestors) slot(ptr unsafe.Pointer) int {
	return int((uint64(uintptr(ptr)) * 0x9e3779b97f4a7c15) >> a.shift)
}

// has reports whether k is on the path.
func (a *ancestors) has(k ancestor) bool {
	s := a.stack
	if len(s) > linearAncestors {
		mask := len(a.table) - 1
		for i := a.slot(k.ptr); a.table[i] != 0; i = (i + 1) & mask {
			if x := &s[a.table[i]-1]; x.ptr == k.ptr && x.typ == k.typ && x.n == k.n {
				return true
			}
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
	a.stack = append(a.stack, k)
	if n := len(a.stack) - linearAncestors; n > 0 {
		if 2*n > len(a.table) {
			a.grow()
		} else {
			a.insert(len(a.stack) - 1)
		}
	}
}

// insert adds stack[i] to the table.
func (a *ancestors) insert(i int) {
	mask := len(a.table) - 1
	j := a.slot(a.stack[i].ptr)
	for a.table[j] != 0 {
		j = (j + 1) & mask
	}
	a.table[j] = int32(i + 1)
}

// grow doubles the table and inserts again, in order, what it indexes.
func (a *ancestors) grow() {
	size := max(64, 2*len(a.table))
	a.table = make([]int32, size)
	a.shift = 64
	for s := size; s > 1; s >>= 1 {
		a.shift--
	}
	for i := linearAncestors; i < len(a.stack); i++ {
		a.insert(i)
	}
}

func (a *ancestors) pop() {
	n := len(a.stack) - 1
	if n >= linearAncestors {
		mask := len(a.table) - 1
		j := a.slot(a.stack[n].ptr)
		for a.table[j] != int32(n+1) {
			j = (j + 1) & mask
		}
		a.table[j] = 0
	}
	a.stack[n] = ancestor{}
	a.stack = a.stack[:n]
}

// cycle writes the substitute for v, a reference that is its own ancestor.
func (e *encodeState) cycle(b []byte, v reflect.Value) ([]byte, error) {
	if e.strict || e.circular == CircularError {
		return b, newError(ReasonCycle, unsupportedValue(v, "encountered a cycle via "+v.Type().String()))
	}
	e.substituted(ReasonCycle, v.Type())
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
// its own ancestor (jsontype.Info.MayCycle): values of other types are not
// tracked at all.
func mayCycle(t reflect.Type) bool { return jsontype.Of(t).MayCycle() }
