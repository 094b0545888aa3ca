package engine

import (
	"encoding"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"reflect"
	"runtime"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/benchdata"
	"github.com/safejson/safejson/internal/flavor"
	"github.com/safejson/safejson/internal/options"
	"github.com/safejson/safejson/internal/testutil"
)

// Every quirk an engine reports is shown here by a value that triggers it,
// with the engine's bytes written literally; the test fails when an engine
// writes encoding/json's bytes instead (a new version fixed it: drop the
// quirk), when an engine shows a quirk it does not report, and when an engine
// reports a quirk no demo shows.

type quotedString struct {
	S string `json:"s,string"`
}

type quotedNamed struct {
	N textlessString  `json:"n,string"`
	P *string         `json:"p,string"`
	Q *textlessString `json:"q,string"`
}

type textlessString string

type rawControl struct{}

func (rawControl) MarshalJSON() ([]byte, error) { return []byte(`"\u0008\u000c"`), nil }

type rawInvalidUTF8 struct{}

func (rawInvalidUTF8) MarshalJSON() ([]byte, error) { return []byte("\"a\xffb\""), nil }

// Types for QuirkEmbeddedPointerMethods and QuirkStickyPointerMethods.
type textInside struct{ T pointerText }

// jsonAndText has MarshalJSON and MarshalText, on value receivers.
type jsonAndText int

func (v jsonAndText) MarshalJSON() ([]byte, error) { return fmt.Appendf(nil, `"json-%d"`, int(v)), nil }
func (v jsonAndText) MarshalText() ([]byte, error) { return fmt.Appendf(nil, "text-%d", int(v)), nil }

type embedsTextPointer struct{ *textInside }
type jsonInside struct{ J pointerMarshaler }
type embedsJSONPointer struct{ *jsonInside }

// poisonText is used by the QuirkStickyPointerMethods demos only: once sonic
// has met it in the poisoning position, its encoder stays wrong.
type poisonText string

func (p *poisonText) MarshalText() ([]byte, error) { return []byte("method"), nil }

// poisonHolder is the poisoning position: behind a pointer, an array field
// of structs with an interface field.
func poisonHolder(v any) any {
	h := &struct{ A [2]struct{ X any } }{}
	h.A[1].X = v
	return h
}

// oddTagNames has tag names the classic encoding/json drops for the field
// name (a quote, a backslash, a symbol) and one it takes (a letter).
type oddTagNames struct {
	//lint:ignore SA5008 a quote in the name, on purpose: json/v2 cuts it there
	A int `json:"a\"b"`
	//lint:ignore SA5008 a backslash in the name, on purpose: json/v2 cuts it there
	B int `json:"c\\d"`
	C int `json:"☺"`
	//lint:ignore SA5008 a quote in the name, on purpose: json/v2 cuts it there
	D int `json:"e'f"`
	E int `json:"é"`
}

// collidingTagNames: on json/v2, the first name is cut to "b", which the
// second has: encoding/json drops both.
type collidingTagNames struct {
	//lint:ignore SA5008 a quote in the name, on purpose: json/v2 cuts it there
	B int `json:"b\"x"`
	C int `json:"b"`
}

type rawArray string

func (r rawArray) MarshalJSON() ([]byte, error) { return []byte(r), nil }

type valueTextMarshaler string

func (v valueTextMarshaler) MarshalText() ([]byte, error) { return []byte("text:" + v), nil }

// doublePointer shows QuirkDoublePointerMethods safely: the same size as a
// pointer, and its method only reads N.
type doublePointer struct{ N uintptr }

func (p *doublePointer) MarshalJSON() ([]byte, error) {
	if p == nil {
		return []byte(`"nil receiver"`), nil
	}
	return fmt.Appendf(nil, `"n=%d"`, p.N), nil
}

// demoOutcome is what an engine showing the quirk does with a demo value.
type demoOutcome struct {
	out      string // its bytes, when it writes the value
	arm64    string // its bytes on arm64, if they differ from out
	rejected bool   // it returns a *Rejected instead
}

