package safejson_test

import (
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson"
	"github.com/safejson/safejson/engine"
)

// Routes that depend on the input (plan.DecodeRoute): an engine whose quirk
// for the type is harmless on input of some form decodes input of that form,
// and encoding/json the rest. Each is checked against encoding/json on both
// sides of its fact, by the default plan and by every engine named.

// decoders: the default plan and each engine of the build, named.
func decoders() map[string]func([]byte, any) error {
	d := map[string]func([]byte, any) error{"default": safejson.Unmarshal}
	for _, e := range engine.All() {
		d[e.Name()] = safejson.Options{Engine: e}.Unmarshal
	}
	return d
}

// checkAsEncodingJSON decodes in into a fresh target with each decoder, and
// with a Decoder, and requires encoding/json's verdict.
func checkAsEncodingJSON(t *testing.T, in string, target func() any) {
	t.Helper()
	want := target()
	wantErr := json.Unmarshal([]byte(in), want)
	for name, dec := range decoders() {
		got := target()
		gotErr := dec([]byte(in), got)
		label := fmt.Sprintf("%s: %T %.80q", name, want, in)
		assertSameError(t, wantErr, gotErr, label)
		if wantErr == nil {
			assert.True(t, sameValue(want, got), "%s\nencoding/json: %#v\ngot:           %#v", label, want, got)
		}
	}
	// A Decoder's first value, as json.Decoder's.
	want, got := target(), target()
	wantErr = json.NewDecoder(strings.NewReader(in)).Decode(want)
	gotErr := safejson.NewDecoder(strings.NewReader(in)).Decode(got)
	assertSameError(t, wantErr, gotErr, fmt.Sprintf("Decoder: %T %.80q", want, in))
	if wantErr == nil {
		assert.True(t, sameValue(want, got), "Decoder: %T %.80q", want, in)
	}
}

type foldFields struct {
	S     int
	K     int
	ID    int
	Class string
	Sum   int    `json:"sum"`
	Name  string `json:"name"`
	Plain bool   `json:"plain"`
}

type foldAny struct {
	ID    string `json:"id"`
	Items any    `json:"items"`
	Total any    `json:"total,omitempty"`
}

// TestDecodeFoldKeys: object keys that fold to a field name by a non-ASCII
// rule (ſ to s, the Kelvin sign to k, İ to i in sonic only), escaped or not,
// in mixed case and twice, decode as encoding/json decodes them.
func TestDecodeFoldKeys(t *testing.T) {
	for _, in := range []string{
		`{"S":1,"K":2,"ID":3,"Class":"c","sum":4,"name":"n","plain":true}`,
		`{"s":1,"k":2,"id":3,"class":"c","SUM":4,"NAME":"n","PLAIN":true}`,
		`{"sUm":1,"Id":2,"iD":3,"cLaSs":"x"}`,
		`{"ſ":1}`, `{"\u017f":1}`, `{"\u017F":1,"S":2}`, `{"S":2,"ſ":1}`,
		`{"K":2}`, `{"\u212a":2}`, `{"k":1,"K":2}`,
		`{"İD":3}`, `{"\u0130d":3}`, `{"ıd":3}`, `{"id":1,"İd":3}`,
		`{"claſs":"x"}`, `{"ſum":4}`, `{"ſUM":4,"sum":5}`, `{"naMe":"a","ñame":"b"}`,
		`{"\u0053":1,"\u0069\u0064":2,"\u0043lass":"e"}`, `{"\u00e9":1,"plain":true}`,
		"{\"\xff\":1,\"S\":2}", `{"S":1,"S":2,"s":3}`, `{"é":{"S":1},"S":[1]}`,
		`{"S":"x"}`, `{"S":1}garbage`, `{"ſ":1`,
	} {
		checkAsEncodingJSON(t, in, func() any { return new(foldFields) })
		checkAsEncodingJSON(t, in, func() any { return new([]foldFields) })
		checkAsEncodingJSON(t, "["+in+"]", func() any { return new([]foldFields) })
		checkAsEncodingJSON(t, `{"id":"x","items":`+in+`}`, func() any { return new(foldAny) })
	}
}

