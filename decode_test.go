package safejson_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"reflect"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"testing/iotest"
	"time"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson"
	"github.com/safejson/safejson/engine"
	"github.com/safejson/safejson/internal/benchdata"
	iengine "github.com/safejson/safejson/internal/engine"
	"github.com/safejson/safejson/internal/enginehandle"
	"github.com/safejson/safejson/internal/randtype"
	"github.com/safejson/safejson/internal/testutil"
)

type login struct {
	User  string         `json:"user"`
	Count int            `json:"count"`
	Extra map[string]any `json:"extra"`
	Tags  []string       `json:"tags"`
}

// badInputs are request bodies of every kind a server meets.
var badInputs = []string{
	`{"user":"ada","count":3,"extra":{"big":12345678901234567890,"f":1.5},"tags":["a"]}`,
	`{"user":"ada","unknown":1}`,
	`{"USER":"case"}`,
	`{"user":1}`,
	`{"count":"3"}`,
	`{"count":1.5}`,
	`{"count":99999999999999999999}`,
	`{"tags":{"a":1}}`,
	`{"user":`,
	`{"user" "x"}`,
	`{"user":"ada"} trailing`,
	`{"user":"ada"}{"user":"bob"}`,
	`[1,2]`,
	`nul`,
	`null`,
	``,
	`   `,
	`"\ud800"`,
	"{\"user\":\"\xff\"}",
	`{"user":"a","user":"b"}`,
}

func targets() []func() any {
	return []func() any{
		func() any { return new(login) },
		func() any { return new(any) },
		func() any { return new(map[string]int) },
		func() any { return new([]benchdata.Item) },
		func() any { return new(string) },
	}
}

// TestUnmarshalAsEncodingJSON: the same error (type and text) and the same
// decoded value as json.Unmarshal, for every input and target.
func TestUnmarshalAsEncodingJSON(t *testing.T) {
	for _, in := range badInputs {
		for _, target := range targets() {
			want, got := target(), target()
			wantErr := json.Unmarshal([]byte(in), want)
			gotErr := safejson.Unmarshal([]byte(in), got)
			name := fmt.Sprintf("%T %q", want, in)
			testutil.SameError(t, wantErr, gotErr, name)
			if wantErr == nil {
				assert.Equal(t, want, got, name)
			}
		}
	}
	var notPointer any = login{}
	//lint:ignore SA1014 on purpose: the *json.InvalidUnmarshalError
	testutil.SameError(t, json.Unmarshal([]byte(`{}`), notPointer), safejson.Unmarshal([]byte(`{}`), notPointer), "non-pointer")
}

type decoderFlags struct{ useNumber, strict bool }

func (f decoderFlags) std(r io.Reader) *json.Decoder {
	d := json.NewDecoder(r)
	if f.useNumber {
		d.UseNumber()
	}
	if f.strict {
		d.DisallowUnknownFields()
	}
	return d
}

func (f decoderFlags) ours(r io.Reader) *safejson.Decoder {
	d := safejson.NewDecoder(r)
	if f.useNumber {
		d.UseNumber()
	}
	if f.strict {
		d.DisallowUnknownFields()
	}
	return d
}

