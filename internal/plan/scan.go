package plan

import (
	"math"
	"reflect"
	"sync"
	"unsafe"

	"github.com/safejson/safejson/internal/jsontype"
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

// scanPlan is how to walk values of one type; see typeInfo.scan. The walk
// reads values through unsafe pointers, with offsets and sizes taken from the
// type once here: no reflect.Value per element, no allocation per element.
type scanPlan struct {
	kind reflect.Kind
	typ  reflect.Type
	elem *typeInfo // pointer, slice, array, map value
	// elemSize is the distance between elements of a slice or an array.
	elemSize uintptr
	// arrayLen is the length of an array type.
	arrayLen int
	fields   []scanField // struct fields that need a walk
	// leafDepth is the deepest JSON nesting of the struct fields that need no
	// walk (neither recursive nor dynamic), checked once per struct value.
	leafDepth int
	opens     bool // the value is a JSON object or array
	// direct: an interface holding a value of this type holds the value
	// itself in its data word, not a pointer to it (see directIface).
	direct bool
	// emptyIface: an interface type with no methods.
	emptyIface bool
	// mapType is the type word of an interface holding a map of this type.
	mapType unsafe.Pointer
}

type scanField struct {
	offset uintptr
	info   *typeInfo
}

func buildScanPlan(p *scanPlan, i *jsontype.Info, infoOf func(*jsontype.Info) *typeInfo) {
	t := i.Type
	p.kind, p.typ, p.opens, p.direct = i.Kind, t, i.Opens, directIface(t)
	if i.Leaf || i.Base64 {
		p.kind = reflect.Invalid // written by a method, or as a string: nothing to walk
		return
	}
	switch i.Kind {
	case reflect.Interface:
		p.emptyIface = t.NumMethod() == 0
	case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
		p.elem = infoOf(i.Children[len(i.Children)-1]) // a map's: [key, elem]
		p.elemSize = t.Elem().Size()
		switch t.Kind() {
		case reflect.Array:
			p.arrayLen = t.Len()
		case reflect.Map:
			x := reflect.Zero(t).Interface()
			p.mapType = (*[2]unsafe.Pointer)(unsafe.Pointer(&x))[0]
		}
	case reflect.Struct:
		for j, m := range i.Members {
			fi := infoOf(i.Children[j])
			if fi.scan != nil {
				p.fields = append(p.fields, scanField{t.Field(m.Index).Offset, fi})
			} else {
				p.leafDepth = max(p.leafDepth, fi.depth)
			}
		}
	}
}

// directIface reports whether an interface holding a value of type t holds
// the value itself in its data word (a pointer-shaped type: a pointer, a map,
// a struct of one pointer …) rather than a pointer to it. The rule is the
// runtime's and has changed between releases, so the runtime is asked: the
// zero value of a pointer-shaped type is a nil data word, and any other value
// is held behind a pointer, which is never nil.
func directIface(t reflect.Type) bool {
	x := reflect.Zero(t).Interface()
	return (*[2]unsafe.Pointer)(unsafe.Pointer(&x))[1] == nil
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
	// maps are the iterators of the maps on the current path, one per map
	// nesting level, kept for the next value.
	maps  []*mapWalk
	nmaps int
	// members is how many more map members the walk may meet before it
	// fails (scanValueMembers); no bound for other walks.
	members int
	// seen are the features of the concrete values met behind interfaces.
	seen features
}

// mapWalk iterates one map, copying each value into an addressable value of
// the map's element type, reused for every entry and every later map of that
// type at this nesting level.
type mapWalk struct {
	it   reflect.MapIter
	vals []reflect.Value
}

// value returns the reusable value of type t.
func (w *mapWalk) value(t reflect.Type) reflect.Value {
	for _, v := range w.vals {
		if v.Type() == t {
			return v
		}
	}
	v := reflect.New(t).Elem()
	w.vals = append(w.vals, v)
	return v
}

// recentAncestors is how many of the nearest ancestors every reference is
// compared with. A longer cycle is found through the ancestors at indexes
// 2^k-1 (Brent's idea: a cycle entered before index 2^k-1 comes back to that
// ancestor within one more turn), or, failing that, by the depth limit: both
// send the value to the reference encoder. So a step costs a few comparisons
// whatever the depth, and no map.
const recentAncestors = 16

// maxPooledStack is the largest ancestor stack a pooled scanner keeps.
const maxPooledStack = 4096

var scanners = sync.Pool{New: func() any { return &scanner{} }}

// scanValue reports whether v, of a type with info ti, may go to the engine.
func scanValue(v any, ti *typeInfo, limit int, avoid features) bool {
	ok, _ := scanValueMembers(v, ti, limit, avoid, math.MaxInt)
	return ok
}

// scanValueMembers is scanValue, failing also when the maps of v hold more
// than members members in all (the walk stops there), and returning the
// features of the concrete values it met behind interfaces.
func scanValueMembers(v any, ti *typeInfo, limit int, avoid features, members int) (bool, features) {
	ok, seen, _ := scanDecoded(v, ti, limit, avoid, members)
	return ok, seen
}

// scanDecoded is scanValueMembers, saying also whether the walk failed for
// the members bound (wide) rather than for a cycle, a nesting or a type.
func scanDecoded(v any, ti *typeInfo, limit int, avoid features, members int) (ok bool, seen features, wide bool) {
	s := scanners.Get().(*scanner)
	s.limit, s.avoid, s.members, s.seen = limit, avoid, members, 0
	switch x := v.(type) {
	case map[string]any:
		// Decoded JSON's shapes: the walk of any, without reflect.
		ok = x == nil || s.anyMap(x, 1)
	case []any:
		ok = x == nil || s.anySlice(x, 1)
	default:
		ok = s.eface(v, ti, 0)
	}
	seen, wide = s.seen, s.members < 0
	s.stack, s.ptrs, s.nmaps = s.stack[:0], 0, 0
	if cap(s.stack) <= maxPooledStack {
		scanners.Put(s)
	}
	return ok, seen, wide
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
	if n == cap(s.stack) {
		// Grow eight times at once: a scanner lost by the pool at a GC
		// regrows its stack for a 1000-level value in 3 allocations, not 11.
		s.stack = append(make([]ref, 0, max(8*n, initialStack)), s.stack...)
	}
	s.stack = append(s.stack, r)
	return true
}

// initialStack is the capacity of a new scanner's ancestor stack.
const initialStack = 32

func (s *scanner) pop() { s.stack = s.stack[:len(s.stack)-1] }

// eface walks x, whose dynamic type has info ti, at JSON depth depth.
func (s *scanner) eface(x any, ti *typeInfo, depth int) bool {
	if ti.scan == nil {
		return depth+ti.depth <= s.limit
	}
	data := (*[2]unsafe.Pointer)(unsafe.Pointer(&x))[1]
	if ti.scan.direct {
		return s.walk(unsafe.Pointer(&data), ti, depth)
	}
	return s.walk(data, ti, depth)
}

// sliceHeader is the layout of a slice.
type sliceHeader struct {
	data unsafe.Pointer
	len  int
	cap  int
}

// walk reports whether the value at p (of a type with info ti, at JSON depth
// depth) may go to the engine.
func (s *scanner) walk(p unsafe.Pointer, ti *typeInfo, depth int) bool {
	sp := ti.scan
	if sp == nil {
		return depth+ti.depth <= s.limit
	}
	if sp.opens {
		depth++
		if depth > s.limit {
			return false
		}
	}
	switch sp.kind {
	case reflect.Interface:
		var x any
		if sp.emptyIface {
			x = *(*any)(p)
		} else {
			x = *(*interface{ M() })(p) // the same layout for every method set
		}
		if x == nil {
			return true
		}
		return s.any(x, depth)
	case reflect.Pointer:
		q := *(*unsafe.Pointer)(p)
		if q == nil {
			return true
		}
		if s.ptrs++; s.ptrs > s.limit || !s.push(ref{p: q, t: sp.typ}) {
			return false // s.ptrs is reset by scanValue
		}
		ok := s.walk(q, sp.elem, depth)
		s.pop()
		s.ptrs--
		return ok
	case reflect.Map:
		if sp.typ == mapAnyType {
			// Decoded JSON's map: the walk of any, without reflect.
			x := *(*map[string]any)(p)
			return x == nil || s.anyMap(x, depth)
		}
		return s.walkMap(p, sp, depth)
	case reflect.Slice:
		h := (*sliceHeader)(p)
		if h.data == nil || h.len == 0 {
			return true
		}
		if sp.elem.scan == nil {
			// The elements hold no reference: the slice cannot be an ancestor
			// of anything it holds.
			return depth+sp.elem.depth <= s.limit
		}
		if !s.push(ref{p: h.data, t: sp.typ, n: h.len}) {
			return false
		}
		for i := range h.len {
			if !s.walk(unsafe.Add(h.data, uintptr(i)*sp.elemSize), sp.elem, depth) {
				return false
			}
		}
		s.pop()
		return true
	case reflect.Array:
		if sp.arrayLen == 0 {
			return true
		}
		if sp.elem.scan == nil {
			return depth+sp.elem.depth <= s.limit
		}
		for i := range sp.arrayLen {
			if !s.walk(unsafe.Add(p, uintptr(i)*sp.elemSize), sp.elem, depth) {
				return false
			}
		}
		return true
	case reflect.Struct:
		if depth+sp.leafDepth > s.limit {
			return false
		}
		for _, f := range sp.fields {
			if !s.walk(unsafe.Add(p, f.offset), f.info, depth) {
				return false
			}
		}
		return true
	}
	return true
}

// walkMap walks the map at p, whose type has scan plan sp, at JSON depth
// depth (the map's own level counted).
func (s *scanner) walkMap(p unsafe.Pointer, sp *scanPlan, depth int) bool {
	m := *(*unsafe.Pointer)(p)
	if m == nil {
		return true
	}
	// The map as a reflect.Value built from the map pointer (a map is
	// pointer-shaped), not from p: p must not leak into the iterator.
	e := [2]unsafe.Pointer{sp.mapType, m}
	mv := reflect.ValueOf(*(*any)(unsafe.Pointer(&e)))
	if mv.Len() == 0 {
		return true
	}
	if s.members -= mv.Len(); s.members < 0 {
		return false
	}
	if sp.elem.scan == nil {
		// The values hold no reference (keys are strings, integers or
		// TextMarshalers, never walked): nothing in the map can lead back.
		return depth+sp.elem.depth <= s.limit
	}
	if !s.push(ref{p: m, t: sp.typ}) {
		return false
	}
	if s.nmaps == len(s.maps) {
		s.maps = append(s.maps, &mapWalk{})
	}
	w := s.maps[s.nmaps]
	s.nmaps++
	val, ok := w.value(sp.typ.Elem()), true
	at := val.Addr().UnsafePointer()
	w.it.Reset(mv)
	for w.it.Next() {
		val.SetIterValue(&w.it)
		if !s.walk(at, sp.elem, depth) {
			ok = false
			break
		}
	}
	w.it.Reset(reflect.Value{})
	val.SetZero() // keep no reference into the value for the pool
	s.nmaps--
	if ok {
		s.pop()
	}
	return ok
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
	case string:
		s.seen |= featString
		return true
	case bool, int, int64:
		return true
	case float64:
		s.seen |= featFloat
		return s.avoid&featFloat == 0
	case map[string]any:
		if x == nil {
			return true
		}
		s.seen |= featMap | featDynamic | featString
		if s.avoid&(featMap|featDynamic) != 0 {
			return false
		}
		return s.anyMap(x, depth+1)
	case []any:
		if x == nil {
			return true
		}
		s.seen |= featDynamic
		if s.avoid&featDynamic != 0 {
			return false
		}
		return s.anySlice(x, depth+1)
	}
	ti := infoOf(reflect.TypeOf(x))
	s.seen |= ti.feat
	if ti.feat&s.avoid != 0 {
		return false
	}
	return s.eface(x, ti, depth)
}

