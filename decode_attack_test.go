package safejson_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson"
)

// Decoding defects of engines on hostile input, each shown against encoding/json.

// decodeStream decodes values from r into fresh targets until the first
// error, at most max values, and returns the values and the error (nil if
// max values were decoded without one).
func decodeStream(decode func(any) error, target func() any, max int) (vals []any, err error) {
	for range max {
		v := target()
		if err = decode(v); err != nil {
			return vals, err
		}
		vals = append(vals, v)
	}
	return vals, nil
}

// TestDecoderStrayClosers: a value that starts with a
// closer is encoding/json's syntax error, and a loop of Decode until the
// error ends, as with json.Decoder.
func TestDecoderStrayClosers(t *testing.T) {
	for _, in := range []string{"}", "]", " ] ", "} garbage", "{}}", "{} }", "[1] ]", `{"user":"a"}}{}`,
		"0\x98\xa0\xac\xd50\x9d\xf2\x87\xed\xd2 000"} {
		for _, target := range []func() any{func() any { return new(any) }, func() any { return new(login) }} {
			max := len(in) + 2
			wantVals, wantErr := decodeStream(json.NewDecoder(strings.NewReader(in)).Decode, target, max)
			require.Error(t, wantErr, "encoding/json ends %q", in)
			gotVals, gotErr := decodeStream(safejson.NewDecoder(strings.NewReader(in)).Decode, target, max)
			assertSameError(t, wantErr, gotErr, fmt.Sprintf("%q into %T", in, target()))
			assert.Equal(t, wantVals, gotVals, "%q", in)
		}
	}
}

// nestedType returns levels of unnamed slice (or map) types around elem.
func nestedType(levels int, maps bool, elem reflect.Type) reflect.Type {
	for range levels {
		if maps {
			elem = reflect.MapOf(reflect.TypeFor[string](), elem)
		} else {
			elem = reflect.SliceOf(elem)
		}
	}
	return elem
}

// TestDecodeNestedContainerTypes: decoding into deeply
// nested unnamed container types costs what encoding/json's decode costs;
// sonic compiled 12 levels of []…[]int in 565 MB, and 18 levels ended the
// process out of memory.
func TestDecodeNestedContainerTypes(t *testing.T) {
	inChild(t, 200<<20, func(t *testing.T) {
		intT := reflect.TypeFor[int]()
		cases := []struct {
			typ reflect.Type
			in  string
		}{
			{nestedType(12, false, intT), `[]`},
			{nestedType(18, false, intT), `[[[]]]`},
			{reflect.StructOf([]reflect.StructField{{Name: "F", Type: nestedType(16, false, intT)}}), `{"F":[[]]}`},
			{nestedType(12, true, intT), `{"a":{}}`},
			{nestedType(14, true, reflect.TypeFor[float64]()), `{"a":{"b":{}}}`},
		}
		for _, c := range cases {
			want, got := reflect.New(c.typ), reflect.New(c.typ)
			require.NoError(t, json.Unmarshal([]byte(c.in), want.Interface()))
			require.NoError(t, safejson.Unmarshal([]byte(c.in), got.Interface()), "%v", c.typ)
			assert.Equal(t, want.Interface(), got.Interface())
			got = reflect.New(c.typ)
			require.NoError(t, safejson.NewDecoder(strings.NewReader(c.in)).Decode(got.Interface()), "%v", c.typ)
			assert.Equal(t, want.Interface(), got.Interface())
		}
	})
}

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestDecodeInterfaceMemory: decoding empties, and
// objects of duplicate keys, into an interface allocates at most twice what
// encoding/json allocates (sonic: about three times for `[]`, five for
// `[[[[]]]]`; goccy: about four times for duplicate keys), by Unmarshal and
// by a Decoder.
func TestDecodeInterfaceMemory(t *testing.T) {
	const n = 20000
	for _, shape := range []string{"[]", "[[[[]]]]", "{}", `{"a":[]}`, "[{}]", `"a":[1]`, `"a":{}`} {
		in := []byte("[" + strings.Repeat(shape+",", n) + shape + "]")
		if strings.HasPrefix(shape, `"a":`) { // duplicate keys of one object
			in = []byte("{" + strings.Repeat(shape+",", n) + shape + "}")
		}
		decode := map[string]func(data []byte, v any) error{
			"encoding/json": json.Unmarshal,
			"Unmarshal":     safejson.Unmarshal,
			"Decoder":       func(data []byte, v any) error { return safejson.NewDecoder(bytes.NewReader(data)).Decode(v) },
		}
		bytesPer := map[string]float64{}
		for name, f := range decode {
			var v any
			require.NoError(t, f(in, &v)) // warm: compile, pools
			bytesPer[name] = float64(allocated(func() {
				v = nil
				require.NoError(t, f(in, &v))
			})) / n
		}
		std := bytesPer["encoding/json"]
		assert.LessOrEqual(t, bytesPer["Unmarshal"], 2*std, "%s: bytes per element, encoding/json %.0f", shape, std)
		// The Decoder holds a copy of the value too: 2× plus its size.
		assert.LessOrEqual(t, bytesPer["Decoder"], 2*std+float64(len(shape)+1), "%s: bytes per element, encoding/json %.0f", shape, std)
	}
}

