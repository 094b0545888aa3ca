package engine

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"strings"
	"time"

	"github.com/safejson/safejson/internal/benchdata"
)

// The ordinary values every engine must write exactly as encoding/json does,
// compact, indented, with and without HTML escaping. None of them triggers a
// quirk (quirks_test.go has those); the marshalers among them return valid,
// compact UTF-8.

type valueMarshaler struct{ X int }

func (v valueMarshaler) MarshalJSON() ([]byte, error) {
	return []byte(fmt.Sprintf(`{"v" : %d, "html":"<&>"}`, v.X)), nil
}

type pointerMarshaler struct{ X int }

func (p *pointerMarshaler) MarshalJSON() ([]byte, error) {
	if p == nil {
		return []byte(`"nil receiver"`), nil
	}
	return []byte(`"pointer"`), nil
}

type valueText struct{ A, B int }

func (v valueText) MarshalText() ([]byte, error) { return []byte(fmt.Sprintf("%d<%d", v.A, v.B)), nil }

type pointerText struct{ X int }

func (p *pointerText) MarshalText() ([]byte, error) { return []byte("ptext"), nil }

type textString string

func (s textString) MarshalText() ([]byte, error) { return []byte("text-" + string(s)), nil }

type textInt int

func (i textInt) MarshalText() ([]byte, error) { return []byte(fmt.Sprint("n", int(i))), nil }

type zeroer struct{ X int }

func (z zeroer) IsZero() bool { return z.X == 42 }

type pointerZeroer struct{ X int }

func (z *pointerZeroer) IsZero() bool { return z == nil || z.X == 42 }

type omitZero struct {
	A zeroer        `json:"a,omitzero"`
	B pointerZeroer `json:"b,omitzero"`
	C time.Time     `json:"c,omitzero"`
	D int           `json:"d,omitzero"`
	E *int          `json:"e,omitzero"`
	F [2]int        `json:"f,omitzero"`
	G struct{}      `json:"g,omitzero"`
}

type omitEmpty struct {
	A string         `json:",omitempty"`
	B []int          `json:",omitempty"`
	C map[string]int `json:",omitempty"`
	D *int           `json:",omitempty"`
	E [0]int         `json:",omitempty"`
	F float64        `json:",omitempty"`
	G any            `json:",omitempty"`
	H struct{}       `json:",omitempty"`
	I time.Time      `json:",omitempty"`
	J bool           `json:",omitempty"`
	K uint8          `json:",omitempty"`
}

type quotedScalars struct {
	I  int     `json:"i,string"`
	I8 int8    `json:"i8,string"`
	U  uint16  `json:"u,string"`
	F  float64 `json:"f,string"`
	F2 float32 `json:"f2,string"`
	B  bool    `json:"b,string"`
	P  *int    `json:"p,string"`
	N  *int    `json:"n,string"`
	//lint:ignore SA5008 ,string on kinds it does not apply to, on purpose
	A any `json:"a,string"`
	//lint:ignore SA5008 ,string on kinds it does not apply to, on purpose
	S []int `json:"s,string"`
	// Without <, >, &, U+2028, U+2029, U+0008, U+000C or invalid UTF-8,
	// which sonic's QuirkStringOption needs.
	T string `json:"t,string"`
}

type dash struct {
	//lint:ignore SA5008 a member named "-", on purpose
	A int `json:"-,"`
	B int `json:"-"`
	c int
}

type embA struct{ X, Y int }
type embB struct {
	X int
	Z int
}
type embTagged struct {
	X int `json:"X"`
}
type conflict struct {
	embA
	embB
}
type dominant struct {
	embA
	embTagged
}
type embPointer struct {
	*embA
	V int
}
type myInt int
type embNamed struct {
	myInt
	X int
}
type embMarshaler struct {
	valueMarshaler
	Y int
}
type unexportedEmbedded struct{ Exported, hidden int }
type embUnexportedPointer struct {
	*unexportedEmbedded
	Own int
}
type embTime struct {
	time.Time
	Zone string
}
type taggedEmbedded struct {
	embA `json:"a"`
	B    int
}
type manyFields struct {
	F00, F01, F02, F03, F04, F05, F06, F07, F08, F09 int
	F10, F11, F12, F13, F14, F15, F16, F17, F18, F19 string
	F20, F21, F22, F23, F24, F25, F26, F27, F28, F29 float64
	F30, F31, F32, F33, F34, F35, F36, F37, F38, F39 bool
	F40, F41, F42, F43, F44, F45, F46, F47, F48, F49 *int
	F50, F51, F52, F53, F54, F55, F56, F57, F58, F59 []byte
	F60, F61, F62, F63, F64, F65, F66, F67, F68, F69 any
}

// escapeAtEveryOffset returns strings of n bytes holding one character that
// needs escaping at each offset, across the block boundaries of the
// engines' vector code.
func escapeAtEveryOffset(n int) []string {
	var out []string
	for _, esc := range []string{"\"", "<", "\n", "\u2028", "\xff", "é", "\b"} {
		for i := 0; i+len(esc) <= n; i++ {
			out = append(out, strings.Repeat("a", i)+esc+strings.Repeat("b", n-i-len(esc)))
		}
	}
	return out
}

