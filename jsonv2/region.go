//go:build goexperiment.jsonv2 && go1.27

package jsonv2

import (
	"encoding/json/jsontext"
	"encoding/json/v2"
	"math"
	"reflect"
	"unicode/utf8"
	"unsafe"
)

// Regions: a hooked encode hooks only the parts of JSON decoded into any
// (map[string]any and []any) that need it. Where the hook meets such a
// container outside a scanned region, it scans it once: a container whose
// subtree holds only JSON's types (every number finite, every string and
// name valid UTF-8), no cycle, and nests within the limit is clean, and
// encoding/json/v2 writes it with the hooks off, in one call. The scan marks
// each container on a path to what is not clean (a cycle, a NaN, an invalid
// string, a value of another type, nesting past the limit); the hook enters
// a marked container hooked, and writes each unmarked child of it unhooked.
// So a deep branch, or a NaN, sends the containers on its path through the
// hooks, not the whole value; each container is scanned once per region it
// is in, in time linear in the scanned part, and the marks are as many as
// the containers on such paths.

// regionsOff, set by tests, hooks every value: the bytes must not change.
var regionsOff bool

// A container's marks.
const (
	markDirty uint8 = 1 << iota // on a path to what is not clean
	markCut                     // past the scan's depth: not scanned
)

// noRegion is regions.at outside a marked container.
const noRegion = -2

type regions struct {
	on    bool // no marshalers of the user's: the hooks may be turned off
	marks map[regionKey]uint8
	// path is the scan's ancestors, outermost first, and deep the ones past
	// deepStack (see ancestors). A container joins the path only when it
	// holds a non-empty container: one that holds none cannot be its own
	// ancestor, and a wide value of small arrays costs no bookkeeping.
	path []regionKey
	deep map[regionKey]int
	// at is the depth (in the caller's encoder) of the marked container
	// whose members the encode is writing, noRegion outside one.
	at int
}

// regionKey identifies a non-empty map[string]any (n < 0) or []any (n its
// length).
type regionKey struct {
	p unsafe.Pointer
	n int
}

func mapKey(x map[string]any) regionKey {
	return regionKey{*(*unsafe.Pointer)(unsafe.Pointer(&x)), -1}
}

func sliceKey(x []any) regionKey { return regionKey{unsafe.Pointer(unsafe.SliceData(x)), len(x)} }

func (r *regions) reset() {
	r.on, r.at = false, noRegion
	clear(r.marks)
	clear(r.path)
	r.path = r.path[:0]
	clear(r.deep)
}

var (
	mapStringAny = reflect.TypeFor[map[string]any]()
	sliceAny     = reflect.TypeFor[[]any]()
	// hooksOff replaces the hooks' marshalers with one for a type no value
	// has (encoding/json/v2 does not take nil there).
	hooksOff = json.WithMarshalers(json.MarshalToFunc(func(*jsontext.Encoder, noValue) error { return nil }))
)

type noValue struct{}

// region decides how the hook writes v, a pointer to a non-empty
// map[string]any or []any at depth d: fast when encoding/json/v2 writes it
// with the hooks off; otherwise ok reports whether it is a marked container
// of a scanned region (the hook then writes its members as region members).
func (r *regions) region(v any, d int) (fast, ok bool) {
	var k regionKey
	switch x := v.(type) {
	case *map[string]any:
		k = mapKey(*x)
	case *[]any:
		k = sliceKey(*x)
	}
	m, marked := r.marks[k]
	if r.at == d-1 && m&markCut == 0 {
		return !marked, true
	}
	budget := maxDepth - 2 - d // the empty containers below the deepest open too
	if budget < 0 {
		return false, false
	}
	var clean bool
	switch x := v.(type) {
	case *map[string]any:
		clean = r.scanMap(*x, 0, budget)
	case *[]any:
		clean = r.scanSlice(*x, 0, budget)
	}
	return clean, true
}

func (r *regions) mark(k regionKey, m uint8) {
	if r.marks == nil {
		r.marks = make(map[regionKey]uint8)
	}
	r.marks[k] |= m
}

// scan reports whether v, held by a region's container at depth-1, is
// clean; parent is that container, on the path once it holds a container.
func (r *regions) scan(v any, depth, budget int, parent regionKey, onPath *bool) bool {
	switch x := v.(type) {
	case nil, bool:
		return true
	case string:
		return utf8.ValidString(x)
	case float64:
		return !math.IsNaN(x) && !math.IsInf(x, 0)
	case map[string]any:
		if len(x) == 0 {
			return true
		}
		if !*onPath && !r.enter(parent) {
			return false
		}
		*onPath = true
		return r.scanMap(x, depth, budget)
	case []any:
		if len(x) == 0 {
			return true
		}
		if !*onPath && !r.enter(parent) {
			return false
		}
		*onPath = true
		return r.scanSlice(x, depth, budget)
	}
	return false
}

// enter puts k on the scan's path, reporting false (and marking k) when it
// is there already: a cycle.
func (r *regions) enter(k regionKey) bool {
	for _, a := range r.path[:min(len(r.path), deepStack)] {
		if a == k {
			r.mark(k, markDirty)
			return false
		}
	}
	if len(r.path) >= deepStack {
		if r.deep == nil {
			r.deep = make(map[regionKey]int)
		}
		if r.deep[k] > 0 {
			r.mark(k, markDirty)
			return false
		}
		r.deep[k]++
	}
	r.path = append(r.path, k)
	return true
}

// leave takes k off the path if it is there, and marks it unless clean.
func (r *regions) leave(k regionKey, onPath, clean bool) bool {
	if onPath {
		r.path = r.path[:len(r.path)-1]
		if len(r.path) >= deepStack {
			if r.deep[k]--; r.deep[k] <= 0 {
				delete(r.deep, k)
			}
		}
	}
	if !clean {
		r.mark(k, markDirty)
	}
	return clean
}

func (r *regions) scanMap(x map[string]any, depth, budget int) bool {
	k := mapKey(x)
	if depth > budget {
		r.mark(k, markCut)
		return false
	}
	clean, onPath := true, false
	for name, e := range x {
		if !utf8.ValidString(name) || !r.scan(e, depth+1, budget, k, &onPath) {
			clean = false
		}
	}
	return r.leave(k, onPath, clean)
}

func (r *regions) scanSlice(x []any, depth, budget int) bool {
	k := sliceKey(x)
	if depth > budget {
		r.mark(k, markCut)
		return false
	}
	clean, onPath := true, false
	for _, e := range x {
		if !r.scan(e, depth+1, budget, k, &onPath) {
			clean = false
		}
	}
	return r.leave(k, onPath, clean)
}

// fast has encoding/json/v2 write v (a pointer the hook was given to a
// clean container) with the hooks off.
func (h *hooks) fast(enc *jsontext.Encoder, v any) error {
	err := json.MarshalEncode(enc, v, hooksOff)
	if err != nil && h.err == nil {
		h.err = err
	}
	return err
}