// TestDecoderAsEncodingJSON decodes streams of values, some bad, with both
// decoders, value after value: the same values, errors and error types,
// also when the bytes arrive one at a time.
func TestDecoderAsEncodingJSON(t *testing.T) {
	streams := append([]string{
		`{"user":"a"} {"user":"b"} {"user":1} {"user":"c"}`,
		`{"user":"a"}` + "\n" + `{"user":` + "\n",
		`{"user":"a"} [1] {"user":"b"}`,
		`1 2 3`,
		`{"extra":{"n":1.0}} {"extra":{"n":12345678901234567890}}`,
		`{"user":"a","unknown":true} {"user":"b"}`,
	}, badInputs...)
	for _, flags := range []decoderFlags{{}, {useNumber: true}, {strict: true}} {
		for _, s := range streams {
			for _, slow := range []bool{false, true} {
				reader := func() io.Reader {
					if slow {
						return iotest.OneByteReader(strings.NewReader(s))
					}
					return strings.NewReader(s)
				}
				std, ours := flags.std(reader()), flags.ours(reader())
				for i := range 5 {
					want, got := new(login), new(login)
					wantErr, gotErr := std.Decode(want), ours.Decode(got)
					name := fmt.Sprintf("%+v slow=%v %q value %d", flags, slow, s, i)
					testutil.SameError(t, wantErr, gotErr, name)
					if wantErr != nil {
						break
					}
					assert.Equal(t, want, got, name)
				}
			}
		}
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
			testutil.SameError(t, we, ge, what)
		case "decode":
			var w, g login
			testutil.SameError(t, std.Decode(&w), ours.Decode(&g), what)
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

// TestDecoderOffsetAfterToken: a value decoded after Token, past a ',' or
// ':' and white space, fails with json.Decoder's error, Offset included.
func TestDecoderOffsetAfterToken(t *testing.T) {
	for _, in := range []string{`[{"user":"a"}, {"user":1}]`, `[{"user":"a"} ,  {"user":1}]`, `{"k": {"user":1}}`, `{"k" :  [1]}`, `[ {"user":1}]`, `[[1] , "x"]`} {
		for _, slow := range []bool{false, true} {
			reader := func() io.Reader {
				if slow {
					return iotest.OneByteReader(strings.NewReader(in))
				}
				return strings.NewReader(in)
			}
			std, ours := json.NewDecoder(reader()), safejson.NewDecoder(reader())
			wt, we := std.Token()
			gt, ge := ours.Token()
			require.NoError(t, we)
			require.NoError(t, ge)
			require.Equal(t, wt, gt)
			if wt == json.Delim('{') {
				wt, we = std.Token()
				gt, ge = ours.Token()
				require.NoError(t, we)
				require.NoError(t, ge)
				require.Equal(t, wt, gt)
			}
			for i := 0; std.More(); i++ {
				require.True(t, ours.More())
				var w, g login
				we, ge := std.Decode(&w), ours.Decode(&g)
				name := fmt.Sprintf("%q slow=%v value %d", in, slow, i)
				testutil.SameError(t, we, ge, name)
			}
		}
	}
}

// TestDecoderReadError: an error of the reader (a body limit, a client gone)
// is returned as encoding/json returns it.
func TestDecoderReadError(t *testing.T) {
	errLimit := errors.New("http: request body too large")
	for _, n := range []int{0, 5, 20} {
		body := `{"user":"ada","count":3,"tags":["x","y"]}`
		r := func() io.Reader { return io.MultiReader(strings.NewReader(body[:n]), iotest.ErrReader(errLimit)) }
		wantErr := json.NewDecoder(r()).Decode(new(login))
		gotErr := safejson.NewDecoder(r()).Decode(new(login))
		require.ErrorIs(t, gotErr, errLimit, "after %d bytes", n)
		testutil.SameError(t, wantErr, gotErr, fmt.Sprint(n))
	}
}

// TestDecoderFlagsAfterStart: flags set between values apply to the next.
func TestDecoderFlagsAfterStart(t *testing.T) {
	d := safejson.NewDecoder(strings.NewReader(`{"extra":{"n":1}} {"extra":{"n":2}} {"user":"x","bad":1}`))
	var a, b, c login
	require.NoError(t, d.Decode(&a))
	assert.Equal(t, 1.0, a.Extra["n"])
	d.UseNumber()
	require.NoError(t, d.Decode(&b))
	assert.Equal(t, json.Number("2"), b.Extra["n"])
	d.DisallowUnknownFields()
	assert.EqualError(t, d.Decode(&c), `json: unknown field "bad"`)
}

// verdictEngine is an engine whose decoding gives a fixed verdict: it shows
// whose result Decoding keeps.
type verdictEngine struct {
	iengine.Engine
	fail bool
}

func (e verdictEngine) Unmarshal(_ []byte, v any) error {
	if e.fail {
		return errors.New("engine: refused")
	}
	*v.(*string) = "from the engine"
	return nil
}

func (e verdictEngine) NewDecoder(r io.Reader) iengine.Decoder {
	return verdictDecoder{Decoder: e.Engine.NewDecoder(r), e: e}
}

type verdictDecoder struct {
	iengine.Decoder
	e verdictEngine
}

func (d verdictDecoder) Decode(v any) error {
	var skip json.RawMessage
	if err := d.Decoder.Decode(&skip); err != nil {
		return err
	}
	return d.e.Unmarshal(nil, v)
}

// TestDecodingKeepsTheEngineResult: the engine's result stands when it
// succeeds, encoding/json's when it fails.
func TestDecodingKeepsTheEngineResult(t *testing.T) {
	for _, fail := range []bool{false, true} {
		d := safejson.Options{Engine: enginehandle.Of(verdictEngine{Engine: iengine.Default(), fail: fail})}
		want := "from the engine"
		if fail {
			want = "from encoding/json"
		}
		var s string
		require.NoError(t, d.Unmarshal([]byte(`"from encoding/json"`), &s))
		assert.Equal(t, want, s)

		dec := d.NewDecoder(strings.NewReader(`"from encoding/json" "from encoding/json"`))
		for range 2 {
			s = ""
			require.NoError(t, dec.Decode(&s))
			assert.Equal(t, want, s)
		}
	}
}

// TestUnmarshalZeroTarget: a zero target an engine decodes into unchecked is
// zero again after the engine's error, so the verdict and the target are
// encoding/json's; a -0.0 (zero to reflect, not in its bits) is kept.
func TestUnmarshalZeroTarget(t *testing.T) {
	type ab struct {
		A int `json:"a"`
		B int `json:"b"`
	}
	for _, in := range []string{`{"a":1}garbage`, `{"a":1,"b":"x"}`, `{"a":1,"b":2}`, `{"a":1,"b":2`, `[1]`} {
		var want, got ab
		wantErr := json.Unmarshal([]byte(in), &want)
		gotErr := safejson.Unmarshal([]byte(in), &got)
		testutil.SameError(t, wantErr, gotErr, in)
		assert.Equal(t, want, got, in)
	}
	f := math.Copysign(0, -1)
	require.Error(t, safejson.Unmarshal([]byte(`1x`), &f))
	assert.True(t, math.Signbit(f), "a -0.0 target is left as it was on a syntax error")
}

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
		testutil.SameError(t, wantErr, gotErr, label)
		if wantErr == nil {
			assert.True(t, sameValue(want, got), "%s\nencoding/json: %#v\ngot:           %#v", label, want, got)
		}
	}
	// A Decoder's first value, as json.Decoder's.
	want, got := target(), target()
	wantErr = json.NewDecoder(strings.NewReader(in)).Decode(want)
	gotErr := safejson.NewDecoder(strings.NewReader(in)).Decode(got)
	testutil.SameError(t, wantErr, gotErr, fmt.Sprintf("Decoder: %T %.80q", want, in))
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

// TestDecodeInterfaceKeys: values decoded into interfaces and structs with
// interface fields (goccy's route, with no scan first), with and without a
// key twice in an object, escaped, non-ASCII and case-folded keys, and wide
// objects, decode as encoding/json decodes them.
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
		`{"items":1,"ITEMS":{"a":1},"Items":[2]}`, `{"id":"a","ID":"b","Id":"c"}`, `{"items":{"a":1},"items":{"b":2}}`,
		`{"items":[1],"items":null}`, `{"\u0069tems":1,"items":2}`, `{"ıtems":1}`, `{"İtems":1}`, `{"ıd":"x","items":"ſ"}`,
		"{\"items\":{\"é\":1,\"\\u00e9\":2,\"\xff\":3,\"\\ufffd\":4}}", `{"items":{"K":1,"\u212a":2,"k":3}}`,
		`{"total":{"a":{"b":1},"a":{"c":2}},"total":{"a":3}}`, `{"items":[{"x":1,"x":{"y":2}}],"id":"x","id":"y"}`,
	}
	for _, in := range ins {
		checkAsEncodingJSON(t, in, func() any { return new(any) })
		checkAsEncodingJSON(t, in, func() any { return new(map[string]any) })
		checkAsEncodingJSON(t, in, func() any { return new([]any) })
		checkAsEncodingJSON(t, in, func() any { return new(foldAny) })
		checkAsEncodingJSON(t, in, func() any { return new(map[string][]any) })
	}
}

