package corpus

import (
	"encoding"
	"encoding/json"
	"errors"
	"math"
	"math/big"
	"time"
)

// diffCases: the differential table of package safe, checked against the
// encoding/json of the toolchain that runs the test. Where encoding/json
// accepts the value, the expected bytes are its own (asStd); where it
// rejects it, the case gives the substitute and where Strict reports the
// first substitution; where the user's own method fails, the error is
// encoding/json's (stdFails).
func diffCases() []*Case {
	one := 1
	pone := &one
	nan, inf := math.NaN(), math.Inf(1)
	bigInt, _ := new(big.Int).SetString("123456789012345678901234567890", 10)
	t0 := time.Date(2024, 2, 29, 12, 30, 45, 123456789, time.UTC)
	var nilMarshaler *ptrJSON
	var nilValJSON *valJSON
	return []*Case{
		// Scalars.
		asStd("diff/false", false),
		asStd("diff/int", 42),
		asStd("diff/int8-min", int8(math.MinInt8)),
		asStd("diff/int64-min", int64(math.MinInt64)),
		asStd("diff/int64-max", int64(math.MaxInt64)),
		asStd("diff/uint64-max", uint64(math.MaxUint64)),
		asStd("diff/uintptr", uintptr(12345)),
		asStd("diff/named-int", myInt(-3)),
		asStd("diff/float-0", 0.0),
		asStd("diff/float-1e21", 1e21),
		asStd("diff/float-1e20", 1e20),
		asStd("diff/float-1e-6", 1e-6),
		asStd("diff/float-1e-7", 1e-7),
		asStd("diff/float-1.5e-7", -1.5e-7),
		asStd("diff/float-smallest", 5e-324),
		asStd("diff/float-max", math.MaxFloat64),
		asStd("diff/float-0.1", 0.1),
		asStd("diff/float-123456789", 123456789.0),
		asStd("diff/float-1e100", 1e100),
		asStd("diff/float32-1e21", float32(1e21)),
		asStd("diff/float32-1e20", float32(1e20)),
		asStd("diff/float32-1e-7", float32(1e-7)),
		asStd("diff/float32-1e-6", float32(1e-6)),
		asStd("diff/float32-max", float32(math.MaxFloat32)),
		asStd("diff/float32-0.1", float32(0.1)),
		asStd("diff/float32-16777217", float32(16777217)),
		asStd("diff/float32-1.0000001", float32(1.0000001)),
		asStd("diff/float32-slice", []float32{1, 2.5, 3.4e38, 1e-45}),
		// Strings.
		asStd("diff/string-ascii", "hello world"),
		asStd("diff/string-html", "<script>alert('x') && 1</script>"),
		asStd("diff/string-quotes", `a "quoted" \ back\slash /`),
		asStd("diff/string-controls", "\x00\x01\b\f\n\r\t\x1f\x7f"),
		asStd("diff/string-invalid-utf8", "a\xffb\xc3(c\xed\xa0\x80d"),
		asStd("diff/string-truncated-rune", "tail\xe6\x97"),
		asStd("diff/string-unicode", "Montréal, Tromsø, 日本, 🎉"),
		asStd("diff/string-replacement-char", "\ufffd"),
		asStd("diff/named-string", strTextKey("named")),
		// Bytes.
		asStd("diff/bytes", []byte("hello, \xff world")),
		asStd("diff/named-bytes", bytesT("abc")),
		asStd("diff/marshaler-byte-elem", []jsonByte{1, 2}),
		asStd("diff/ptr-text-byte-elem", []textPtrByte{1, 2}),
		asStd("diff/byte-array-in-struct", struct{ A [2]byte }{[2]byte{9, 8}}),
		// Slices and arrays.
		asStd("diff/slice-nested", [][]int{{1, 2}, {}, nil, {3}}),
		asStd("diff/slice-of-pointers", []*int{pone, nil}),
		asStd("diff/array", [3]string{"a", "", "c"}),
		asStd("diff/slice-of-structs", []Inner{{1, 2}, {3, 4}}),
		asStd("diff/slice-of-any", []any{1, "a", nil, true, 2.5, []any{}, map[string]any{}}),
		// Maps.
		asStd("diff/map-string-keys-sorted", map[string]int{"b": 2, "a": 1, "c": 3, "": 0, "B": 4}),
		asStd("diff/map-int-keys-as-strings", map[int]string{10: "ten", 9: "nine", -1: "neg", 100: "hundred"}),
		asStd("diff/map-int8-keys", map[int8]bool{-128: true, 127: false, 0: true}),
		asStd("diff/map-uint-keys", map[uint64]int{math.MaxUint64: 1, 2: 2}),
		asStd("diff/map-uintptr-keys", map[uintptr]int{7: 7}),
		asStd("diff/map-text-keys", map[intTextKey]int{3: 3, 1: 1, 20: 20}),
		asStd("diff/map-string-text-keys", map[strTextKey]int{"b": 2, "a": 1}),
		asStd("diff/map-ptr-text-keys", map[*ptrTextKey]int{{S: "p1"}: 1, nil: 0}),
		asStd("diff/map-html-keys", map[string]int{"<a>": 1, "&": 2}),
		asStd("diff/map-invalid-utf8-keys", map[string]int{"\xff": 1, "a\u2028": 2}),
		asStd("diff/map-of-maps", map[string]map[string]int{"x": {"b": 2, "a": 1}, "y": nil}),
		asStd("diff/map-any-nested", map[string]any{"list": []any{1.0, "x", map[string]any{"z": nil}}, "n": json.Number("12.5")}),
		asStd("diff/map-named", map[myInt]myInt{2: 3}),
		asStd("diff/map-struct-values", map[string]Inner{"a": {1, 2}}),
		asStd("diff/map-pointer-values", map[string]*Inner{"a": {1, 2}, "nil": nil}),
		asStd("diff/map-ptrJSON-values-not-addressable", map[string]ptrJSON{"a": {N: 1}}),
		asStd("diff/map-any-of-float32", map[string]any{"f": float32(0.1)}),
		// Pointers and interfaces.
		asStd("diff/ptr-nil", (*int)(nil)),
		asStd("diff/ptr-ptr", &pone),
		asStd("diff/ptr-struct", &Inner{1, 2}),
		asStd("diff/any-in-any", []any{any(1), []any{any("x")}}),
		asStd("diff/interfaces", withIface{A: 1, M: valJSON{2}, T: valText{"t"}, E: errors.New("x")}),
		asStd("diff/interfaces-nil", withIface{}),
		asStd("diff/marshaler-iface-nil-ptr-with-ptr-receiver", withIface{M: nilMarshaler}),
		asStd("diff/any-holding-nil-ptr-marshaler", []any{nilMarshaler, nilValJSON}),
		// Struct tags.
		asStd("diff/tags", tagNames{Renamed: 1, Skipped: 2, Dash: 3, Keep: "k", unexp: 4, HTMLName: 5, Invalid: 6, Spaces: 7, Unicode: 8, Punct: 9, BackSlash: 10, Comma: 11}),
		asStd("diff/tags-zero", tagNames{}),
		asStd("diff/omitempty-zero", omitEmpty{}),
		asStd("diff/omitempty-set", omitEmpty{B: true, I: -1, U: 1, F: 0.5, S: "s", P: new(int), A: 0, M: map[string]int{"a": 1}, Sl: []int{0}, Ar: [1]int{0}, T: t0, Em: map[string]string{}}),
		asStd("diff/omitempty-negative-zero", omitEmpty{F: math.Copysign(0, -1)}),
		asStd("diff/omitzero-zero", omitZero{}),
		asStd("diff/omitzero-set", omitZero{I: 1, S: struct{ A int }{1}, Ar: [2]int{0, 1}, T: t0, V: zeroer{1}, P: ptrZeroer{1}, VP: &zeroer{1}, PP: &ptrZeroer{1}, Sl: []int{}, F: 1, Both: []int{}}),
		asStd("diff/omitzero-methods-value", omitZero{V: zeroer{42}, P: ptrZeroer{7}, VP: &zeroer{42}, PP: &ptrZeroer{7}}),
		asStd("diff/omitzero-methods-addressable", &omitZero{V: zeroer{42}, P: ptrZeroer{7}, VP: &zeroer{42}, PP: &ptrZeroer{7}}),
		asStd("diff/omitzero-negative-zero", omitZero{F: math.Copysign(0, -1)}),
		asStd("diff/omitzero-empty-slice", omitZero{Sl: []int{}}),
		asStd("diff/string-option", quoted{I: -1, I8: 8, U: math.MaxUint64, F: 1e21, F32: 0.1, B: true, S: `a"<b>\`, P: intPtr(2), PP: &pone, A: 3, N: "12.5", M: valJSON{1}, T: valText{"x"}, Sl: []int{1}}),
		asStd("diff/string-option-zero", quoted{}),
		// Embedding.
		asStd("diff/embed-unexported-struct-promotes", embedPromote{innerAB{1, 2}, 3}),
		asStd("diff/embed-exported-struct", embedExported{Inner{1, 2}, 3}),
		asStd("diff/embed-conflict-drops-both", embedConflict{Inner{1, 2}, innerOther{3, 4}}),
		asStd("diff/embed-shallower-wins", embedShallow{Inner{1, 2}, "top"}),
		asStd("diff/embed-tag-wins", embedTagWins{Inner{1, 2}, taggedA{3}}),
		asStd("diff/embed-ptr", embedPtr{&Inner{1, 2}, 3}),
		asStd("diff/embed-ptr-nil", embedPtr{nil, 3}),
		asStd("diff/embed-tagged-is-a-member", embedTagged{Inner{1, 2}, 3}),
		asStd("diff/embed-non-struct", embedNonStruct{myInt: 1, X: 2}),
		asStd("diff/embed-non-struct-exported", embedMyInt{MyInt: 5}),
		asStd("diff/embed-same-type-twice", embedTwice{twiceA{Inner{1, 2}}, twiceB{Inner{3, 4}}}),
		asStd("diff/embed-depths", embedDepths{deepA{Inner{1, 2}}, "c"}),
		asStd("diff/struct-only-unexported", struct{ a, b int }{1, 2}),
		// Methods.
		asStd("diff/methods-not-addressable", withMethods{V: valJSON{1}, P: ptrJSON{2}, PP: &ptrJSON{3}, VT: valText{"a"}, PT: ptrText{"b"}, X: ptrJSONvalText{1}}),
		asStd("diff/methods-addressable", &withMethods{V: valJSON{1}, P: ptrJSON{2}, PP: &ptrJSON{3}, VT: valText{"a"}, PT: ptrText{"b"}, X: ptrJSONvalText{1}}),
		asStd("diff/methods-nil-pointers", withMethods{}),
		asStd("diff/method-top-value", valJSON{5}),
		asStd("diff/method-top-ptr-receiver", ptrJSON{5}),
		asStd("diff/method-top-ptr", &ptrJSON{5}),
		asStd("diff/methods-in-slice-addressable", []ptrJSON{{1}, {2}}),
		asStd("diff/methods-in-array-not-addressable", [2]ptrJSON{{1}, {2}}),
		asStd("diff/methods-in-array-addressable", &[2]ptrJSON{{1}, {2}}),
		asStd("diff/text-in-slice", []ptrText{{"a"}}),
		asStd("diff/both-methods", []bothJSONText{{}}),
		asStd("diff/marshal-json-compacted", rawJSON(" { \"a\" : [ 1 , 2 ] ,\n\t\"b\" : { } , \"c\":[ ] } ")),
		asStd("diff/marshal-json-html", rawJSON(`{"<k>":"a&b","s":"\u003c"}`)),
		asStd("diff/marshal-json-line-separator", rawJSON("\"a\u2028b\"")),
		asStd("diff/marshal-json-invalid-utf8-kept", rawJSON("\"\xff\"")),
		asStd("diff/marshal-json-numbers-kept", rawJSON(`[1E+2,-0,0.5e-3,1e400]`)),
		asStd("diff/marshal-json-escapes-kept", rawJSON(`"\/\b\f\n\r\t\"\\\u00e9"`)),
		asStd("diff/marshal-json-literals", rawJSON(`[true,false,null]`)),
		asStd("diff/marshal-json-nested-deep", rawJSON(`[[[[{"a":[{}]}]]]]`)),
		asStd("diff/raw-message", struct{ R json.RawMessage }{json.RawMessage(` {"x": [1, {"y":"<"}]} `)}),
		asStd("diff/raw-message-nil", struct{ R json.RawMessage }{}),
		asStd("diff/raw-message-ptr", struct{ R *json.RawMessage }{&json.RawMessage{'1'}}),
		asStd("diff/raw-message-in-any", []any{json.RawMessage(`{"a" : 1}`), json.RawMessage(nil)}),
		asStd("diff/number", []json.Number{"1", "-0", "1.5e+10", "0.0", "1E-2", ""}),
		asStd("diff/number-in-any", map[string]any{"n": json.Number("7")}),
		asStd("diff/time", t0),
		asStd("diff/time-in-struct", struct{ T, Z time.Time }{T: t0}),
		asStd("diff/big-int-value", *bigInt),
		asStd("diff/big-int-ptr", bigInt),
		asStd("diff/big-int-field-addressable", &struct{ N big.Int }{*bigInt}),
		// Cycles: encoding/json fails.
		sub("diff/cycle-self-pointer", selfNode(), `{"name":"a"}`).strictAt("/next"),
		sub("diff/cycle-two-nodes", loopNodes(), `{"name":"a","next":{"name":"b"}}`).strictAt("/next/next"),
		sub("diff/cycle-map-in-slice", mapValueSelf(), `{"x":1,"y":[null,"tail"]}`).strictAt("/y/0"),
		sub("diff/cycle-mutual-types", mutual(), `{"b":{}}`).strictAtOther("/b/a"),
		sub("diff/cycle-through-any", selfAny(), `{"name":"n"}`).strictAt("/any"),
		sub("diff/cycle-in-slice-element", nodesWithSelf(), `[{"name":"a"},{"name":"b"}]`).strictAt("/1/next"),
		sub("diff/cycle-pointer-to-itself", ptrToSelfPtr(), `null`).strictAt("").
			stdDiesOnV2(v2StdDies),
		sub("diff/cycle-interface-to-itself", anyToItself(), `null`).strictAt("").
			stdDiesOnV2(v2StdDies),
		sub("diff/cycle-pointer-to-pointer-to-interface", anyChain(), `["before",null,"after"]`).strictAtOther("/1").
			stdDiesOnV2(v2StdDies),
		asStd("diff/shared-not-cycle", sharedDAG()),
		asStd("diff/first-field-same-address", &firstField{Second: 2}),
		// Non-finite floats.
		sub("diff/-inf-float32", float32(math.Inf(-1)), `null`).strictAt(""),
		sub("diff/nan-fields", nanField{F: nan, F32: float32(inf), Q: nan}, `{"f":null,"f32":null,"q":null}`).strictAt("/f"),
		sub("diff/nan-string-option", nanField{Q: math.Inf(-1)}, `{"f":0,"f32":0,"q":null}`).strictAt("/q"),
		sub("diff/nan-in-slice", []float64{1, nan, 2}, `[1,null,2]`).strictAt("/1"),
		sub("diff/nan-map-value", map[string]float64{"a": inf, "b": 1}, `{"a":null,"b":1}`).strictAt("/a"),
		sub("diff/nan-in-any", map[string]any{"x": []any{nan}}, `{"x":[null]}`).strictAt("/x/0"),
		sub("diff/nan-in-float32-any", []any{float32(nan)}, `[null]`).strictAt("/0"),
		// Unsupported types.
		sub("diff/complex-top", complex(1, 2), `null`).strictAt(""),
		sub("diff/unsupported-fields-omitted", funcField{A: 1, Z: 2}, `{"A":1,"Z":2}`).strictAt("/F"),
		sub("diff/func-in-slice", []any{1, func() {}, 2}, `[1,null,2]`).strictAt("/1"),
		sub("diff/func-in-map", map[string]any{"a": 1, "f": func() {}}, `{"a":1}`).strictAt("/f"),
		sub("diff/chan-map-values", map[string]chan int{"c": nil}, `{}`).strictAt("/c"),
		sub("diff/complex-in-any-field", anyNode{Name: "x", Any: complex64(1)}, `{"name":"x"}`).strictAt("/any"),
		asStd("diff/func-slice-empty", []func(){}),
		asStd("diff/func-map-empty", map[string]func(){}),
		// Map keys encoding/json cannot write.
		sub("diff/float-keys", map[float64]string{1.5: "a", -2: "b", 1e21: "c"}, `{"-2":"b","1.5":"a","1e+21":"c"}`).strictAt("").
			onV2Kind(Same, v2MapKeys, ""),
		sub("diff/struct-keys", map[keyStruct]int{{1, "x"}: 1, {0, ""}: 0}, `{"{0 }":0,"{1 x}":1}`).strictAt(""),
		sub("diff/array-keys", map[[2]int]bool{{1, 2}: true}, `{"[1 2]":true}`).strictAt(""),
		sub("diff/pointer-keys-omitted", map[*int]int{pone: 1}, `{}`).strictAt("").
			onV2Kind(Same, v2MapKeys, ""),
		sub("diff/interface-keys", map[any]int{"s": 1, 2: 2, intTextKey(3): 3, 1.5: 4, true: 5, nil: 6}, `{"":6,"1.5":4,"2":2,"n3":3,"s":1,"true":5}`).strictAt(""),
		sub("diff/interface-keys-with-pointers", map[any]int{"a": 1, pone: 2, [1]any{pone}: 3}, `{"a":1}`).strictAt("").
			onV2(v2MapKeys, `{"1":2,"a":1}`),
		sub("diff/complex-keys", map[complex128]int{complex(1, -1): 1}, `{"(1-1i)":1}`).strictAt(""),
		sub("diff/nan-keys-tie", map[float64]int{nan: 2, math.NaN(): 1}, `{"NaN":1,"NaN":2}`).strictAt(""),
		sub("diff/bool-key-map-in-struct", struct{ M map[bool]string }{map[bool]string{true: "<"}}, `{"M":{"true":"\u003c"}}`).strictAt("/M"),
		sub("diff/bool-key-map-nil", map[bool]int(nil), `null`).strictAt("").
			onV2Kind(Same, v2MapKeyErrors, ""),
		// Keys json/v2 writes (by value), the classic encoding/json rejects.
		sub("diff/float32-keys", map[float32]int{0.1: 1, float32(math.Copysign(0, -1)): 2, 1e-7: 3}, `{"-0":2,"0.1":1,"1e-07":3}`).strictAt("").
			onV2Kind(Same, v2MapKeys, ""),
		sub("diff/pointer-to-pointer-keys", map[**int]int{&pone: 1}, `{}`).strictAt("").
			onV2Kind(Same, v2MapKeys, ""),
		sub("diff/interface-keys-holding-a-pointer", map[any]int{pone: 1, "s": 2}, `{"s":2}`).strictAt("").
			onV2Kind(Same, v2MapKeys, ""),
		sub("diff/interface-keys-holding-NaN", map[any]int{nan: 1, "s": 2}, `{"NaN":1,"s":2}`).strictAt(""),
		// Errors of the caller's own methods: encoding/json's errors.
		stdFails("diff/marshal-json-error-nested", map[string]any{"a": []any{failJSON{}}}),
		stdFails("diff/marshal-json-invalid", rawJSON(`{"a":}`)),
		stdFails("diff/marshal-json-trailing-comma", rawJSON(`[1,]`)),
		stdFails("diff/marshal-json-bad-escape", rawJSON(`"\x"`)),
		stdFails("diff/marshal-json-control-char", rawJSON("\"\x01\"")),
		stdFails("diff/marshal-json-leading-zero", rawJSON(`01`)),
		stdFails("diff/marshal-json-bad-literal", rawJSON(`tru`)),
		stdFails("diff/marshal-json-too-deep", rawJSON(nested(10001))),
		stdFails("diff/raw-message-empty", json.RawMessage{}),
		stdFails("diff/marshal-text-error-field", struct{ T failText }{}),
		stdFails("diff/marshal-json-error-on-nil-pointer-in-interface", struct{ M json.Marshaler }{(*failNilJSON)(nil)}),
		stdFails("diff/marshal-text-error-on-nil-pointer-in-interface", struct{ T encoding.TextMarshaler }{(*failNilText)(nil)}),
		stdFails("diff/invalid-number", json.Number("1.")),
		stdFails("diff/invalid-number-field", struct{ N json.Number }{"abc"}),
	}
}
