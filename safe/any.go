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
func (e *encodeState) encodeAny(x any) error {
	switch x := x.(type) {
	case nil:
		return encodeNull(e)
	case string:
		e.buf = appendString(e.buf, x, e.escapeHTML)
		return nil
	case float64:
		if !isFinite(x) {
			return e.nonFinite(reflect.ValueOf(x), x, 64)
		}
		e.buf = appendFloat(e.buf, x, 64)
		return nil
	case bool:
		e.buf = strconv.AppendBool(e.buf, x)
		return nil
	case map[string]any:
		return e.encodeMapAny(x)
	case []any:
		return e.encodeSliceAny(x)
	case int:
		e.buf = strconv.AppendInt(e.buf, int64(x), 10)
		return nil
	case int64:
		e.buf = strconv.AppendInt(e.buf, x, 10)
		return nil
	case json.Number:
		s, err := number(string(x))
		if err != nil {
			return err
		}
		e.buf = append(e.buf, s...)
		return nil
	case json.RawMessage:
		if x == nil {
			return encodeNull(e)
		}
		return e.marshaled(x, rawMessageType)
	}
	v := reflect.ValueOf(x)
	return typeEncoder(v.Type())(e, v)
}

// anyPair is a member of a map[string]any being written.
type anyPair struct {
	k string
	v any
}

func compareAnyPairs(a, b anyPair) int { return strings.Compare(a.k, b.k) }

// encodeMapAny writes a map[string]any with its keys sorted, as encoding/json,
// without reflect; what it writes is what the map encoder would.
func (e *encodeState) encodeMapAny(m map[string]any) error {
	if m == nil {
		return encodeNull(e)
	}
	k := ancestor{ptr: reflect.ValueOf(m).UnsafePointer(), typ: mapAnyType}
	if e.anc.has(k) {
		return e.cycle(reflect.ValueOf(m))
	}
	if e.depth >= e.maxDepth {
		return e.tooDeep(reflect.ValueOf(m), false)
	}
	n := len(m)
	limit := n
	if e.maxBreadth > 0 && n > e.maxBreadth {
		if e.strict {
			return tooBroad(reflect.ValueOf(m), e.maxBreadth)
		}
		limit = e.maxBreadth
	}
	e.anc.push(k)
	start := len(e.pairs)
	for key, val := range m {
		e.pairs = append(e.pairs, anyPair{key, val})
	}
	end := len(e.pairs)
	slices.SortFunc(e.pairs[start:end], compareAnyPairs)

	e.depth++
	e.buf = append(e.buf, '{')
	written := 0
	for i := start; i < start+limit; i++ {
		p := e.pairs[i]
		mark := len(e.buf)
		if written > 0 {
			e.buf = append(e.buf, ',')
		}
		if e.indented {
			e.newline(e.depth)
		}
		e.buf = appendString(e.buf, p.k, e.escapeHTML)
		if e.indented {
			e.buf = append(e.buf, ':', ' ')
		} else {
			e.buf = append(e.buf, ':')
		}
		var err error
		if e.replacer != nil {
			err = e.replacedAny(p.k, p.v)
		} else {
			err = e.encodeAny(p.v)
		}
		if err != nil {
			if err != errOmit {
				return within(err, p.k)
			}
			e.buf = e.buf[:mark]
			continue
		}
		written++
	}
	if limit < n {
		e.restMember(n-limit, written > 0)
		written++
	}
	clear(e.pairs[start:end])
	e.pairs = e.pairs[:start]
	e.depth--
	if written > 0 && e.indented {
		e.newline(e.depth)
	}
	e.buf = append(e.buf, '}')
	e.anc.pop()
	return nil
}

// encodeSliceAny writes a []any without reflect, as the slice encoder would.
func (e *encodeState) encodeSliceAny(s []any) error {
	if s == nil {
		return encodeNull(e)
	}
	n := len(s)
	k := ancestor{ptr: unsafe.Pointer(unsafe.SliceData(s)), typ: sliceAnyType, n: n}
	if n > 0 && e.anc.has(k) {
		return e.cycle(reflect.ValueOf(s))
	}
	if e.depth >= e.maxDepth {
		return e.tooDeep(reflect.ValueOf(s), true)
	}
	limit := n
	if e.maxBreadth > 0 && n > e.maxBreadth {
		if e.strict {
			return tooBroad(reflect.ValueOf(s), e.maxBreadth)
		}
		limit = e.maxBreadth
	}
	if n > 0 {
		e.anc.push(k)
	}
	e.depth++
	e.buf = append(e.buf, '[')
	for i, x := range s[:limit] {
		if i > 0 {
			e.buf = append(e.buf, ',')
		}
		if e.indented {
			e.newline(e.depth)
		}
		mark := len(e.buf)
		var err error
		if e.replacer != nil {
			err = e.replacedAny(strconv.Itoa(i), x)
		} else {
			err = e.encodeAny(x)
		}
		if err != nil {
			if err != errOmit {
				return withinIndex(err, i)
			}
			e.buf = append(e.buf[:mark], "null"...)
		}
	}
	if limit < n {
		e.buf = append(e.buf, ',')
		if e.indented {
			e.newline(e.depth)
		}
		e.buf = appendNotStringified(append(e.buf, `"... `...), n-limit)
	}
	e.depth--
	if n > 0 {
		if e.indented {
			e.newline(e.depth)
		}
		e.anc.pop()
	}
	e.buf = append(e.buf, ']')
	return nil
}