// TestDuplicateKeysMemory: an engine decoding into an interface with no
// scan first (goccy holds an object's members until it ends and makes its
// map for their number, duplicate keys included) stays within the bound by
// input size: on objects of one key repeated, wide objects, and the longest
// member stack, into an any and into a struct's any field, each decoder
// allocates at most twice, and the value keeps alive at most twice, what
// encoding/json spends on the costliest valid body of the same length for
// the type (testutil.MostCostly, measured at 64 KB and taken per byte: the
// costly bodies repeat one shape). testutil.Reduced takes a tenth of the
// members.
func TestDuplicateKeysMemory(t *testing.T) {
	members, depth, costlyLen := 50000, 300, 64<<10
	if testutil.Reduced() {
		members, depth, costlyLen = 5000, 30, 16<<10
	}
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
	for range depth { // 300 open objects of 64 members: the longest stack
		deep = obj(64, deep)
	}
	dup := func(member string) string { return "{" + strings.Repeat(member+",", members) + member + "}" }
	shapes := map[string]string{
		"dup-keys":      dup(`"a":[1]`),
		"dup-numbers":   dup(`"a":1`),
		"dup-objects":   dup(`"a":{}`),
		"dup-two-keys":  dup(`"b":[],"a":1`),
		"dup-in-arrays": "[" + strings.Repeat(`{"a":1,"a":2,"a":3,"a":4},`, members/2) + "{}]",
		"wide":          "[" + strings.Repeat(obj(64, "{}")+",", members/100) + "{}]",
		"one":           obj(members*3/5, "{}"),
		"deep":          deep,
	}
	heap := testutil.LiveHeap
	for _, typ := range []reflect.Type{reflect.TypeFor[any](), reflect.TypeFor[foldAny]()} {
		most, _ := testutil.MostCostly(typ, costlyLen)
		var costly []byte
		for _, b := range testutil.CostlyBodies(typ, costlyLen) {
			if b.Name == most.Body {
				costly = b.Data
			}
		}
		measure := func(dec func([]byte, any) error, data []byte) (alloc uint64, kept int64) {
			require.NoError(t, dec(data, reflect.New(typ).Interface())) // warm: compile, pools
			alloc = testutil.Allocated(func() { require.NoError(t, dec(data, reflect.New(typ).Interface())) })
			before := heap()
			v := reflect.New(typ).Interface()
			require.NoError(t, dec(data, v))
			kept = heap() - before
			runtime.KeepAlive(v)
			return alloc, kept
		}
		_, mostKept := measure(json.Unmarshal, costly)
		for name, in := range shapes {
			data := []byte(in)
			if typ != reflect.TypeFor[any]() {
				data = []byte(`{"id":"x","items":` + in + `}`)
			}
			perByte := float64(len(data)) / float64(costlyLen)
			for dname, dec := range decoders() {
				alloc, kept := measure(dec, data)
				t.Logf("%v %s, %s: allocated %d, kept %d; encoding/json's costliest body of the length (%s): %.0f, %.0f",
					typ, name, dname, alloc, kept, most.Body, float64(most.Bytes)*perByte, float64(mostKept)*perByte)
				assert.LessOrEqual(t, float64(alloc), 2*float64(most.Bytes)*perByte, "%v %s, %s: bytes allocated", typ, name, dname)
				assert.LessOrEqual(t, float64(kept), 2*float64(mostKept)*perByte+64<<10, "%v %s, %s: heap kept by the value", typ, name, dname)
			}
		}
	}
}

