package safe

import (
	"encoding/json"
	"math/bits"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unsafe"
)

var (
	mapAnyType   = reflect.TypeFor[map[string]any]()
	sliceAnyType = reflect.TypeFor[[]any]()
)

// encodeAny writes x, the content of an interface. The types encoding/json's
// decoder produces (map[string]any, []any, string, float64, bool, nil) and a
// few common ones are written without reflect; others by the encoder of their
// type. The output is the same either way.
func (e *encodeState) encodeAny(b []byte, x any) ([]byte, error) {
	switch x := x.(type) {
	case nil:
		return appendNull(b)
	case string:
		return appendString(b, x, e.escapeHTML), nil
	case float64:
		if !isFinite(x) {
			return e.nonFinite(b, reflect.ValueOf(x), x, 64)
		}
		return appendFloat(b, x, 64), nil
	case bool:
		return strconv.AppendBool(b, x), nil
	case map[string]any:
		return e.encodeMapAny(b, x)
	case []any:
		return e.encodeSliceAny(b, x)
	case int:
		return strconv.AppendInt(b, int64(x), 10), nil
	case int64:
		return strconv.AppendInt(b, x, 10), nil
	case json.Number:
		s, err := number(string(x), false)
		if err != nil {
			return b, err
		}
		return append(b, s...), nil
	case json.RawMessage:
		if x == nil {
			return appendNull(b)
		}
		return e.marshaled(b, x, reflect.Value{}) // a RawMessage
	}
	v := reflect.ValueOf(x)
	return typeEncoder(v.Type())(e, b, v)
}

// anyPair is a member of a map[string]any being written.
type anyPair struct {
	k string
	v any
}

// pairKey places a member of e.pairs in the order of the keys: the key's
// first 8 bytes, big-endian and padded with zeros (so that prefixes order as
// the keys do, equal ones needing the whole keys), and the member's index.
// It holds no pointer: sorting it moves no pointer and needs no write barrier.
type pairKey struct {
	prefix uint64
	i      int32
}

// keyPrefix returns the first 8 bytes of s as a big-endian number, padded
// with zeros.
func keyPrefix(s string) uint64 {
	if len(s) >= 8 {
		return bits.ReverseBytes64(word(s, 0))
	}
	var p uint64
	for i := range len(s) {
		p |= uint64(s[i]) << (56 - 8*i)
	}
	return p
}

// sortPairs sorts keys, which index pairs, by the keys of the pairs: by
// insertion when there are few, as most objects have.
func sortPairs(keys []pairKey, pairs []anyPair) {
	less := func(a, b pairKey) bool {
		if a.prefix != b.prefix {
			return a.prefix < b.prefix
		}
		return pairs[a.i].k < pairs[b.i].k
	}
	if len(keys) <= 12 {
		for i := 1; i < len(keys); i++ {
			for j := i; j > 0 && less(keys[j], keys[j-1]); j-- {
				keys[j], keys[j-1] = keys[j-1], keys[j]
			}
		}
		return
	}
	slices.SortFunc(keys, func(a, b pairKey) int {
		if a.prefix != b.prefix {
			if a.prefix < b.prefix {
				return -1
			}
			return 1
		}
		return strings.Compare(pairs[a.i].k, pairs[b.i].k)
	})
}

// encodeMapAny writes a map[string]any with its keys sorted, as encoding/json,
// without reflect; what it writes is what the map encoder would.
func (e *encodeState) encodeMapAny(b []byte, m map[string]any) ([]byte, error) {
	if m == nil {
		return appendNull(b)
	}
	k := ancestor{ptr: reflect.ValueOf(m).UnsafePointer(), typ: mapAnyType}
	if e.anc.has(k) {
		return e.cycle(b, reflect.ValueOf(m))
	}
	if e.depth >= e.maxDepth {
		return e.tooDeep(b, reflect.ValueOf(m), false)
	}
	n := len(m)
	limit := n
	if e.maxBreadth > 0 && n > e.maxBreadth {
		if e.strict {
			return b, tooBroad(reflect.ValueOf(m), e.maxBreadth)
		}
		e.substituted(ReasonBreadth, mapAnyType)
		limit = e.maxBreadth
	}
	e.anc.push(k)
	start := len(e.pairs)
	e.pairs = slices.Grow(e.pairs, n)
	e.order = slices.Grow(e.order, n)
	for key, val := range m {
		var prefix uint64
		if n > 1 { // one member is not compared
			prefix = keyPrefix(key)
		}
		e.order = append(e.order, pairKey{prefix, int32(len(e.pairs) - start)})
		e.pairs = append(e.pairs, anyPair{key, val})
	}
	end := len(e.pairs)
	pairs, order := e.pairs[start:end], e.order[len(e.order)-n:]
	sortPairs(order, pairs)

	e.depth++
	b = append(b, '{')
	written := 0
	var err error
	for _, o := range order[:limit] {
		p := pairs[o.i]
		mark := len(b)
		if written > 0 {
			b = append(b, ',')
		}
		if e.indented {
			b = e.newline(b, e.depth)
		}
		b = appendString(b, p.k, e.escapeHTML)
		if e.indented {
			b = append(b, ':', ' ')
		} else {
			b = append(b, ':')
		}
		if e.hooked {
			b, err = e.replacedAny(b, p.k, p.v)
		} else {
			b, err = e.encodeAny(b, p.v)
		}
		if err != nil {
			if err != errOmit {
				return b, within(err, p.k)
			}
			b = b[:mark]
			continue
		}
		written++
	}
	if limit < n {
		b = e.restMember(b, n-limit, written > 0)
		written++
	}
	clear(e.pairs[start:end])
	e.pairs = e.pairs[:start]
	e.order = e.order[:len(e.order)-n]
	e.depth--
	if written > 0 && e.indented {
		b = e.newline(b, e.depth)
	}
	e.anc.pop()
	return append(b, '}'), nil
}

// encodeSliceAny writes a []any without reflect, as the slice encoder would.
func (e *encodeState) encodeSliceAny(b []byte, s []any) ([]byte, error) {
	if s == nil {
		return appendNull(b)
	}
	n := len(s)
	k := ancestor{ptr: unsafe.Pointer(unsafe.SliceData(s)), typ: sliceAnyType, n: n}
	if n > 0 && e.anc.has(k) {
		return e.cycle(b, reflect.ValueOf(s))
	}
	if e.depth >= e.maxDepth {
		return e.tooDeep(b, reflect.ValueOf(s), true)
	}
	limit := n
	if e.maxBreadth > 0 && n > e.maxBreadth {
		if e.strict {
			return b, tooBroad(reflect.ValueOf(s), e.maxBreadth)
		}
		e.substituted(ReasonBreadth, sliceAnyType)
		limit = e.maxBreadth
	}
	if n > 0 {
		e.anc.push(k)
	}
	e.depth++
	b = append(b, '[')
	var err error
	for i, x := range s[:limit] {
		if i > 0 {
			b = append(b, ',')
		}
		if e.indented {
			b = e.newline(b, e.depth)
		}
		mark := len(b)
		if e.hooked {
			b, err = e.replacedAnyIndex(b, i, x)
		} else {
			b, err = e.encodeAny(b, x)
		}
		if err != nil {
			if err != errOmit {
				return b, withinIndex(err, i)
			}
			b = append(b[:mark], "null"...)
		}
	}
	if limit < n {
		b = e.restElement(b, n-limit)
	}
	e.depth--
	if n > 0 {
		if e.indented {
			b = e.newline(b, e.depth)
		}
		e.anc.pop()
	}
	return append(b, ']'), nil
}