// TestDecodeInterfaceKeys: values decoded into interfaces, with and without
// a key twice in an object, escaped keys, and objects about the size where
// the scan's check of FactKeysUnique moves from a list to a set and well
// beyond, decode as encoding/json decodes them.
func TestDecodeInterfaceKeys(t *testing.T) {
	members := func(n int, dup bool) string {
		var b strings.Builder
		b.WriteString("{")
		for i := range n {
			fmt.Fprintf(&b, `"m%d":[%d,{"x":%d}],`, i, i, i)
		}
		if dup {
			b.WriteString(`"m0":"again",`)
		}
		b.WriteString(`"last":null}`)
		return b.String()
	}
	ins := []string{
		`{"a":1,"b":"x","c":[true,false,null],"d":{"e":-0,"f":1.5e300,"g":12345678901234567890}}`,
		`{"a":1,"a":2}`, `{"a":{"b":1},"a":{"c":2}}`, `[{"a":1},{"a":2}]`, `{"a":{"a":{"a":1}}}`,
		`{"a":"\u00e9\ud800","\u0061":2}`, `{"\u0061":1,"a":2}`, `{"a\n":1,"a":2}`,
		`{"x":[-0,-0.0,0e-5,1E400]}`, `{"x":-0}`, `[-0]`, `-0`, `{"x":"\ud83d\ude00\udc00"}`,
		"{\"x\":\"a\xffb\",\"\xfe\":1}", `{"":1,"":2}`, `{}`, `[]`, `null`, `{"a":[]}`,
		`{"a":1} x`, `{"a":1,}`, `{"a" 1}`, `[1,2`, `{"a":"\u00e "}`,
		members(60, false), members(62, false), members(63, false), members(64, false), members(70, false),
		members(15, false), members(16, false), members(17, false), members(300, false), members(3000, false),
		members(30, true), members(62, true), members(16, true), members(17, true), members(3000, true),
		`{"a":` + members(100, false) + `,"b":` + members(100, true) + `}`,
		`{"total":{"value":1.25,"currency":"USD"},"items":[{"a":1}],"id":"i"}`,
		`{"id":1}`, `{"items":{"a":1,"a":2},"id":"x"}`, `{"ID":"up","Items":[1],"TOTAL":{"a":-0}}`,
	}
	for _, in := range ins {
		checkAsEncodingJSON(t, in, func() any { return new(any) })
		checkAsEncodingJSON(t, in, func() any { return new(map[string]any) })
		checkAsEncodingJSON(t, in, func() any { return new([]any) })
		checkAsEncodingJSON(t, in, func() any { return new(foldAny) })
		checkAsEncodingJSON(t, in, func() any { return new(map[string][]any) })
	}
}

// TestDecodeUniqueKeysMemory: the worst inputs FactKeysUnique lets an engine
// with DecodeQuirkObjectMemory (goccy) decode into an interface cost about
// what encoding/json's decode costs, measured here on the same input: the
// heap the value keeps alive within 2× of encoding/json's, the bytes
// allocated within 3× (the pooled member stack, when it has been collected
// and grows again). Without a key twice, every member the engine holds until
// its object ends is one encoding/json's map holds too, and the map sized
// for them is the one encoding/json's grows to; what is left is the member
// stack, at most the members of the open objects (32 bytes a member),
// transient, and the scan's key sets (engine.keySetBudget: at most the
// input's size), freed before the decode.
func TestDecodeUniqueKeysMemory(t *testing.T) {
	obj := func(n int, last string) string {
		var b strings.Builder
		b.WriteString("{")
		for i := range n - 1 {
			fmt.Fprintf(&b, `"k%d":[%d],`, i, i)
		}
		b.WriteString(`"z":` + last + "}")
		return b.String()
	}
	deep := "1"
	for range 300 { // 300 open objects of 64 members: the longest stack
		deep = obj(64, deep)
	}
	shapes := map[string]string{
		"wide":  "[" + strings.Repeat(obj(64, "{}")+",", 500) + "{}]",
		"wider": "[" + strings.Repeat(obj(5000, "{}")+",", 6) + "{}]",
		"one":   obj(30000, "{}"),
		"deep":  deep,
		"small": "[" + strings.Repeat(`{"a":{"b":{}},"c":[{}]},`, 5000) + "{}]",
	}
	heap := func() int64 {
		var m runtime.MemStats
		runtime.GC()
		runtime.GC()
		runtime.ReadMemStats(&m)
		return int64(m.HeapAlloc)
	}
	for name, in := range shapes {
		data := []byte(in)
		measure := func(dec func([]byte, any) error) (alloc uint64, kept int64) {
			var v any
			require.NoError(t, dec(data, &v)) // warm: compile, pools
			v = nil
			alloc = allocated(func() { require.NoError(t, dec(data, &v)) })
			alive := heap()
			runtime.KeepAlive(v)
			v = nil
			return alloc, alive - heap()
		}
		stdAlloc, stdKept := measure(json.Unmarshal)
		for dname, dec := range decoders() {
			alloc, kept := measure(dec)
			assert.LessOrEqual(t, float64(alloc), 3*float64(stdAlloc), "%s, %s: bytes allocated", name, dname)
			assert.LessOrEqual(t, float64(kept), 2*float64(stdKept)+64<<10, "%s, %s: heap kept by the value, encoding/json %d", name, dname, stdKept)
			t.Logf("%s, %s: allocated %d (encoding/json %d), kept %d (%d)", name, dname, alloc, stdAlloc, kept, stdKept)
		}
	}
}