type quirkDemo struct {
	name  string
	quirk Quirks
	v     any
	opts  options.Output
	arch  string // the quirk shows only on this GOARCH ("" for all)
	// quirky lists the engines that show the quirk on this value; every
	// other engine must do what encoding/json does (write its bytes, or be
	// rejected where encoding/json fails).
	quirky map[string]demoOutcome
	// v2, when not nil, replaces quirky on flavour v2 (encoding/json on
	// json/v2), whose bytes or verdict differ for the value: an empty map
	// says no engine shows the quirk there.
	v2 map[string]demoOutcome
}

// quirkyEngines returns d.quirky, or d.v2 on flavour v2 if set.
func (d quirkDemo) quirkyEngines() map[string]demoOutcome {
	if flavor.V2 && d.v2 != nil {
		return d.v2
	}
	return d.quirky
}

// none is the v2 of a demo whose quirk no engine shows on flavour v2.
var none = map[string]demoOutcome{}

func quirkDemos() []quirkDemo {
	negZero := math.Copysign(0, -1)
	five := 5
	var marshaler json.Marshaler = rawArray("[1, 2]")
	inner := &doublePointer{N: 7}
	var textMarshaler encoding.TextMarshaler = valueTextMarshaler("t")
	str := "s"
	named := textlessString("<n>")
	return []quirkDemo{
		// QuirkStringOption.
		{name: "string option html", quirk: QuirkStringOption, v: quotedString{"<a&b>"},
			quirky: map[string]demoOutcome{"sonic": {out: `{"s":"\"\u003ca\u0026b\u003e\""}`}}},
		{name: "string option line separator", quirk: QuirkStringOption, v: quotedString{"a\u2028b"},
			quirky: map[string]demoOutcome{"sonic": {out: `{"s":"\"a\u2028b\""}`}}},
		{name: "string option line separator unescaped html", quirk: QuirkStringOption, v: quotedString{"<\u2029"}, opts: options.Output{NoEscapeHTML: true},
			quirky: map[string]demoOutcome{"sonic": {out: `{"s":"\"<\u2029\""}`}}},
		{name: "string option invalid utf-8", quirk: QuirkStringOption, v: quotedString{"a\xffb"}, opts: options.Output{NoEscapeHTML: true},
			// encoding/json on json/v2 writes the U+FFFD raw, so the single
			// escape makes no difference there.
			quirky: map[string]demoOutcome{"sonic": {out: `{"s":"\"a\ufffdb\""}`}}, v2: none},
		{name: "string option control", quirk: QuirkStringOption, v: quotedString{"\b\f"},
			quirky: map[string]demoOutcome{"sonic": {out: `{"s":"\"\\u0008\\u000c\""}`}}},
		{name: "string option named and pointers", quirk: QuirkStringOption, v: quotedNamed{N: named, P: &str, Q: &named},
			quirky: map[string]demoOutcome{"sonic": {out: `{"n":"\"\u003cn\u003e\"","p":"\"s\"","q":"\"\u003cn\u003e\""}`}}},
		{name: "string option indented", quirk: QuirkStringOption, v: quotedString{"&"}, opts: options.Output{Indent: " "},
			quirky: map[string]demoOutcome{"sonic": {out: "{\n \"s\": \"\\\"\\u0026\\\"\"\n}"}}},

		// QuirkMarshalerOutput.
		// On flavour v2 the wrapper writes sonic's \ufffd as a raw U+FFFD;
		// encoding/json keeps the invalid byte on both.
		{name: "raw message invalid utf-8", quirk: QuirkMarshalerOutput, v: json.RawMessage("\"a\xffb\""),
			quirky: map[string]demoOutcome{"sonic": {out: `"a\ufffdb"`}},
			v2:     map[string]demoOutcome{"sonic": {out: "\"a\uFFFDb\""}}},
		{name: "marshaler invalid utf-8 nested", quirk: QuirkMarshalerOutput, v: []any{rawInvalidUTF8{}}, opts: options.Output{NoEscapeHTML: true},
			quirky: map[string]demoOutcome{"sonic": {out: `["a\ufffdb"]`}},
			v2:     map[string]demoOutcome{"sonic": {out: "[\"a\uFFFDb\"]"}}},
		{name: "marshaler control escapes", quirk: QuirkMarshalerOutput, v: rawControl{},
			quirky: map[string]demoOutcome{"sonic": {out: `"\b\f"`}}},
		{name: "raw message line separator unescaped html", quirk: QuirkMarshalerOutput, v: map[string]json.RawMessage{"r": json.RawMessage("\"\u2028<\"")}, opts: options.Output{NoEscapeHTML: true},
			// encoding/json on json/v2 escapes them too (and the goccy
			// wrapper does there).
			quirky: map[string]demoOutcome{"sonic": {out: `{"r":"\u2028<"}`}}, v2: none},

		// QuirkNegativeZero.
		{name: "negative zero", quirk: QuirkNegativeZero, v: negZero, arch: "arm64",
			quirky: map[string]demoOutcome{"sonic": {out: `0`}}},
		{name: "negative zero float32 field", quirk: QuirkNegativeZero, v: struct{ F float32 }{float32(negZero)}, arch: "arm64",
			quirky: map[string]demoOutcome{"sonic": {out: `{"F":0}`}}},
		{name: "negative zero in map", quirk: QuirkNegativeZero, v: map[string]any{"z": negZero}, arch: "arm64",
			quirky: map[string]demoOutcome{"sonic": {out: `{"z":0}`}}},

		// QuirkUnsupportedMapKey: the classic encoding/json rejects every one
		// of these; on json/v2 it writes float and pointer keys (a pointer
		// key as the value it points to, a nil map as null), which the
		// engines reject, or write as it does (goccy's pointer keys).
		{name: "bool map key", quirk: QuirkUnsupportedMapKey, v: map[bool]int{true: 1, false: 0},
			quirky: map[string]demoOutcome{"sonic": {out: `{"false":0,"true":1}`}}},
		{name: "empty float map key", quirk: QuirkUnsupportedMapKey, v: map[float64]int{},
			quirky: map[string]demoOutcome{"sonic": {out: `{}`}},
			v2:     map[string]demoOutcome{"goccy": {rejected: true}}},
		{name: "nil float map key", quirk: QuirkUnsupportedMapKey, v: map[float32]string(nil),
			quirky: map[string]demoOutcome{"sonic": {out: `null`}},
			v2:     map[string]demoOutcome{"goccy": {rejected: true}}},
		{name: "float map key", quirk: QuirkUnsupportedMapKey, v: map[float64]int{1.5: 1},
			v2: map[string]demoOutcome{"sonic": {rejected: true}, "goccy": {rejected: true}}},
		{name: "int pointer map key", quirk: QuirkUnsupportedMapKey, v: map[*int]int{&five: 1},
			quirky: map[string]demoOutcome{"goccy": {out: `{"5":1}`}},
			v2:     map[string]demoOutcome{"sonic": {rejected: true}}},
		{name: "string pointer map key", quirk: QuirkUnsupportedMapKey, v: map[*string]string{&str: "<"},
			quirky: map[string]demoOutcome{"goccy": {out: `{"s":"\u003c"}`}},
			v2:     map[string]demoOutcome{"sonic": {rejected: true}}},
		{name: "empty pointer pointer map key", quirk: QuirkUnsupportedMapKey, v: map[**int]int{},
			quirky: map[string]demoOutcome{"goccy": {out: `{}`}},
			v2:     map[string]demoOutcome{"sonic": {rejected: true}}},
		{name: "nil pointer map key map", quirk: QuirkUnsupportedMapKey, v: map[*int]int(nil),
			quirky: map[string]demoOutcome{"goccy": {out: `null`}},
			v2:     map[string]demoOutcome{"sonic": {rejected: true}}},

		// QuirkDepthLimit: encoding/json writes every one of these.
		{name: "2047 pointer levels", quirk: QuirkDepthLimit, v: benchdata.DeepStruct(2047)},
		{name: "2048 pointer levels", quirk: QuirkDepthLimit, v: benchdata.DeepStruct(2048), arch: "amd64",
			quirky: map[string]demoOutcome{"sonic": {rejected: true}}},
		{name: "2049 pointer levels", quirk: QuirkDepthLimit, v: benchdata.DeepStruct(2049),
			quirky: map[string]demoOutcome{"sonic": {rejected: true}}},
		{name: "2048 map levels", quirk: QuirkDepthLimit, v: benchdata.DeepMap(2048), arch: "amd64",
			quirky: map[string]demoOutcome{"sonic": {rejected: true}}},
		{name: "2049 map levels", quirk: QuirkDepthLimit, v: benchdata.DeepMap(2049),
			quirky: map[string]demoOutcome{"sonic": {rejected: true}}},
		{name: "4095 array levels", quirk: QuirkDepthLimit, v: testutil.NestedAny(4095, 1)},
		{name: "4096 array levels", quirk: QuirkDepthLimit, v: testutil.NestedAny(4096, 1), arch: "amd64",
			quirky: map[string]demoOutcome{"sonic": {rejected: true}}},
		{name: "4097 array levels", quirk: QuirkDepthLimit, v: testutil.NestedAny(4097, 1),
			quirky: map[string]demoOutcome{"sonic": {rejected: true}}},
		{name: "10000 array levels", quirk: QuirkDepthLimit, v: testutil.NestedAny(10000, 1),
			quirky: map[string]demoOutcome{"sonic": {rejected: true}}},
		// encoding/json on json/v2 stops at 10000 levels too.
		{name: "10001 array levels", quirk: QuirkDepthLimit, v: testutil.NestedAny(10001, 1),
			quirky: map[string]demoOutcome{"sonic": {rejected: true}, "goccy": {rejected: true}}, v2: none},
		{name: "10001 pointer levels", quirk: QuirkDepthLimit, v: benchdata.DeepStruct(10001),
			quirky: map[string]demoOutcome{"sonic": {rejected: true}, "goccy": {rejected: true}}, v2: none},

		// QuirkOmitEmptyNegativeZero.
		{name: "omitempty negative zero", quirk: QuirkOmitEmptyNegativeZero, v: struct {
			F float64 `json:"f,omitempty"`
			G float32 `json:"g,omitempty"`
		}{negZero, float32(negZero)},
			quirky: map[string]demoOutcome{"sonic": {out: `{"f":-0,"g":-0}`, arm64: `{"f":0,"g":0}`}}},

		// QuirkEmbeddedPointerMethods.
		{name: "embedded pointer text field", quirk: QuirkEmbeddedPointerMethods, v: embedsTextPointer{&textInside{}},
			quirky: map[string]demoOutcome{"sonic": {out: `{"T":{"X":0}}`}}},
		{name: "embedded pointer json field in interface", quirk: QuirkEmbeddedPointerMethods, v: []any{embedsJSONPointer{&jsonInside{}}},
			quirky: map[string]demoOutcome{"sonic": {out: `[{"J":{"X":0}}]`}}},
		{name: "embedded pointer json field in map value", quirk: QuirkEmbeddedPointerMethods, v: map[string]embedsJSONPointer{"k": {&jsonInside{}}},
			quirky: map[string]demoOutcome{"sonic": {out: `{"k":{"J":{"X":0}}}`}}},
		// Addressable outer struct, or a named pointer field: as encoding/json.
		{name: "embedded pointer behind pointer", quirk: QuirkEmbeddedPointerMethods, v: &embedsTextPointer{&textInside{}}},
		{name: "named pointer field", quirk: QuirkEmbeddedPointerMethods, v: struct{ P *textInside }{&textInside{}}},

		// QuirkStickyPointerMethods: the value that poisons poisonText, then
		// poisonText where it is not addressable.
		{name: "sticky poisoning value", quirk: QuirkStickyPointerMethods, v: poisonHolder(poisonText("a")),
			quirky: map[string]demoOutcome{"sonic": {out: `{"A":[{"X":null},{"X":"method"}]}`}}},
		{name: "sticky poisoned top level", quirk: QuirkStickyPointerMethods, v: poisonText("b"),
			quirky: map[string]demoOutcome{"sonic": {out: `"method"`}}},
		{name: "sticky poisoned in interface", quirk: QuirkStickyPointerMethods, v: map[string]any{"k": poisonText("c")},
			quirky: map[string]demoOutcome{"sonic": {out: `{"k":"method"}`}}},
		{name: "sticky poisoned addressable", quirk: QuirkStickyPointerMethods, v: []poisonText{"d"}},

		// QuirkMarshalerInterfacePointer.
		{name: "field pointer to json.Marshaler", quirk: QuirkMarshalerInterfacePointer, v: struct{ V *json.Marshaler }{&marshaler},
			quirky: map[string]demoOutcome{"goccy": {out: `{"V":null}`}}},
		{name: "field pointer to TextMarshaler", quirk: QuirkMarshalerInterfacePointer, v: &struct {
			N int
			V *encoding.TextMarshaler
		}{1, &textMarshaler},
			quirky: map[string]demoOutcome{"goccy": {out: `{"N":1,"V":null}`}}},
		{name: "pointer to json.Marshaler elsewhere", quirk: QuirkMarshalerInterfacePointer, v: []*json.Marshaler{&marshaler}},

		// QuirkDoublePointerMethods: on a nil *T goccy reads the zeroed
		// pointer variable as the T.
		{name: "double pointer field, nil inner", quirk: QuirkDoublePointerMethods, v: struct{ F **doublePointer }{new(*doublePointer)},
			quirky: map[string]demoOutcome{"goccy": {out: `{"F":"n=0"}`}}},
		{name: "double pointer field in struct behind pointer", quirk: QuirkDoublePointerMethods, v: &struct {
			A int
			F **doublePointer
		}{1, new(*doublePointer)},
			quirky: map[string]demoOutcome{"goccy": {out: `{"A":1,"F":"n=0"}`}}},
		{name: "double pointer field", quirk: QuirkDoublePointerMethods, v: struct{ F **doublePointer }{&inner},
			// goccy passes &inner for the receiver: N is inner's address.
			quirky: map[string]demoOutcome{"goccy": {out: fmt.Sprintf(`{"F":"n=%d"}`, uintptr(unsafe.Pointer(inner)))}}},
		{name: "double pointer elsewhere", quirk: QuirkDoublePointerMethods, v: []**doublePointer{new(*doublePointer)}},

		// QuirkUnwrittenTypeRejected: encoding/json writes every one of these.
		{name: "empty slice of complex-key maps", quirk: QuirkUnwrittenTypeRejected, v: []map[complex128]int{},
			quirky: map[string]demoOutcome{"sonic": {rejected: true}, "goccy": {rejected: true}}},
		{name: "omitted nil map with struct keys", quirk: QuirkUnwrittenTypeRejected, v: struct {
			N int
			M map[struct{ K string }]int `json:",omitempty"`
		}{N: 1},
			quirky: map[string]demoOutcome{"sonic": {rejected: true}, "goccy": {rejected: true}}},
		{name: "nil pointer to struct with array-key map", quirk: QuirkUnwrittenTypeRejected, v: struct {
			P *struct{ M map[[2]int]string }
		}{},
			quirky: map[string]demoOutcome{"sonic": {rejected: true}, "goccy": {rejected: true}}},
		{name: "empty slice of interface-key maps", quirk: QuirkUnwrittenTypeRejected, v: []map[any]int{},
			quirky: map[string]demoOutcome{"sonic": {rejected: true}, "goccy": {rejected: true}},
			// goccy follows json/v2's interface keys there.
			v2: map[string]demoOutcome{"sonic": {rejected: true}}},
		{name: "empty array of float-key maps", quirk: QuirkUnwrittenTypeRejected, v: [0]map[float64]int{},
			quirky: map[string]demoOutcome{"goccy": {rejected: true}}},
		{name: "omitted nil chan field", quirk: QuirkUnwrittenTypeRejected, v: struct {
			C chan int `json:",omitempty,omitzero"`
			N int
		}{N: 1},
			quirky: map[string]demoOutcome{"sonic": {rejected: true}}},
		{name: "omitted zero complex field", quirk: QuirkUnwrittenTypeRejected, v: struct {
			C complex64 `json:",omitzero,omitempty"`
		}{},
			quirky: map[string]demoOutcome{"sonic": {rejected: true}}},
		{name: "empty slice of pointer-key maps", quirk: QuirkUnwrittenTypeRejected, v: []map[*int]int{},
			quirky: map[string]demoOutcome{"sonic": {rejected: true}}},

		// QuirkTagName: tag names the classic encoding/json does not take.
		{name: "tag names with quotes and symbols", quirk: QuirkTagName, v: oddTagNames{1, 2, 3, 4, 5},
			v2: map[string]demoOutcome{
				"sonic": {out: `{"A":1,"B":2,"C":3,"D":4,"é":5}`},
				"goccy": {out: `{"A":1,"B":2,"C":3,"D":4,"é":5}`},
			}},
		{name: "tag name cut makes a collision", quirk: QuirkTagName, v: collidingTagNames{1, 2},
			v2: map[string]demoOutcome{
				"sonic": {out: `{"B":1,"b":2}`},
				"goccy": {out: `{"B":1,"b":2}`},
			}},

		// QuirkInterfaceMethods: an interface type with a marshal method
		// holding a value with both.
		{name: "text marshaler interface holding a marshaler", quirk: QuirkInterfaceMethods, v: struct{ X encoding.TextMarshaler }{jsonAndText(7)},
			v2: map[string]demoOutcome{"sonic": {out: `{"X":"text-7"}`}, "goccy": {out: `{"X":"text-7"}`}}},
		{name: "slice of text marshaler interfaces", quirk: QuirkInterfaceMethods, v: []encoding.TextMarshaler{jsonAndText(1), nil},
			v2: map[string]demoOutcome{"sonic": {out: `["text-1",null]`}, "goccy": {out: `["text-1",null]`}}},
		{name: "json marshaler interface", quirk: QuirkInterfaceMethods, v: struct{ X json.Marshaler }{jsonAndText(2)}},

		// QuirkArrayMethods: non-addressable arrays.
		{name: "array of pointer marshalers", quirk: QuirkArrayMethods, v: [1]pointerMarshaler{{1}},
			quirky: map[string]demoOutcome{"goccy": {out: `["pointer"]`}}},
		{name: "array in struct held by value", quirk: QuirkArrayMethods, v: struct{ A [2]pointerMarshaler }{},
			quirky: map[string]demoOutcome{"goccy": {out: `{"A":["pointer","pointer"]}`}}},
		{name: "array in map value", quirk: QuirkArrayMethods, v: map[string][1]pointerText{"k": {}},
			quirky: map[string]demoOutcome{"goccy": {out: `{"k":["ptext"]}`}}},
		{name: "array in interface", quirk: QuirkArrayMethods, v: []any{[1]pointerText{}}, opts: options.Output{Indent: "\t"},
			quirky: map[string]demoOutcome{"goccy": {out: "[\n\t[\n\t\t\"ptext\"\n\t]\n]"}}},
		{name: "array of structs holding big.Int", quirk: QuirkArrayMethods, v: [1]struct{ X big.Int }{{*big.NewInt(5)}},
			quirky: map[string]demoOutcome{"goccy": {out: `[{"X":5}]`}}},
		{name: "array in struct in struct held by value", quirk: QuirkArrayMethods, v: struct{ S struct{ A [1]pointerText } }{},
			quirky: map[string]demoOutcome{"goccy": {out: `{"S":{"A":["ptext"]}}`}}},
		{name: "array of arrays", quirk: QuirkArrayMethods, v: [1][1]pointerMarshaler{},
			quirky: map[string]demoOutcome{"goccy": {out: `[["pointer"]]`}}},
		// Addressable arrays are written as encoding/json writes them.
		{name: "addressable array", quirk: QuirkArrayMethods, v: &[1]pointerMarshaler{{1}}},
		{name: "array in slice", quirk: QuirkArrayMethods, v: [][1]pointerMarshaler{{{1}}}},
		{name: "array in struct behind pointer", quirk: QuirkArrayMethods, v: &struct{ A [1]pointerText }{}},
	}
}

