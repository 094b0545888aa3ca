package testutil

import (
	"bytes"
	"encoding/json"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/safejson/safejson/internal/jsontype"
)

// Body is one JSON text and what it is.
type Body struct {
	Name string
	Data []byte
}

// CostlyBodies returns valid JSON texts of exactly n bytes (whitespace
// pads them) that are among the costliest for encoding/json to decode into
// a value of type t, in memory or CPU, whether it takes them or refuses
// them for the type (a number out of range): what decode's bound by input size is
// measured against (the most encoding/json spends on any n-byte input for
// t). They are the shapes that make the most allocations a byte for t's
// kind — for an interface, chains of one-member objects and of
// one-element arrays, empty objects and arrays, numbers, distinct member
// names, escaped strings and long mantissas; for a slice, array or map,
// many of the smallest elements that allocate (for a map, also under one
// name repeated); for a struct, one of those in each field that holds a
// container or a number; for a number, one long number — and their
// costliest for CPU are in the list too. n should be at least a
// few hundred bytes.
func CostlyBodies(t reflect.Type, n int) []Body {
	var out []Body
	for _, b := range bodies(t, n, 0) {
		if len(b.Data) <= n && json.Valid(b.Data) {
			b.Data = append(b.Data, bytes.Repeat([]byte{' '}, n-len(b.Data))...)
			out = append(out, b)
		}
	}
	return out
}

// StdCost is what encoding/json spends decoding one body.
type StdCost struct {
	Body   string
	Bytes  uint64 // allocated
	Allocs uint64
}

// MostCostly returns, of CostlyBodies(t, n), the most bytes and the most
// allocations json.Unmarshal makes decoding one into a new t, each with the
// name of the body that makes them (the least of three runs each, so that a
// collection during one does not count).
func MostCostly(t reflect.Type, n int) (bytes, allocs StdCost) {
	for _, b := range CostlyBodies(t, n) {
		by, al := ^uint64(0), ^uint64(0)
		for range 3 {
			x, y := Allocations(func() { _ = json.Unmarshal(b.Data, reflect.New(t).Interface()) })
			by, al = min(by, x), min(al, y)
		}
		if by > bytes.Bytes {
			bytes = StdCost{b.Name, by, al}
		}
		if al > allocs.Allocs {
			allocs = StdCost{b.Name, by, al}
		}
	}
	return bytes, allocs
}

// Allocations returns the bytes and the number of allocations f makes.
func Allocations(f func()) (bytes, count uint64) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc, after.Mallocs - before.Mallocs
}

// maxChain is the depth of the chains of nested values in CostlyBodies,
// well within the 10000 levels of every encoding/json.
const maxChain = 1000