// Dynamic targets (any, map[string]any, []any) go to safejson's own decoder
// under the default plan: Unmarshal and a Decoder give encoding/json's
// verdict on streams mixing the kinds, bad values and numbers out of range,
// into fresh and existing targets, with and without UseNumber; a named
// engine gives the same.

var dynamicStreams = []string{
	`{"a":1} [1] {"b":2} "s" null {"c":[{"d":1e400}]} [1e400] 1e400 {"e":-0} [] {} [[]]`,
	`[{"a":"\ud800"},"\u00e9\uD83D\uDE00",1E+2,0.1e-400] {"a":{"x":1},"a":{"y":2}} x`,
	"{\"k\":\"\xff\"} [1,2",
	`{"a":1}}`,
	`[1] {"a" 1}`,
	`123456789012345678901234567890 -0.0 [true,false,null]`,
}

var dynamicTargets = []struct {
	name string
	new  func() any
}{
	{"any", func() any { return new(any) }},
	{"map", func() any { return new(map[string]any) }},
	{"existing map", func() any { m := map[string]any{"a": "kept", "z": 1.0}; return &m }},
	{"slice", func() any { return new([]any) }},
	{"any holding a value", func() any { v := any(map[string]any{"a": 1.0}); return &v }},
}

func TestDecodeDynamicTargets(t *testing.T) {
	named := map[string]safejson.Options{"default": {}}
	for _, e := range engine.All() {
		named[e.Name()] = safejson.Options{Engine: e}
	}
	for _, in := range dynamicStreams {
		for _, tg := range dynamicTargets {
			for oname, o := range named {
				// Unmarshal of each whole stream and of its first value.
				for _, data := range []string{in, in[:strings.IndexByte(in+" ", ' ')]} {
					want, got := tg.new(), tg.new()
					wantErr, gotErr := json.Unmarshal([]byte(data), want), o.Unmarshal([]byte(data), got)
					name := fmt.Sprintf("Unmarshal %q into %s, %s", data, tg.name, oname)
					testutil.SameError(t, wantErr, gotErr, name)
					assert.True(t, sameValue(want, got), "%s\nencoding/json %#v\nsafejson      %#v", name, want, got)
				}
				for _, useNumber := range []bool{false, true} {
					f := decoderFlags{useNumber: useNumber}
					std, ours := f.std(strings.NewReader(in)), f.ours(strings.NewReader(in))
					ours = oursWith(o, in, useNumber, ours)
					for i := range 20 {
						want, got := tg.new(), tg.new()
						wantErr, gotErr := std.Decode(want), ours.Decode(got)
						name := fmt.Sprintf("Decoder %q into %s, %s, useNumber %v, value %d", in, tg.name, oname, useNumber, i)
						testutil.SameError(t, wantErr, gotErr, name)
						assert.True(t, sameValue(want, got), "%s\nencoding/json %#v\nsafejson      %#v", name, want, got)
						assert.Equal(t, std.InputOffset(), ours.InputOffset(), name)
						if wantErr != nil && !isValueError(wantErr) {
							break
						}
					}
				}
			}
		}
	}
}

// oursWith returns a Decoder of o over in (d itself for the default plan).
func oursWith(o safejson.Options, in string, useNumber bool, d *safejson.Decoder) *safejson.Decoder {
	if o.Engine.IsZero() {
		return d
	}
	d = o.NewDecoder(strings.NewReader(in))
	if useNumber {
		d.UseNumber()
	}
	return d
}

type rawFields struct {
	R json.RawMessage  `json:"r"`
	P *json.RawMessage `json:"p"`
	N int              `json:"n"`
	A any              `json:"a"`
}