func TestQuirkDemos(t *testing.T) {
	shown := map[string]Quirks{}
	for _, d := range quirkDemos() {
		stdOut, stdErr := stdAppend(d.v, d.opts)
		for _, e := range All() {
			name := d.name + "/" + e.Name()
			want, quirky := d.quirkyEngines()[e.Name()]
			if quirky && d.arch != "" && d.arch != runtime.GOARCH {
				quirky = false
			}
			got, err := e.Append(nil, d.v, d.opts)
			if !quirky {
				// As encoding/json.
				if stdErr != nil {
					assert.True(t, IsRejected(err), "%s: encoding/json fails (%v), want *Rejected, got %v", name, stdErr, err)
				} else if assert.NoError(t, err, name) {
					assert.Equal(t, string(stdOut), string(got), name)
				}
				continue
			}
			shown[e.Name()] |= d.quirk
			assert.True(t, e.Quirks().Has(d.quirk), "%s: shows %v but does not report it", name, d.quirk)
			if want.rejected {
				assert.NoError(t, stdErr, "%s: encoding/json must write it", name)
				assert.True(t, IsRejected(err), "%s: want *Rejected, got %v", name, err)
				continue
			}
			if !assert.NoError(t, err, name) {
				continue
			}
			if want.arm64 != "" && runtime.GOARCH == "arm64" {
				want.out = want.arm64
			}
			assert.Equal(t, want.out, string(got), name)
			if stdErr == nil {
				assert.NotEqual(t, string(stdOut), want.out, "%s: the demo must differ from encoding/json", name)
			}
		}
	}
	shown["sonic"] |= nestedTypeCompileShown(t, "sonic")
	for _, e := range All() {
		assert.Equal(t, e.Quirks().String(), shown[e.Name()].String(), "%s: reported quirks and demonstrated quirks differ", e.Name())
	}
}

