package safe

import (
	"encoding/json"
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

func compareAnyPairs(a, b anyPair) int { return strings.Compare(a.k, b.k) }

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
		limit = e.maxBreadth
	}
	e.anc.push(k)
	start := len(e.pairs)
	e.pairs = slices.Grow(e.pairs, n)
	for key, val := range m {
		e.pairs = append(e.pairs, anyPair{key, val})
	}
	end := len(e.pairs)
	slices.SortFunc(e.pairs[start:end], compareAnyPairs)

	e.depth++
	b = append(b, '{')
	written := 0
	var err error
	for i := start; i < start+limit; i++ {
		p := e.pairs[i]
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
		if e.replacer != nil {
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
		if e.replacer != nil {
			b, err = e.replacedAny(b, strconv.Itoa(i), x)
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