// bodies returns texts of at most n bytes for t; depth counts the levels
// of containers around them, so that no chain passes encoding/json's limit.
func bodies(t reflect.Type, n, depth int) []Body {
	switch t.Kind() {
	case reflect.Pointer:
		return bodies(t.Elem(), n, depth)
	case reflect.Interface:
		var out []Body
		for _, e := range []struct{ name, open, inner, close string }{
			{"object-chains", `{"a":`, "0", "}"},
			{"array-chains", "[", "0", "]"},
		} {
			k := min(maxChain, (n-2)/(len(e.open)+len(e.close)+1))
			c := strings.Repeat(e.open, k) + e.inner + strings.Repeat(e.close, k)
			out = append(out, Body{e.name, repeat("[", c, "]", n)})
		}
		for _, e := range []struct{ name, elem string }{
			{"empty-objects", "{}"},
			{"empty-arrays", "[]"},
			{"one-member-objects", `{"a":1}`},
			{"small-numbers", "1"},
			{"fractions", "1.5"},
			{"long-mantissas", longMantissa},
			{"short-strings", `"a"`},
			{"escaped-strings", `"\u00e9\n"`},
		} {
			out = append(out, Body{e.name, repeat("[", e.elem, "]", n)})
		}
		out = append(out, Body{"distinct-names", names(n, "0")})
		return out
	case reflect.Slice, reflect.Array:
		if t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8 {
			return []Body{{"base64", []byte(`"` + strings.Repeat("AAAA", (n-2)/4) + `"`)}} // []byte
		}
		var out []Body
		if t.Elem().Kind() == reflect.Interface {
			for _, b := range bodies(t.Elem(), n, depth) {
				if b.Data[0] == '[' {
					out = append(out, b)
				}
			}
		}
		for _, e := range small(t.Elem(), depth+1) {
			out = append(out, Body{"elements " + e, repeat("[", e, "]", n)})
		}
		return out
	case reflect.Map:
		var out []Body
		for _, e := range small(t.Elem(), depth+1) {
			out = append(out, Body{"members " + e, names(n, e)})
		}
		// One name over and over: the most members in n bytes.
		e := small(t.Elem(), depth+1)[0]
		return append(out, Body{"one name " + e, repeat("{", `"0":`+e, "}", n)})
	case reflect.Struct:
		var out []Body
		for i := range t.NumField() {
			f := t.Field(i)
			name, ok := fieldName(f)
			if !ok || !(container(f.Type) || number(f.Type)) {
				continue
			}
			open := `{"` + name + `":`
			for _, b := range bodies(f.Type, n-len(open)-1, depth+1) {
				out = append(out, Body{name + ": " + b.Name, append(append([]byte(open), b.Data...), '}')})
			}
		}
		return append(out, Body{"empty object", []byte("{}")})
	case reflect.String:
		return []Body{
			{"plain string", []byte(`"` + strings.Repeat("a", n-2) + `"`)},
			{"escaped string", []byte(`"` + strings.Repeat(`\u00e9`, (n-2)/6) + `"`)},
		}
	case reflect.Float32, reflect.Float64:
		return []Body{
			{"long fraction", []byte("1." + strings.Repeat("0", n-3) + "1")},
			{"long number", []byte("1" + strings.Repeat("0", n-1))}, // out of range: refused
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return []Body{
			{"one value", []byte("1")},
			{"long number", []byte("1" + strings.Repeat("0", n-1))}, // out of range: refused
		}
	default:
		return []Body{{"one value", []byte(small(t, depth)[0])}}
	}
}

// small returns short JSON values for t that allocate when decoded into it,
// the smallest first; a scalar's is one short value (a float's also one
// with a long mantissa).
func small(t reflect.Type, depth int) []string {
	switch t.Kind() {
	case reflect.Pointer:
		return small(t.Elem(), depth)
	case reflect.Interface:
		return []string{"{}", "[]", "1", `"a"`, `{"a":[]}`}
	case reflect.Slice, reflect.Array:
		if depth > maxChain {
			return []string{"[]"}
		}
		out := []string{"[]"}
		for _, e := range small(t.Elem(), depth+1)[:1] {
			out = append(out, "["+e+"]")
		}
		return out
	case reflect.Map:
		if depth > maxChain {
			return []string{"{}"}
		}
		return []string{"{}", `{"a":` + small(t.Elem(), depth+1)[0] + "}"}
	case reflect.Struct:
		out := []string{"{}"}
		for i := range t.NumField() {
			f := t.Field(i)
			if name, ok := fieldName(f); ok && container(f.Type) && depth <= maxChain {
				// The smallest value and the last: Go 1.27's encoding/json
				// allocates nothing for an empty slice or a repeated
				// short string, and one slice for ["ab"].
				vs := small(f.Type, depth+1)
				out = append(out, `{"`+name+`":`+vs[0]+"}")
				if len(vs) > 1 {
					out = append(out, `{"`+name+`":`+vs[len(vs)-1]+"}")
				}
			}
		}
		if depth < maxFilled {
			if filled := filledObject(t, depth); filled != "" {
				out = append(out, filled)
			}
		}
		return out
	case reflect.String:
		// Two bytes: a string of one is never allocated (the runtime
		// keeps one of each byte). Go 1.27's encoding/json reuses a
		// repeated short string, so there only a container around it
		// allocates.
		return []string{`"ab"`}
	case reflect.Float32, reflect.Float64:
		// A mantissa past 19 digits takes strconv's slow path, which
		// allocates for each number.
		return []string{"1", longMantissa}
	case reflect.Bool:
		return []string{"true"}
	default:
		return []string{"1"}
	}
}

// filledObject returns an object of struct t with every member encoding/json
// decodes (its own and promoted from embedded structs: jsontype's Fields)
// set to a value that costs it to read: a record, as services decode them
// by the thousand. "" when t has no member.
func filledObject(t reflect.Type, depth int) string {
	fields := jsontype.Of(t).Fields
	if len(fields) == 0 || depth > maxChain {
		return ""
	}
	var b strings.Builder
	b.WriteByte('{')
	for i, f := range fields {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Quote(f.Name) + ":" + memberValue(f, depth+1))
	}
	b.WriteByte('}')
	return b.String()
}