// ndjson is an endless stream of the same small object, one a line.
type ndjson struct {
	line []byte
	off  int
}

func (r *ndjson) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		c := copy(p[n:], r.line[r.off:])
		n += c
		r.off = (r.off + c) % len(r.line)
	}
	return n, nil
}

// TestDecoderHoldsOneValue: a Decoder reading a long
// stream holds about one value, not what it has read: after 20 MB its heap
// is what it was after the first values.
func TestDecoderHoldsOneValue(t *testing.T) {
	line := []byte(`{"user":"ada","count":3,"extra":{"k":"v"},"tags":["a","b"]}` + "\n")
	for _, target := range []func() any{func() any { return new(login) }, func() any { return new(any) }} {
		d := safejson.NewDecoder(&ndjson{line: line})
		heap := func() uint64 {
			runtime.GC()
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			return m.HeapAlloc
		}
		values := (20 << 20) / len(line)
		var start uint64
		for i := range values {
			if i == 100 {
				start = heap()
			}
			require.NoError(t, d.Decode(target()))
		}
		end := heap()
		assert.Less(t, int64(end)-int64(start), int64(1<<20), "%T: heap after 100 values %d, after %d values %d", target(), start, values, end)
		runtime.KeepAlive(d)
	}
}

// sameValue is reflect.DeepEqual that also tells -0 from 0 and takes a NaN
// to equal a NaN.
func sameValue(a, b any) bool {
	return sameValues(reflect.ValueOf(a), reflect.ValueOf(b))
}

func sameValues(a, b reflect.Value) bool {
	if !a.IsValid() || !b.IsValid() {
		return a.IsValid() == b.IsValid()
	}
	if a.Type() != b.Type() {
		return false
	}
	switch a.Kind() {
	case reflect.Float32, reflect.Float64:
		x, y := a.Float(), b.Float()
		return math.Float64bits(x) == math.Float64bits(y) || (math.IsNaN(x) && math.IsNaN(y))
	case reflect.Pointer, reflect.Interface:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		return sameValues(a.Elem(), b.Elem())
	case reflect.Slice:
		if a.IsNil() != b.IsNil() {
			return false
		}
		fallthrough
	case reflect.Array:
		if a.Len() != b.Len() {
			return false
		}
		for i := range a.Len() {
			if !sameValues(a.Index(i), b.Index(i)) {
				return false
			}
		}
		return true
	case reflect.Map:
		if a.IsNil() != b.IsNil() || a.Len() != b.Len() {
			return false
		}
		// Keys by value too: a key holding a pointer (time.Time's location)
		// is another key in each decode.
		for it := a.MapRange(); it.Next(); {
			if v := b.MapIndex(it.Key()); v.IsValid() {
				if !sameValues(it.Value(), v) {
					return false
				}
				continue
			}
			found := false
			for jt := b.MapRange(); jt.Next() && !found; {
				found = sameValues(it.Key(), jt.Key()) && sameValues(it.Value(), jt.Value())
			}
			if !found {
				return false
			}
		}
		return true
	case reflect.Struct:
		for i := range a.NumField() {
			if !sameValues(a.Field(i), b.Field(i)) {
				return false
			}
		}
		return true
	case reflect.String:
		return a.String() == b.String()
	case reflect.Bool:
		return a.Bool() == b.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return a.Int() == b.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return a.Uint() == b.Uint()
	case reflect.Complex64, reflect.Complex128:
		return a.Complex() == b.Complex()
	}
	// chan, func, unsafe.Pointer: never set by a decode.
	return a.IsZero() && b.IsZero()
}

