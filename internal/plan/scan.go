package plan

import (
	"reflect"
	"sync"
	"unsafe"
)

// Pre-scan: before a value whose type can hold a cycle (a recursive type, or
// an interface) goes to the engine, walk the parts of it that can lead back to
// an ancestor, and send it to the reference encoder instead when
//
//   - a pointer, map or slice is its own ancestor (the engine would recurse a
//     thousand levels or more before it gives up: the cliff this package exists
//     to remove),
//   - it nests deeper than the limit (the engine would fail there, or differ
//     from the MaxDepth substitute),
//   - a path through it follows more pointers than the limit, though they
//     write no JSON nesting (a type P *P chain): goccy's cycle check walks a
//     list of the pointers it is in, quadratic in the chain, and the reference
//     encoder cuts a chain of more than 8 × MaxDepth short,
//   - an interface holds a type the engine must not see (see avoidMask).
//
// The walk touches only reference-bearing parts: a struct of strings and ints
// inside a recursive type costs nothing, and is never entered.

// scanPlan is how to walk values of one type; see typeInfo.scan.
type scanPlan struct {
	kind   reflect.Kind
	typ    reflect.Type
	elem   *typeInfo   // pointer, slice, array, map value
	fields []scanField // struct fields that need a walk
	// leafDepth is the deepest JSON nesting of the struct fields that need no
	// walk (neither recursive nor dynamic), checked once per struct value.
	leafDepth int
	opens     bool // the value is a JSON object or array
}

type scanField struct {
	index int
	info  *typeInfo
}

func buildScanPlan(p *scanPlan, t reflect.Type, infoOf func(reflect.Type) *typeInfo) {
	p.kind, p.typ, p.opens = t.Kind(), t, opensLevel(t)
	if isLeaf(t) {
		p.kind = reflect.Invalid // written by a method: nothing to walk
		return
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
		p.elem = infoOf(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			sf := t.Field(i)
			if (!sf.IsExported() && !sf.Anonymous) || sf.Tag.Get("json") == "-" {
				continue
			}
			fi := infoOf(sf.Type)
			if fi.scan != nil {
				p.fields = append(p.fields, scanField{i, fi})
			} else {
				p.leafDepth = max(p.leafDepth, fi.depth)
			}
		}
	}
}

// ref identifies an ancestor: the same address with another type (a struct
// and its first field) or another length (sub-slices) is another value.
type ref struct {
	p unsafe.Pointer
	t reflect.Type
	n int
}

// scanner walks one value. It is pooled.
type scanner struct {
	stack []ref    // the ancestors on the current path, outermost first
	limit int      // deepest JSON nesting allowed, and most pointers on a path
	ptrs  int      // pointers on the current path
	avoid features // concrete types behind interfaces that must go to safe
}

// recentAncestors is how many of the nearest ancestors every reference is
// compared with. A longer cycle is found through the ancestors at indexes
// 2^k-1 (Brent's idea: a cycle entered before index 2^k-1 comes back to that
// ancestor within one more turn), or, failing that, by the depth limit: both
// send the value to the reference encoder. So a step costs a few comparisons
// whatever the depth, and no map.
const recentAncestors = 16

var scanners = sync.Pool{New: func() any { return &scanner{} }}

// scanValue reports whether v, of a type with info ti, may go to the engine.
func scanValue(v any, ti *typeInfo, limit int, avoid features) bool {
	s := scanners.Get().(*scanner)
	s.limit, s.avoid = limit, avoid
	ok := s.walk(reflect.ValueOf(v), ti, 0)
	s.stack, s.ptrs = s.stack[:0], 0
	if cap(s.stack) <= 4096 {
		scanners.Put(s)
	}
	return ok
}

// push adds r to the ancestors, reporting false when it is one already.
func (s *scanner) push(r ref) bool {
	n := len(s.stack)
	for _, a := range s.stack[max(0, n-recentAncestors):] {
		if a == r {
			return false
		}
	}
	for i := 1<<4 - 1; i < n-recentAncestors; i = 2*i + 1 {
		if s.stack[i] == r {
			return false
		}
	}
	s.stack = append(s.stack, r)
	return true
}