// maxFilled bounds the nesting of filled records in one another: below it
// a record's members hold their smallest values (a recursive type's record
// would otherwise hold records all the way down, each level walking the
// type again).
const maxFilled = 4

// memberValue returns a value of member f that costs encoding/json to read.
func memberValue(f jsontype.Field, depth int) string {
	t := f.Type
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch {
	case t == reflect.TypeFor[time.Time]():
		return `"2024-01-02T03:04:05.123456789+02:00"`
	case t == reflect.TypeFor[json.Number]():
		return "1.5"
	case f.Quoted && t.Kind() == reflect.String:
		return `"\"ab\""`
	case f.Quoted && t.Kind() == reflect.Bool:
		return `"true"`
	case f.Quoted:
		return `"12"`
	case t.Kind() == reflect.Struct && depth < maxFilled:
		if o := filledObject(t, depth); o != "" {
			return o
		}
	}
	vs := small(f.Type, depth)
	return vs[len(vs)-1]
}

// longMantissa is a float that encoding/json parses the slow way: more
// digits than a uint64 holds, near the smallest normal float64.
const longMantissa = "1.00000000000000011102230246251565404236316680908203125e-307"

// container reports whether a value of t may hold other values (and so
// allocate by the input's length).
func container(t reflect.Type) bool {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Interface, reflect.Slice, reflect.Array, reflect.Map, reflect.Struct, reflect.String:
		return true
	}
	return false
}

// number reports whether t (through pointers) is a number kind, whose one
// long value costs encoding/json by its length.
func number(t reflect.Type) bool {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Float32, reflect.Float64, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return true
	}
	return false
}

// fieldName returns the JSON name of an exported field encoding/json
// decodes, by its tag.
func fieldName(f reflect.StructField) (string, bool) {
	if !f.IsExported() || f.Anonymous {
		return "", false
	}
	tag := f.Tag.Get("json")
	if tag == "-" {
		return "", false
	}
	if name, _, _ := strings.Cut(tag, ","); name != "" {
		return name, true
	}
	return f.Name, true
}

// repeat returns open, copies of elem separated by commas, and close, in
// at most n bytes.
func repeat(open, elem, close string, n int) []byte {
	k := max(1, (n-len(open)-len(close)+1)/(len(elem)+1))
	return []byte(open + strings.Repeat(elem+",", k-1) + elem + close)
}

// names returns an object of members with distinct names, each holding
// value, in at most n bytes.
func names(n int, value string) []byte {
	b := []byte{'{'}
	for i := 0; ; i++ {
		m := strconv.Quote(strconv.Itoa(i)) + ":" + value
		if len(b)+len(m)+2 > n {
			break
		}
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, m...)
	}
	return append(b, '}')
}