type rawHolder struct {
	R json.RawMessage
	N int
}

type floats struct {
	F  float64
	G  float32
	FS []float64
	M  map[string]float64
	A  any
}

// TestDecodeFidelity: raw bytes kept, the sign of zero
// kept, and after a syntax error the target left as it was; each as
// encoding/json, by Unmarshal and by a Decoder.
func TestDecodeFidelity(t *testing.T) {
	cases := []struct {
		in     string
		target func() any
	}{
		{"\"a\xffb\"", func() any { return new(json.RawMessage) }},
		{"{\"R\":[\"\xff\xfe\",\"\xed\xa0\x80\"],\"N\":1}", func() any { return new(rawHolder) }},
		{`-0`, func() any { return new(float64) }},
		{`{"a":-0}`, func() any { return new(any) }},
		{`[-0,-0.0,0,-0e0]`, func() any { return new(any) }},
		{`{"F":-0,"G":-0,"FS":[-0],"M":{"a":-0},"A":[-0]}`, func() any { return new(floats) }},
		{`{"a":1}garbage`, func() any { return &map[string]int{"z": 9} }},
		{`{"N":2,"R":[1]} x`, func() any { return &rawHolder{N: 7} }},
		{`[1,2,3`, func() any { s := []int{9}; return &s }},
		{`{"F":1.5,"FS":[1,2],"M":{"a":1}}}`, func() any { return &floats{F: 3} }},
	}
	for _, c := range cases {
		want, got := c.target(), c.target()
		wantErr := json.Unmarshal([]byte(c.in), want)
		gotErr := safejson.Unmarshal([]byte(c.in), got)
		assertSameError(t, wantErr, gotErr, c.in)
		assert.True(t, sameValue(want, got), "Unmarshal %q: encoding/json %#v, safejson %#v", c.in, want, got)

		want, got = c.target(), c.target()
		wantErr = json.NewDecoder(strings.NewReader(c.in)).Decode(want)
		gotErr = safejson.NewDecoder(strings.NewReader(c.in)).Decode(got)
		assertSameError(t, wantErr, gotErr, c.in)
		assert.True(t, sameValue(want, got), "Decoder %q: encoding/json %#v, safejson %#v", c.in, want, got)
	}
}

// TestDecoderAsJSONDecoder: Token, More, Buffered and InputOffset are
// json.Decoder's, between and around Decode calls.
func TestDecoderAsJSONDecoder(t *testing.T) {
	in := `[{"user":"a"}, {"user":"b","count":2} ,3] {"user":"c"}   tail`
	std, ours := json.NewDecoder(strings.NewReader(in)), safejson.NewDecoder(strings.NewReader(in))
	step := func(what string) {
		switch what {
		case "token":
			wt, we := std.Token()
			gt, ge := ours.Token()
			assert.Equal(t, wt, gt)
			assertSameError(t, we, ge, what)
		case "decode":
			var w, g login
			assertSameError(t, std.Decode(&w), ours.Decode(&g), what)
			assert.Equal(t, w, g)
		case "more":
			assert.Equal(t, std.More(), ours.More())
		}
		assert.Equal(t, std.InputOffset(), ours.InputOffset(), "after %s", what)
		wb, _ := io.ReadAll(std.Buffered())
		gb, _ := io.ReadAll(ours.Buffered())
		assert.Equal(t, string(wb), string(gb), "after %s", what)
	}
	for _, what := range []string{"token", "more", "decode", "more", "decode", "more", "token", "token", "more", "decode", "more", "decode", "decode"} {
		step(what)
	}
}