func (s *scanner) pop() { s.stack = s.stack[:len(s.stack)-1] }

// walk reports whether v (of a type with info ti, at JSON depth depth) may go
// to the engine.
func (s *scanner) walk(v reflect.Value, ti *typeInfo, depth int) bool {
	p := ti.scan
	if p == nil {
		return depth+ti.depth <= s.limit
	}
	if p.opens {
		depth++
		if depth > s.limit {
			return false
		}
	}
	switch p.kind {
	case reflect.Interface:
		if v.IsNil() {
			return true
		}
		if v.CanInterface() {
			return s.any(v.Interface(), depth)
		}
		return s.concrete(v.Elem(), depth)
	case reflect.Pointer:
		if v.IsNil() {
			return true
		}
		if s.ptrs++; s.ptrs > s.limit || !s.push(ref{p: v.UnsafePointer(), t: p.typ}) {
			return false // s.ptrs is reset by scanValue
		}
		ok := s.walk(v.Elem(), p.elem, depth)
		s.pop()
		s.ptrs--
		return ok
	case reflect.Map:
		if v.IsNil() {
			return true
		}
		if !s.push(ref{p: v.UnsafePointer(), t: p.typ}) {
			return false
		}
		for it := v.MapRange(); it.Next(); {
			if !s.walk(it.Value(), p.elem, depth) {
				return false
			}
		}
		s.pop()
		return true
	case reflect.Slice:
		if v.IsNil() {
			return true
		}
		if !s.push(ref{p: v.UnsafePointer(), t: p.typ, n: v.Len()}) {
			return false
		}
		for i := range v.Len() {
			if !s.walk(v.Index(i), p.elem, depth) {
				return false
			}
		}
		s.pop()
		return true
	case reflect.Array:
		for i := range v.Len() {
			if !s.walk(v.Index(i), p.elem, depth) {
				return false
			}
		}
		return true
	case reflect.Struct:
		if depth+p.leafDepth > s.limit {
			return false
		}
		for _, f := range p.fields {
			if !s.walk(v.Field(f.index), f.info, depth) {
				return false
			}
		}
		return true
	}
	return true
}

var (
	mapAnyType   = reflect.TypeFor[map[string]any]()
	sliceAnyType = reflect.TypeFor[[]any]()
)

// any walks the concrete value held by an interface at JSON depth depth. The
// shapes of decoded JSON (map[string]any, []any and scalars) are walked without
// reflect.
func (s *scanner) any(x any, depth int) bool {
	switch x := x.(type) {
	case string, bool, int, int64:
		return true
	case float64:
		return s.avoid&featFloat == 0
	case map[string]any:
		if x == nil {
			return true
		}
		if s.avoid&(featMap|featDynamic) != 0 {
			return false
		}
		if depth+1 > s.limit || !s.push(ref{p: *(*unsafe.Pointer)(unsafe.Pointer(&x)), t: mapAnyType}) {
			return false
		}
		for _, e := range x {
			if e != nil && !s.any(e, depth+1) {
				return false
			}
		}
		s.pop()
		return true
	case []any:
		if x == nil {
			return true
		}
		if s.avoid&featDynamic != 0 {
			return false
		}
		if depth+1 > s.limit || !s.push(ref{p: unsafe.Pointer(unsafe.SliceData(x)), t: sliceAnyType, n: len(x)}) {
			return false
		}
		for _, e := range x {
			if e != nil && !s.any(e, depth+1) {
				return false
			}
		}
		s.pop()
		return true
	}
	return s.concrete(reflect.ValueOf(x), depth)
}

// concrete walks v, the concrete value held by an interface.
func (s *scanner) concrete(v reflect.Value, depth int) bool {
	ti := infoOf(v.Type())
	if ti.feat&s.avoid != 0 {
		return false
	}
	return s.walk(v, ti, depth)
}