// anyMap walks x at JSON depth depth (its own level counted), without
// reflect.
func (s *scanner) anyMap(x map[string]any, depth int) bool {
	if s.members -= len(x); s.members < 0 {
		return false
	}
	if depth > s.limit || !s.push(ref{p: *(*unsafe.Pointer)(unsafe.Pointer(&x)), t: mapAnyType}) {
		return false
	}
	for _, e := range x {
		if e != nil && !s.any(e, depth) {
			return false
		}
	}
	s.pop()
	return true
}

// anySlice walks x at JSON depth depth (its own level counted), without
// reflect.
func (s *scanner) anySlice(x []any, depth int) bool {
	if s.members < math.MaxInt {
		// A members bound: the maps held directly are counted first, so
		// that an array of many small objects (a list of decoded records)
		// fails at once rather than after a walk of its first records.
		n := 0
		for _, e := range x {
			if m, ok := e.(map[string]any); ok {
				n += len(m)
			}
		}
		if n > s.members {
			s.members = -1
			return false
		}
	}
	if depth > s.limit || !s.push(ref{p: unsafe.Pointer(unsafe.SliceData(x)), t: sliceAnyType, n: len(x)}) {
		return false
	}
	for _, e := range x {
		if e != nil && !s.any(e, depth) {
			return false
		}
	}
	s.pop()
	return true
}