// nestedTypeCompileShown demonstrates QuirkNestedTypeCompile on every engine
// and returns it if the named engine shows it: the memory the first encode of
// a fresh type allocates grows exponentially with the levels of nested map
// types on sonic (about ×4 a level from 3 levels on amd64, ×2 a level from 8
// on arm64), and hardly at all elsewhere.
func nestedTypeCompileShown(t *testing.T, engineName string) Quirks {
	small, large := 3, 8
	if runtime.GOARCH == "arm64" {
		small, large = 6, 12
	}
	var shown Quirks
	for _, e := range All() {
		small := firstEncodeAlloc(t, e, small)
		large := firstEncodeAlloc(t, e, large)
		ratio := float64(large) / float64(max(small, 1))
		// Small figures are noisy (a few KB either way): the blowup is told
		// by its size as well as its growth.
		blowup := ratio > 16 && large > 4<<20
		if e.Quirks().Has(QuirkNestedTypeCompile) {
			assert.True(t, blowup, "%s: first-encode allocation %d → %d bytes", e.Name(), small, large)
		} else {
			assert.Less(t, large, uint64(1<<20), "%s: first-encode allocation %d → %d bytes", e.Name(), small, large)
		}
		if e.Name() == engineName && blowup {
			shown |= QuirkNestedTypeCompile
		}
	}
	return shown
}