type node struct {
	Name     string  `json:"name"`
	Children []*node `json:"children,omitempty"`
}

type namedBytes []byte
type namedByte byte
type bytesOfNamed []namedByte
type byteMarshaler byte

func (byteMarshaler) MarshalJSON() ([]byte, error) { return []byte(`"b"`), nil }

type bytesOfMarshalers []byteMarshaler

type iface interface{ M() }
type impl struct{ A int }

func (impl) M() {}

type holder struct {
	A any   `json:"a"`
	I iface `json:"i"`
	E error `json:"e"`
}

type weirdTags struct {
	A int `json:"a b"`
	B int `json:"é"`
	C int `json:"!#$%&()*+-./:;<=>?@[]^_{|}~ "`
	//lint:ignore SA5008 an invalid name (the field's own is used), on purpose
	D int `json:"\\"`
	E int `json:",omitempty,string"`
}

func intPtr(i int) *int { return &i }

type valueCase struct {
	name string
	v    any
}

func ordinaryValues() []valueCase {
	var nilPointerMarshaler *pointerMarshaler
	var nilValueMarshaler *valueMarshaler
	tree := &node{Name: "root", Children: []*node{{Name: "a"}, {Name: "b", Children: []*node{{Name: "<c>"}}}}}
	shared := &embA{1, 2}
	return []valueCase{
		{"nil", nil},
		{"true", true},
		{"ints", []any{0, -1, int64(math.MaxInt64), int64(math.MinInt64), int8(-128), uint8(255), uint64(math.MaxUint64), uintptr(7)}},
		{"floats", []float64{0, 1, -1, 0.1, 1e20, 1e21, -1e21, 1e-6, 1e-7, 123456789e-15, 5e-324, math.MaxFloat64, 1e100, 2.5e-8, 12345678901234567890, 1 << 53, -0.000001}},
		{"float32s", []float32{0, 3.4e38, 1e20, 1e21, 1e-7, 0.1, 16777216, 1.0000001, math.SmallestNonzeroFloat32, math.MaxFloat32, -2.5e-8}},
		{"string plain", "hello, world"},
		{"string html", `<a href="x">&amp;</a>`},
		{"string escapes", "\x00\x01\b\f\t\n\r\x1f\x7f\\\"/"},
		{"string line separators", "a\u2028b\u2029c"},
		{"string invalid utf-8", "a\xffb\xc3\xed\xa0\x80\xf4\x90\x80\x80z"},
		{"string unicode", "héllo wörld ☃ 𝄞 \u00ad\u200b\ufeff\U0010ffff\ufffd"},
		{"empty string", ""},
		{"map string keys", map[string]any{"b": 1, "a": "x", "<k>": true, "\u2028": nil, "a\xffb": 2.5, "\b": "\f"}},
		{"map int keys", map[int]string{10: "a", 2: "b", -1: "c"}},
		{"map int8 keys", map[int8]int{-100: 1, -5: 2, 3: 3}},
		{"map uint keys", map[uint64]int{math.MaxUint64: 1, 0: 2}},
		{"map uintptr keys", map[uintptr]int{5: 1}},
		{"map text keys", map[valueText]int{{1, 2}: 3, {0, 1}: 4}},
		{"map text string keys", map[textString]int{"b": 1, "a": 2}},
		{"map text int keys", map[textInt]int{2: 1, 10: 2}},
		{"map nil pointer text key", map[*pointerText]int{nil: 1, {2}: 2}},
		{"nil map", map[string]int(nil)},
		{"empty map", map[string]int{}},
		{"nil slice", []int(nil)},
		{"empty slice", []int{}},
		{"nested empties", []any{map[string]any{}, []any{}, map[string]any{"a": []any{}, "b": map[string]any{}}, struct{}{}}},
		{"byte slice", []byte("hello <bytes>")},
		{"nil bytes", []byte(nil)},
		{"empty bytes", []byte{}},
		{"named bytes", namedBytes("abc")},
		{"bytes of named byte", bytesOfNamed{1, 2}},
		{"bytes of marshalers", bytesOfMarshalers{1, 2}},
		{"byte array", [3]byte{1, 2, 3}},
		{"array", [2]string{"a", "b"}},
		{"pointer to pointer", func() any { p := intPtr(5); return &p }()},
		{"value marshaler", valueMarshaler{3}},
		{"value marshaler in slice", []valueMarshaler{{1}, {2}}},
		{"nil pointer to value marshaler", nilValueMarshaler},
		{"pointer marshaler addressable", &struct{ P pointerMarshaler }{}},
		{"pointer marshaler not addressable", struct{ P pointerMarshaler }{}},
		{"pointer marshaler in slice", []pointerMarshaler{{1}}},
		{"pointer marshaler in map", map[string]pointerMarshaler{"a": {1}}},
		{"pointer marshaler in interface", []any{pointerMarshaler{1}}},
		{"nil pointer marshaler", nilPointerMarshaler},
		{"nil pointer marshaler field", struct{ P *pointerMarshaler }{}},
		{"pointer text addressable", &struct{ P pointerText }{}},
		{"value text", valueText{1, 2}},
		{"embedded marshaler", embMarshaler{valueMarshaler{1}, 2}},
		{"raw message", json.RawMessage(` { "a" : [ 1 , 2 ] , "h": "<>" } `)},
		{"nil raw message", json.RawMessage(nil)},
		{"raw message field", struct {
			R json.RawMessage
			P *json.RawMessage
		}{R: json.RawMessage(`"x"`)}},
		{"raw messages in map", map[string]json.RawMessage{"a": json.RawMessage(`{"x":1}`), "b": nil}},
		{"number", json.Number("12.5e3")},
		{"empty number", json.Number("")},
		{"number field", struct {
			N json.Number
			Q json.Number `json:",string"`
		}{"-1.5", "7"}},
		{"time", time.Date(2024, 1, 2, 3, 4, 5, 6000, time.FixedZone("X", 3600))},
		{"duration", time.Duration(5)},
		{"big int", big.NewInt(12345)},
		{"big int value", *big.NewInt(12345)},
		{"big float", big.NewFloat(1.5)},
		{"error value", errors.New("x")},
		{"omitzero zero", omitZero{A: zeroer{42}, B: pointerZeroer{42}}},
		{"omitzero set", omitZero{A: zeroer{1}, B: pointerZeroer{1}, D: 1, E: intPtr(0), F: [2]int{0, 1}}},
		{"omitempty", omitEmpty{}},
		{"omitempty set", omitEmpty{A: "a", B: []int{1}, C: map[string]int{"x": 1}, D: intPtr(0), F: 1, G: 0, J: true, K: 1}},
		{"quoted scalars", quotedScalars{I: -3, I8: 8, U: 7, F: 1.5, F2: 2.5, B: true, P: intPtr(5), A: "x", S: []int{1}, T: "quote\" backslash\\ nl\n tab\t cr\r ctl\x01\x1f del\x7f é"}},
		{"dash tags", dash{A: 1, B: 2, c: 3}},
		{"conflicting embedded", conflict{embA{1, 2}, embB{3, 4}}},
		{"dominant tagged", dominant{embA{1, 2}, embTagged{3}}},
		{"embedded nil pointer", embPointer{V: 1}},
		{"embedded pointer", embPointer{&embA{1, 2}, 3}},
		{"embedded named int", embNamed{1, 2}},
		{"weird tags", weirdTags{}},
		{"interfaces", holder{A: impl{1}, I: impl{2}, E: errors.New("e")}},
		{"typed nil in interface", holder{A: (*embA)(nil), I: (*impl)(nil)}},
		{"typed nil map in interface", []any{map[string]int(nil), []int(nil)}},
		{"shared pointer twice", []*embA{shared, shared}},
		{"tree", tree},
		{"anonymous struct", struct {
			A int `json:"a"`
			B struct {
				C []string `json:"c"`
			} `json:"b"`
		}{A: 1}},
		{"unexported embedded pointer", []embUnexportedPointer{{Own: 1}, {&unexportedEmbedded{2, 3}, 4}}},
		{"embedded time", embTime{time.Date(2020, 5, 6, 7, 8, 9, 0, time.UTC), "UTC"}},
		{"tagged embedded", taggedEmbedded{embA{1, 2}, 3}},
		{"many fields", manyFields{F05: 5, F15: "<15>", F25: 2.5, F35: true, F45: intPtr(45), F55: []byte("55"), F65: "x"}},
		{"nil value marshaler in interface", []any{(*valueMarshaler)(nil), (*pointerMarshaler)(nil)}},
		{"time map key", map[time.Time]int{time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC): 1}},
		{"big float in struct", struct {
			F big.Float
			P *big.Float
			I *big.Int
		}{P: big.NewFloat(2.5)}},
		{"big float in struct behind pointer", &struct{ F big.Float }{}},
		{"text key html and invalid utf-8", map[textString]int{"<a>\xff": 1}},
		{"numbers in any", map[string]any{"n": json.Number("123456789012345678901234567890"), "f": 1e300}},
		{"map of pointers", map[string]*node{"a": {Name: "a"}, "nil": nil}},
		{"escape at every offset", escapeAtEveryOffset(70)},
		{"long string", strings.Repeat("abc<é>\"\u2028\xff", 5000)},
		{"items 20", benchdata.Items(20)},
		{"maps 20", benchdata.Maps(20)},
		{"deep struct 500", benchdata.DeepStruct(500)},
		{"deep map 500", benchdata.DeepMap(500)},
	}
}

// indentVariants are the Options every ordinary value is written under.
var indentVariants = []Options{
	{},
	{NoEscapeHTML: true},
	{Indent: "\t"},
	{Prefix: ">", Indent: "  "},
	{Prefix: "//", NoEscapeHTML: true},
}