// TestDecodeRawMessage: json.RawMessage, which an engine without
// DecodeQuirkRawMessageUTF8 decodes (its UnmarshalJSON is the standard
// library's), keeps the bytes of the value as encoding/json keeps them:
// whitespace inside, escapes, invalid UTF-8, null (a RawMessage holding
// "null", a *RawMessage left nil), a key twice (the last), beside a type
// error elsewhere and in invalid input.
func TestDecodeRawMessage(t *testing.T) {
	ins := []string{
		`{"r":{"a" : [1, 2 ,{"b":null}] },"n":1}`,
		` { "r" : "x\u2028\"\\y" , "p" : [ true ] } `,
		"{\"r\":\"a\xffb\xed\xa0\x80\",\"p\":\"\xfe\"}",
		`{"r":null,"p":null}`, `{"r":1e400,"p":-0}`, `{"r":12345678901234567890}`,
		`{"r":[1],"r":{"x":2},"p":3,"p":[4]}`,
		`{"r":{"x":1},"n":"not an int"}`, `{"n":1.5,"r":[]}`, `{"r":[1,2}`, `{"r":1} x`,
		`{"r":{"a":1,"a":2},"a":{"k":[1,{"k":2}]}}`, `{"R":"case","P":"folded"}`,
		`[{"r":1}]`, `"x"`, `null`, `{}`,
	}
	for _, in := range ins {
		checkAsEncodingJSON(t, in, func() any { return new(rawFields) })
		checkAsEncodingJSON(t, in, func() any { return new(json.RawMessage) })
		checkAsEncodingJSON(t, in, func() any { return new(map[string]json.RawMessage) })
		checkAsEncodingJSON(t, in, func() any { return new([]json.RawMessage) })
		checkAsEncodingJSON(t, "["+in+"]", func() any { return new([]rawFields) })
	}
	// A target holding a RawMessage already: encoding/json writes over it
	// (append to its first zero bytes), and leaves it on a syntax error.
	for _, in := range []string{`{"r":[1]}`, `{"r":[1]`, `{"n":"x"}`} {
		checkAsEncodingJSON(t, in, func() any { return &rawFields{R: json.RawMessage(`"old, long value"`), N: 3} })
	}
}

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
			testutil.SameError(t, wantErr, gotErr, fmt.Sprintf("%q into %T", in, target()))
			assert.Equal(t, wantVals, gotVals, "%q", in)
		}
	}
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
			{testutil.NestedType(12, false, intT), `[]`},
			{testutil.NestedType(18, false, intT), `[[[]]]`},
			{reflect.StructOf([]reflect.StructField{{Name: "F", Type: testutil.NestedType(16, false, intT)}}), `{"F":[[]]}`},
			{testutil.NestedType(12, true, intT), `{"a":{}}`},
			{testutil.NestedType(14, true, reflect.TypeFor[float64]()), `{"a":{"b":{}}}`},
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
			bytesPer[name] = float64(testutil.Allocated(func() {
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
		stream := 20 << 20
		if testutil.Reduced() {
			stream = 4 << 20 // still 4× the bound below, were each value held
		}
		values := stream / len(line)
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
		testutil.SameError(t, wantErr, gotErr, c.in)
		assert.True(t, sameValue(want, got), "Unmarshal %q: encoding/json %#v, safejson %#v", c.in, want, got)

		want, got = c.target(), c.target()
		wantErr = json.NewDecoder(strings.NewReader(c.in)).Decode(want)
		gotErr = safejson.NewDecoder(strings.NewReader(c.in)).Decode(got)
		testutil.SameError(t, wantErr, gotErr, c.in)
		assert.True(t, sameValue(want, got), "Decoder %q: encoding/json %#v, safejson %#v", c.in, want, got)
	}
}

// Work that may exhaust memory runs in a child process: the test binary run
// again for one test, with a memory watchdog that ends the child when its
// memory passes a limit. The bound is on memory, never on time: the watchdog
// only samples.

const childEnv = "SAFEJSON_TEST_CHILD"

// inChild runs work in a child process that may use at most limit bytes, and
// fails t if the child fails or passes the limit. In the child itself, it
// runs work and returns.
func inChild(t *testing.T, limit uint64, work func(t *testing.T)) {
	t.Helper()
	if os.Getenv(childEnv) == t.Name() {
		debug.SetMemoryLimit(int64(limit / 2))
		go watchdog(limit)
		work(t)
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^"+strings.ReplaceAll(t.Name(), "/", "$/^")+"$", "-test.v")
	cmd.Env = append(os.Environ(), childEnv+"="+t.Name())
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	if errors.Is(err, syscall.ENOEXEC) {
		// Under user-mode emulation (go test -exec qemu-…) the test binary
		// cannot run itself: bound what the work allocates instead.
		t.Logf("no child process (%v): the work runs here, its allocation bounded", err)
		require.Less(t, testutil.Allocated(func() { work(t) }), limit, "bytes allocated")
		return
	}
	require.NoError(t, err, "child process:\n%s", out.String())
	require.Contains(t, out.String(), "--- PASS: "+t.Name(), "child process:\n%s", out.String())
}

// watchdog ends the process with status 3 when its memory passes limit.
func watchdog(limit uint64) {
	samples := []metrics.Sample{{Name: "/memory/classes/total:bytes"}}
	for {
		metrics.Read(samples)
		used := samples[0].Value.Uint64()
		if rss := residentBytes(); rss > used {
			used = rss
		}
		if used > limit {
			fmt.Printf("watchdog: %d MB in use, more than the limit of %d MB\n", used>>20, limit>>20)
			os.Exit(3)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// residentBytes is the resident set size on Linux, 0 elsewhere.
func residentBytes() uint64 {
	if runtime.GOOS != "linux" {
		return 0
	}
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) < 2 {
		return 0
	}
	pages, _ := strconv.ParseUint(f[1], 10, 64)
	return pages * uint64(os.Getpagesize())
}

// Pre-filled targets against encoding/json: a target that already holds a
// value (slices with spare capacity holding stale elements, maps with
// entries, structs, pointers, interfaces holding values, arrays) is left by
// Unmarshal and Decoder.Decode exactly as encoding/json leaves a copy of it,
// on success and on every error, on every engine.

// prefillCase is one input and a maker of equal, independent pre-filled
// targets.
type prefillCase struct {
	desc string
	in   []byte
	make func() any
}

// prefillOptions are the Options every case runs under: the default plan
// and each engine compiled in, named.
func prefillOptions() []safejson.Options {
	opts := []safejson.Options{{}}
	for _, e := range engine.All() {
		opts = append(opts, safejson.Options{Engine: e})
	}
	return opts
}

// check compares o's Unmarshal and Decoder with encoding/json's on c.
func (c prefillCase) check(t *testing.T, o safejson.Options) {
	t.Helper()
	name := fmt.Sprintf("%s, engine %v, input %q", c.desc, o.Engine, c.in)
	want, got := c.make(), c.make()
	wantErr := json.Unmarshal(c.in, want)
	gotErr := o.Unmarshal(c.in, got)
	testutil.SameError(t, wantErr, gotErr, "Unmarshal: "+name)
	assert.True(t, sameValue(want, got), "Unmarshal: %s\nencoding/json: %#v\nsafejson:      %#v", name, deref(want), deref(got))

	want, got = c.make(), c.make()
	wantErr = json.NewDecoder(bytes.NewReader(c.in)).Decode(want)
	gotErr = o.NewDecoder(bytes.NewReader(c.in)).Decode(got)
	testutil.SameError(t, wantErr, gotErr, "Decoder: "+name)
	assert.True(t, sameValue(want, got), "Decoder: %s\nencoding/json: %#v\nsafejson:      %#v", name, deref(want), deref(got))
}

func deref(p any) any { return reflect.ValueOf(p).Elem().Interface() }

// TestPrefilledTargets: the targets of the issue and their kin, by hand.
func TestPrefilledTargets(t *testing.T) {
	type inner struct {
		A int
		B string
		F float64
	}
	type outer struct {
		N  int
		S  []inner
		M  map[string]int
		P  *inner
		I  any
		Ar [3]int8
		X  []any
	}
	staleSlice := func() []inner {
		s := make([]inner, 1, 4)
		full := s[:4]
		full[0] = inner{A: 1, B: "one"}
		full[1] = inner{A: 2, B: "stale"}
		full[2] = inner{F: 3}
		return s
	}
	makers := map[string]func() any{
		"[]any len 1 cap 4": func() any { s := make([]any, 1, 4); s[0] = "old"; return &s },
		"[]any stale cap": func() any {
			s := make([]any, 4)
			s[0], s[1], s[2], s[3] = "a", 1.5, map[string]any{"k": "v"}, []any{1.0}
			s = s[:1]
			return &s
		},
		"[]float64 stale cap": func() any { s := []float64{1, 2, 3, 4}[:1]; return &s },
		"[]int8 len 2":        func() any { s := []int8{5, 6}; return &s },
		"[]inner stale cap":   func() any { s := staleSlice(); return &s },
		"[2]any":              func() any { a := [2]any{"x", 2.0}; return &a },
		"[3]int8":             func() any { a := [3]int8{1, 2, 3}; return &a },
		"map[string]any": func() any {
			m := map[string]any{"a": "old", "b": map[string]any{"c": 1.0}}
			return &m
		},
		"map[string]int":            func() any { m := map[string]int{"a": 1, "z": 26}; return &m },
		"map[string][]int":          func() any { m := map[string][]int{"a": {1, 2}}; return &m },
		"map[string]*inner":         func() any { m := map[string]*inner{"a": {A: 1}}; return &m },
		"map[string]map[string]int": func() any { m := map[string]map[string]int{"a": {"x": 1}}; return &m },
		"inner":                     func() any { return &inner{A: 7, B: "b", F: -0.5} },
		"*inner":                    func() any { p := &inner{A: 7}; return &p },
		"any holding a string":      func() any { var x any = "old"; return &x },
		"any holding a map":         func() any { var x any = map[string]any{"a": 1.0}; return &x },
		"any holding *inner":        func() any { var x any = &inner{A: 3}; return &x },
		"any holding []any":         func() any { var x any = []any{"x"}; return &x },
		"outer": func() any {
			i := inner{A: 9}
			return &outer{
				N: 1, S: staleSlice(), M: map[string]int{"m": 1}, P: &i, I: &inner{B: "i"},
				Ar: [3]int8{1, 2, 3}, X: append(make([]any, 0, 3), "x", 2.0),
			}
		},
		"outer, no map": func() any {
			i := inner{A: 9}
			return &outer{
				N: 1, S: staleSlice(), P: &i, I: &inner{B: "i"},
				Ar: [3]int8{1, 2, 3}, X: append(make([]any, 0, 3), "x", 2.0),
			}
		},
		"outer, shared": func() any {
			// One backing array behind S and a pointer into it, and one
			// behind X twice.
			s := staleSlice()
			x := append(make([]any, 0, 4), "x", 2.0)
			return &[2]outer{{S: s, P: &s[:2][1], X: x}, {S: s[:2], X: x[:1], I: &s[0]}}
		},
		"[]*inner": func() any { s := []*inner{{A: 1}, nil, {B: "x"}}; return &s },
		"*[]any":   func() any { s := []any{"x", "y"}; p := &s; return &p },
	}
	inputs := []string{
		`[1e400]`, `["x",0.8,100,1e400,null]`, `[1,2,3,4,5,6]`, `[]`, `null`, `[null]`,
		`[{"A":1e400},{"B":2},{"A":"x","F":1}]`, `[{"A":5},{"B":"new"},{"F":2}]`, `[{"A":5},{"A":300}]`,
		`[300,1,2]`, `[1,"x",3]`, `[true,{},[]]`, `[1.5]`, `[-0]`,
		`{"a":1e400,"b":2,"z":"x"}`, `{"a":{"y":2},"b":null}`, `{"a":[3],"z":[1e400]}`, `{"a":{"B":"x","A":1e400}}`,
		`{"A":1e400,"B":"x"}`, `{"A":1,"B":2,"F":3}`, `{"F":1e400}`, `{}`,
		`{"N":1e400,"S":[{"A":1},{"B":"s"},{"F":"bad"}],"M":{"m":2,"n":"x"},"P":{"A":1e400},"I":{"B":"j","A":1},"Ar":[1,1000],"X":[1,2,1e400]}`,
		`{"N":2,"S":[{"A":1},{"B":"s"}],"M":{"n":3},"P":{"B":"p"},"I":{"A":1},"Ar":[9],"X":[true,1e400]}`,
		`{"S":[{},{},{}],"X":[{},{}]}`, `{"P":null,"I":null,"S":null}`, `"str"`, `1e400`, `3`,
		`{"A":1} x`, `[1,2`,
		`[{"S":[{"A":1},{"B":"s"},{"F":"bad"},{"A":2}],"P":{"A":1e400},"X":[1,2,3,1e400]},{"S":[{"A":3}],"I":{"A":"x"},"X":[true]}]`,
		`[{"S":[{"A":1},{"B":"s"},{"A":2}],"P":{"A":4},"X":[1,2,3]},{"S":[{"F":3}],"I":{"A":5},"X":[{}]}]`,
	}
	for _, o := range prefillOptions() {
		for name, mk := range makers {
			for _, in := range inputs {
				prefillCase{desc: name, in: []byte(in), make: mk}.check(t, o)
			}
		}
	}
}

// randomPrefillCase reads data as a random type and a value of it from
// internal/randtype (the pre-filled target), given spare capacity with stale
// elements here and there, and an input: encoding/json's encoding of the
// value, mutated (members dropped or added, elements cut or repeated, leaves
// replaced by numbers out of range, other kinds, null), or, when the first
// byte says so, the bytes after the type's as they are.
func randomPrefillCase(data []byte) (prefillCase, bool) {
	if len(data) < 3 {
		return prefillCase{}, false
	}
	mode, n := data[0], int(data[1]%48)+1
	rest := data[2:]
	typeSeed := rest[:min(n, len(rest))]
	rest = rest[len(typeSeed):]
	cfg := randtype.Config{NoCycles: true, NoChains: true, NoNaN: true, NoUnsupported: true, MaxDepth: 4, MaxBreadth: 4}
	h := fnv.New64a()
	h.Write(data)
	seed := h.Sum64()
	mk := func() any {
		s := cfg.Generate(typeSeed)
		p := targetOf(s)
		spare(p.Elem(), rand.New(rand.NewPCG(seed, 2)), 0)
		return p.Interface()
	}
	s := cfg.Generate(typeSeed)
	if s.CrashesStd() {
		return prefillCase{}, false
	}
	c := prefillCase{desc: s.Desc, make: mk}
	if mode&1 != 0 {
		c.in = rest
		return c, true
	}
	text, err := safejson.Marshal(s.Value) // encoding/json panics on some (a nil *time.Time key)
	if err != nil {
		return prefillCase{}, false
	}
	var tree any
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.UseNumber()
	if dec.Decode(&tree) != nil {
		return prefillCase{}, false
	}
	r := rand.New(rand.NewPCG(seed, 3))
	tree = mutate(tree, r, 1+r.IntN(3))
	if c.in, err = json.Marshal(tree); err != nil {
		return prefillCase{}, false
	}
	return c, true
}

// targetOf returns a pointer to s's value: the pointer itself when it is
// one, or a new one holding a copy.
func targetOf(s randtype.Sample) reflect.Value {
	v := reflect.ValueOf(s.Value)
	if v.Kind() == reflect.Pointer && v.Type().Elem() == s.Type && !v.IsNil() {
		return v
	}
	p := reflect.New(s.Type)
	if v.IsValid() { // nil: an interface type's zero value
		p.Elem().Set(v)
	}
	return p
}

// spare gives slices reached from v (outside maps, through pointers and
// interfaces holding pointers) spare capacity now and then, holding stale
// copies of their elements, and cuts some of their length: the targets a
// reused slice leaves. The choices follow r in a walk that does not depend on
// map order, so equal values get equal spares.
func spare(v reflect.Value, r *rand.Rand, depth int) {
	if depth > 8 {
		return
	}
	if pkg := v.Type().PkgPath(); pkg != "" && pkg != reflect.TypeFor[randtype.Tree]().PkgPath() {
		return // time.Time, big.Int …: their insides are not the target's to change
	}
	if !v.CanSet() && v.CanAddr() {
		v = reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Elem()
	}
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			spare(v.Elem(), r, depth+1)
		}
	case reflect.Interface:
		if !v.IsNil() && v.Elem().Kind() == reflect.Pointer {
			spare(v.Elem(), r, depth+1)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			spare(v.Field(i), r, depth+1)
		}
	case reflect.Array:
		for i := range v.Len() {
			spare(v.Index(i), r, depth+1)
		}
	case reflect.Slice:
		if v.IsNil() || !v.CanSet() {
			return
		}
		for i := range v.Len() {
			spare(v.Index(i), r, depth+1)
		}
		n := v.Len()
		if n == 0 || r.IntN(3) == 0 {
			return
		}
		extra := 1 + r.IntN(3)
		s := reflect.MakeSlice(v.Type(), n, n+extra)
		reflect.Copy(s, v)
		full := s.Slice(0, n+extra)
		for i := n; i < n+extra; i++ {
			full.Index(i).Set(v.Index(r.IntN(n)))
		}
		v.Set(s.Slice(0, r.IntN(n+1)))
	}
}

// leaves are what mutate puts in place of a value.
var leaves = []any{
	json.Number("1e400"), json.Number("-1e400"), json.Number("1.5"), json.Number("-1"),
	json.Number("0"), json.Number("-0"), json.Number("300"), json.Number("70000"),
	json.Number("18446744073709551616"), json.Number("1e10"), "str", "", true, false, nil,
	[]any{}, map[string]any{}, []any{json.Number("1")}, map[string]any{"A": json.Number("1")},
}

// mutate returns x, a decoded JSON value (numbers as json.Number), with n
// changes at random places.
func mutate(x any, r *rand.Rand, n int) any {
	for range n {
		x = mutateOnce(x, r)
	}
	return x
}

func mutateOnce(x any, r *rand.Rand) any {
	switch v := x.(type) {
	case []any:
		if len(v) > 0 && r.IntN(3) != 0 {
			i := r.IntN(len(v))
			v[i] = mutateOnce(v[i], r)
			return v
		}
		switch r.IntN(4) {
		case 0:
			if len(v) > 0 {
				return v[:r.IntN(len(v))]
			}
		case 1:
			if len(v) > 0 {
				return append(v, v[r.IntN(len(v))])
			}
		}
	case map[string]any:
		if len(v) > 0 && r.IntN(3) != 0 {
			for k, e := range v { // any member: map order is random enough
				v[k] = mutateOnce(e, r)
				return v
			}
		}
		switch r.IntN(4) {
		case 0:
			for k := range v {
				delete(v, k)
				return v
			}
		case 1:
			v[fmt.Sprint("k", r.IntN(4))] = leaves[r.IntN(len(leaves))]
			return v
		}
	}
	return leaves[r.IntN(len(leaves))]
}

// TestPrefilledRandom runs pseudo-random pre-filled cases, the same every
// run, on every engine.
func TestPrefilledRandom(t *testing.T) {
	n := 3000
	if testutil.Reduced() {
		n = 500
	}
	r := rand.New(rand.NewPCG(11, 12))
	opts := prefillOptions()
	for range n {
		data := make([]byte, 8+r.IntN(64))
		for j := range data {
			data[j] = byte(r.Uint32())
		}
		data[0] &^= 1 // a mutated encoding
		c, ok := randomPrefillCase(data)
		if !ok {
			continue
		}
		for _, o := range opts {
			c.check(t, o)
		}
		if t.Failed() {
			return
		}
	}
}

func TestUnmarshalAndDecoder(t *testing.T) {
	for _, e := range engine.All() {
		t.Run(e.Name(), func(t *testing.T) {
			var v struct {
				A int
				B []string
			}
			require.NoError(t, safejson.Options{Engine: e}.Unmarshal([]byte(`{"A":1,"B":["x"]}`), &v))
			assert.Equal(t, 1, v.A)
			assert.Equal(t, []string{"x"}, v.B)

			d := safejson.Options{Engine: e}.NewDecoder(bytes.NewReader([]byte(`{"n":1.5} {"n":2}`)))
			d.UseNumber()
			var m map[string]any
			require.NoError(t, d.Decode(&m))
			assert.Equal(t, json.Number("1.5"), m["n"])
			require.NoError(t, d.Decode(&m))
			assert.ErrorIs(t, d.Decode(&m), io.EOF)
		})
	}
}