var freshTypes int

// firstEncodeAlloc returns the bytes allocated by the first encode of a nil
// map of a type no engine has seen: depth levels of map[string] around a new
// struct type.
func firstEncodeAlloc(t *testing.T, e Engine, depth int) uint64 {
	freshTypes++
	typ := reflect.StructOf([]reflect.StructField{{Name: fmt.Sprintf("Fresh%d", freshTypes), Type: reflect.TypeFor[int]()}})
	for range depth {
		typ = reflect.MapOf(reflect.TypeFor[string](), typ)
	}
	v := reflect.Zero(typ).Interface()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	out, err := e.Append(nil, v, options.Output{})
	runtime.ReadMemStats(&after)
	require.NoError(t, err)
	require.Equal(t, "null", string(out))
	return after.TotalAlloc - before.TotalAlloc
}

func TestQuirksString(t *testing.T) {
	assert.Equal(t, bits.TrailingZeros64(uint64(quirkEnd)), len(quirkNames), "a name for every quirk")
	assert.Equal(t, "none", Quirks(0).String())
	assert.Equal(t, "StringOption", QuirkStringOption.String())
	assert.Equal(t, "NegativeZero|ArrayMethods", (QuirkArrayMethods | QuirkNegativeZero).String())
	assert.Equal(t, "DepthLimit|Quirk(1<<40)", (QuirkDepthLimit | 1<<40).String())
	assert.True(t, (QuirkDepthLimit | QuirkArrayMethods).Has(QuirkArrayMethods))
	assert.False(t, QuirkDepthLimit.Has(QuirkDepthLimit|QuirkArrayMethods))
}
