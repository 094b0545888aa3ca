package corpus

import (
	"encoding/json"
	"errors"
	"math"
	"math/big"
	"strings"
	"time"

	"github.com/safejson/safejson/internal/benchdata"
)

// ordinaryCases: values every engine by itself writes exactly as
// encoding/json does, compact, indented, with and without HTML escaping
// (Case.Engines; the tests of package engine check them, under each of their
// std options). None triggers a quirk (the engine's quirks_test.go has
// those); the marshalers among them return valid, compact UTF-8. Their
// expectation is encoding/json's, computed when the test runs.
func ordinaryCases() []*Case {
	var nilPointerMarshaler *ptrJSON
	var nilValueMarshaler *valueMarshaler
	tree := &treeNode{Name: "root", Children: []*treeNode{{Name: "a"}, {Name: "b", Children: []*treeNode{{Name: "<c>"}}}}}
	shared := &embA{1, 2}
	return []*Case{
		asStd("ordinary/true", true).engines(),
		asStd("ordinary/ints", []any{0, -1, int64(math.MaxInt64), int64(math.MinInt64), int8(-128), uint8(255), uint64(math.MaxUint64), uintptr(7)}).engines(),
		asStd("ordinary/floats", []float64{0, 1, -1, 0.1, 1e20, 1e21, -1e21, 1e-6, 1e-7, 123456789e-15, 5e-324, math.MaxFloat64, 1e100, 2.5e-8, 12345678901234567890, 1 << 53, -0.000001}).engines(),
		asStd("ordinary/float32s", []float32{0, 3.4e38, 1e20, 1e21, 1e-7, 0.1, 16777216, 1.0000001, math.SmallestNonzeroFloat32, math.MaxFloat32, -2.5e-8}).engines(),
		asStd("ordinary/string-plain", "hello, world").engines(),
		asStd("ordinary/string-escapes", "\x00\x01\b\f\t\n\r\x1f\x7f\\\"/").engines(),
		asStd("ordinary/string-invalid-utf-8", "a\xffb\xc3\xed\xa0\x80\xf4\x90\x80\x80z").engines(),
		asStd("ordinary/string-unicode", "héllo wörld ☃ 𝄞 \u00ad\u200b\ufeff\U0010ffff\ufffd").engines(),
		asStd("ordinary/map-string-keys", map[string]any{"b": 1, "a": "x", "<k>": true, "\u2028": nil, "a\xffb": 2.5, "\b": "\f"}).engines(),
		asStd("ordinary/map-int-keys", map[int]string{10: "a", 2: "b", -1: "c"}).engines(),
		asStd("ordinary/map-int8-keys", map[int8]int{-100: 1, -5: 2, 3: 3}).engines(),
		asStd("ordinary/map-uint-keys", map[uint64]int{math.MaxUint64: 1, 0: 2}).engines(),
		asStd("ordinary/map-uintptr-keys", map[uintptr]int{5: 1}).engines(),
		asStd("ordinary/map-text-keys", map[valueText]int{{1, 2}: 3, {0, 1}: 4}).engines(),
		asStd("ordinary/map-text-string-keys", map[textString]int{"b": 1, "a": 2}).engines(),
		asStd("ordinary/map-text-int-keys", map[textInt]int{2: 1, 10: 2}).engines(),
		asStd("ordinary/map-nil-pointer-text-key", map[*ptrTextKey]int{nil: 1, {"2"}: 2}).engines(),
		asStd("ordinary/nil-slice", []int(nil)).engines(),
		asStd("ordinary/empty-slice", []int{}).engines(),
		asStd("ordinary/nested-empties", []any{map[string]any{}, []any{}, map[string]any{"a": []any{}, "b": map[string]any{}}, struct{}{}}).engines(),
		asStd("ordinary/byte-slice", []byte("hello <bytes>")).engines(),
		asStd("ordinary/named-bytes", namedBytes("abc")).engines(),
		asStd("ordinary/bytes-of-named-byte", bytesOfNamed{1, 2}).engines(),
		asStd("ordinary/bytes-of-marshalers", bytesOfMarshalers{1, 2}).engines(),
		asStd("ordinary/byte-array", [3]byte{1, 2, 3}).engines(),
		asStd("ordinary/array", [2]string{"a", "b"}).engines(),
		asStd("ordinary/value-marshaler", valueMarshaler{3}).engines(),
		asStd("ordinary/value-marshaler-in-slice", []valueMarshaler{{1}, {2}}).engines(),
		asStd("ordinary/nil-pointer-to-value-marshaler", nilValueMarshaler).engines(),
		asStd("ordinary/pointer-marshaler-addressable", &struct{ P ptrJSON }{}).engines(),
		asStd("ordinary/pointer-marshaler-not-addressable", struct{ P ptrJSON }{}).engines(),
		asStd("ordinary/pointer-marshaler-in-slice", []ptrJSON{{1}}).engines(),
		asStd("ordinary/pointer-marshaler-in-map", map[string]ptrJSON{"a": {1}}).engines(),
		asStd("ordinary/pointer-marshaler-in-interface", []any{ptrJSON{1}}).engines(),
		asStd("ordinary/nil-pointer-marshaler", nilPointerMarshaler).engines(),
		asStd("ordinary/nil-pointer-marshaler-field", struct{ P *ptrJSON }{}).engines(),
		asStd("ordinary/pointer-text-addressable", &struct{ P ptrText }{}).engines(),
		asStd("ordinary/value-text", valueText{1, 2}).engines(),
		asStd("ordinary/embedded-marshaler", embMarshaler{valueMarshaler{1}, 2}).engines(),
		asStd("ordinary/raw-message", json.RawMessage(` { "a" : [ 1 , 2 ] , "h": "<>" } `)).engines(),
		asStd("ordinary/raw-message-field", struct {
			R json.RawMessage
			P *json.RawMessage
		}{R: json.RawMessage(`"x"`)}).engines(),
		asStd("ordinary/raw-messages-in-map", map[string]json.RawMessage{"a": json.RawMessage(`{"x":1}`), "b": nil}).engines(),
		asStd("ordinary/number", json.Number("12.5e3")).engines(),
		asStd("ordinary/empty-number", json.Number("")).engines(),
		asStd("ordinary/number-field", struct {
			N json.Number
			Q json.Number `json:",string"`
		}{"-1.5", "7"}).engines(),
		asStd("ordinary/time", time.Date(2024, 1, 2, 3, 4, 5, 6000, time.FixedZone("X", 3600))).engines(),
		asStd("ordinary/duration", time.Duration(5)).engines(),
		asStd("ordinary/big-int", big.NewInt(12345)).engines(),
		asStd("ordinary/big-int-value", *big.NewInt(12345)).engines(),
		asStd("ordinary/big-float", big.NewFloat(1.5)).engines(),
		asStd("ordinary/error-value", errors.New("x")).engines(),
		asStd("ordinary/omitzero-zero", omitZeroKinds{A: zeroer{42}, B: pointerZeroer{42}}).engines(),
		asStd("ordinary/omitzero-set", omitZeroKinds{A: zeroer{1}, B: pointerZeroer{1}, D: 1, E: intPtr(0), F: [2]int{0, 1}}).engines(),
		asStd("ordinary/omitempty", omitEmptyKinds{}).engines(),
		asStd("ordinary/omitempty-set", omitEmptyKinds{A: "a", B: []int{1}, C: map[string]int{"x": 1}, D: intPtr(0), F: 1, G: 0, J: true, K: 1}).engines(),
		asStd("ordinary/quoted-scalars", quotedScalars{I: -3, I8: 8, U: 7, F: 1.5, F2: 2.5, B: true, P: intPtr(5), A: "x", S: []int{1}, T: "quote\" backslash\\ nl\n tab\t cr\r ctl\x01\x1f del\x7f é"}).engines(),
		asStd("ordinary/dash-tags", dash{A: 1, B: 2, c: 3}).engines(),
		asStd("ordinary/conflicting-embedded", conflict{embA{1, 2}, embB{3, 4}}).engines(),
		asStd("ordinary/dominant-tagged", dominant{embA{1, 2}, embTagged{3}}).engines(),
		asStd("ordinary/embedded-nil-pointer", embPointer{V: 1}).engines(),
		asStd("ordinary/embedded-pointer", embPointer{&embA{1, 2}, 3}).engines(),
		asStd("ordinary/embedded-named-int", embNamed{1, 2}).engines(),
		asStd("ordinary/weird-tags", weirdTags{}).engines(),
		asStd("ordinary/interfaces", holder{A: impl{1}, I: impl{2}, E: errors.New("e")}).engines(),
		asStd("ordinary/typed-nil-in-interface", holder{A: (*embA)(nil), I: (*impl)(nil)}).engines(),
		asStd("ordinary/typed-nil-map-in-interface", []any{map[string]int(nil), []int(nil)}).engines(),
		asStd("ordinary/shared-pointer-twice", []*embA{shared, shared}).engines(),
		asStd("ordinary/tree", tree).engines(),
		asStd("ordinary/anonymous-struct", struct {
			A int `json:"a"`
			B struct {
				C []string `json:"c"`
			} `json:"b"`
		}{A: 1}).engines(),
		asStd("ordinary/unexported-embedded-pointer", []embUnexportedPointer{{Own: 1}, {&unexportedEmbedded{2, 3}, 4}}).engines(),
		asStd("ordinary/embedded-time", embTime{time.Date(2020, 5, 6, 7, 8, 9, 0, time.UTC), "UTC"}).engines(),
		asStd("ordinary/tagged-embedded", taggedEmbedded{embA{1, 2}, 3}).engines(),
		asStd("ordinary/many-fields", manyFields{F05: 5, F15: "<15>", F25: 2.5, F35: true, F45: intPtr(45), F55: []byte("55"), F65: "x"}).engines(),
		asStd("ordinary/nil-value-marshaler-in-interface", []any{(*valueMarshaler)(nil), (*ptrJSON)(nil)}).engines(),
		asStd("ordinary/time-map-key", map[time.Time]int{time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC): 1}).engines(),
		asStd("ordinary/big-float-in-struct", struct {
			F big.Float
			P *big.Float
			I *big.Int
		}{P: big.NewFloat(2.5)}).engines(),
		asStd("ordinary/big-float-in-struct-behind-pointer", &struct{ F big.Float }{}).engines(),
		asStd("ordinary/text-key-html-and-invalid-utf-8", map[textString]int{"<a>\xff": 1}).engines(),
		asStd("ordinary/numbers-in-any", map[string]any{"n": json.Number("123456789012345678901234567890"), "f": 1e300}).engines(),
		asStd("ordinary/map-of-pointers", map[string]*treeNode{"a": {Name: "a"}, "nil": nil}).engines(),
		asStd("ordinary/escape-at-every-offset", escapeAtEveryOffset(70)).engines(),
		asStd("ordinary/long-string", strings.Repeat("abc<é>\"\u2028\xff", 5000)).engines(),
		asStd("ordinary/items-20", benchdata.Items(20)).engines(),
		asStd("ordinary/maps-20", benchdata.Maps(20)).engines(),
		asStd("ordinary/deep-struct-500", benchdata.DeepStruct(500)).engines(),
		asStd("ordinary/deep-map-500", benchdata.DeepMap(500)).engines(),
	}
}
