package corpus

//lint:file-ignore SA5008 ",string" on non-numeric fields on purpose: cases check encoding/json ignores it there

import (
	"encoding"
	"encoding/json"
	"math/big"
)

// marshalerCases: json.Marshaler and encoding.TextMarshaler with value and
// pointer receivers, nil receivers, addressable values and not, errors, invalid
// and non-compact output, panics.
func marshalerCases() []*Case {
	return []*Case{
		same("marshaler/value-receiver", valJSON{1}, `{"v":1}`),
		same("marshaler/value-receiver-via-pointer", &valJSON{2}, `{"v":2}`),
		same("marshaler/value-receiver-nil-pointer", (*valJSON)(nil), `null`),
		same("marshaler/value-receiver-nil-pointer-in-interface", []any{(*valJSON)(nil)}, `[null]`),
		same("marshaler/pointer-receiver-not-addressable", ptrJSON{3}, `{"N":3}`),
		same("marshaler/pointer-receiver-pointer", &ptrJSON{4}, `{"p":4}`),
		same("marshaler/pointer-receiver-nil", (*ptrJSON)(nil), `null`),
		same("marshaler/pointer-receiver-nil-field", struct{ P *ptrJSON }{}, `{"P":null}`),
		same("marshaler/pointer-receiver-addressable-field", &struct{ F ptrJSON }{ptrJSON{5}}, `{"F":{"p":5}}`),
		same("marshaler/pointer-receiver-unaddressable-field", struct{ F ptrJSON }{ptrJSON{6}}, `{"F":{"N":6}}`),
		same("marshaler/pointer-receiver-in-array-value", [1]ptrJSON{{7}}, `[{"N":7}]`),
		same("marshaler/pointer-receiver-in-array-field", struct{ A [1]ptrJSON }{[1]ptrJSON{{19}}}, `{"A":[{"N":19}]}`),
		same("marshaler/pointer-receiver-in-struct-in-array-field", struct{ A [2]ptrHolder }{[2]ptrHolder{{ptrJSON{20}}}}, `{"A":[{"F":{"N":20}},{"F":{"N":0}}]}`),
		same("marshaler/pointer-receiver-in-array-in-interface", []any{[1]ptrJSON{{21}}}, `[[{"N":21}]]`),
		same("marshaler/pointer-receiver-in-array-pointer", &[1]ptrJSON{{8}}, `[{"p":8}]`),
		same("marshaler/pointer-receiver-in-slice", []ptrJSON{{9}}, `[{"p":9}]`),
		same("marshaler/pointer-receiver-in-map-value", map[string]ptrJSON{"a": {10}}, `{"a":{"N":10}}`),
		same("marshaler/pointer-receiver-in-interface", []any{ptrJSON{11}, &ptrJSON{12}}, `[{"N":11},{"p":12}]`),
		// These two pairs run in this order: the second case of each shows what
		// the first leaves behind in an engine that caches per type.
		same("marshaler/pointer-receiver-in-interface-in-array-of-structs", stickyHolder(stickyJSON{1}), `{"B":[{"X":null},{"X":{"N":1}}]}`),
		same("marshaler/pointer-receiver-in-interface-after-array-of-structs", []any{stickyJSON{2}}, `[{"N":2}]`),
		same("textmarshaler/pointer-receiver-in-interface-in-array-of-structs", stickyHolder(stickyText("a")), `{"B":[{"X":null},{"X":"a"}]}`),
		same("textmarshaler/pointer-receiver-in-interface-after-array-of-structs", map[string]any{"k": stickyText("b")}, `{"k":"b"}`),
		same("marshaler/pointer-receiver-interface-in-addressable-struct", &box{V: ptrJSON{13}}, `{"V":{"N":13}}`),
		same("marshaler/pointer-receiver-array-in-slice", [][1]ptrJSON{{{14}}}, `[[{"p":14}]]`),
		same("marshaler/pointer-receiver-array-in-map-value", map[string][1]ptrJSON{"a": {{15}}}, `{"a":[{"N":15}]}`),
		same("marshaler/pointer-receiver-behind-pointer-field", struct{ P *ptrHolder }{&ptrHolder{ptrJSON{16}}}, `{"P":{"F":{"p":16}}}`),
		same("marshaler/pointer-receiver-behind-embedded-pointer", struct {
			*ptrHolder
			V int
		}{&ptrHolder{ptrJSON{17}}, 1}, `{"F":{"p":17},"V":1}`),
		same("marshaler/pointer-receiver-behind-embedded-pointer-in-interface", []any{struct{ *ptrHolder }{&ptrHolder{ptrJSON{18}}}}, `[{"F":{"p":18}}]`),
		same("marshaler/big-values-behind-embedded-pointer", struct{ *bigHolder }{&bigHolder{*big.NewInt(-5), *big.NewFloat(2.5)}}, `{"C":-5,"F":"2.5"}`),
		same("marshaler/embedded-value-receiver-promoted", struct {
			valJSON
			X int
		}{valJSON{1}, 2}, `{"v":1}`),
		same("marshaler/embedded-pointer-receiver-not-promoted-on-value", struct {
			ptrJSON
			X int
		}{ptrJSON{1}, 2}, `{"N":1,"X":2}`),
		same("marshaler/embedded-pointer-receiver-promoted-on-pointer", &struct {
			ptrJSON
			X int
		}{ptrJSON{1}, 2}, `{"p":1}`),
		same("marshaler/pointer-to-marshaler-interface", struct{ V *json.Marshaler }{marshalerPtr(rawJSON(" [1, 2] "))}, `{"V":[1,2]}`),
		same("marshaler/pointer-to-marshaler-interface-nil", struct{ V *json.Marshaler }{}, `{"V":null}`),
		same("textmarshaler/pointer-to-text-marshaler-interface", []*encoding.TextMarshaler{textMarshalerPtr(valText{"i"})}, `["vt:i"]`),
		fails("marshaler/error-names-the-interface-type", struct{ V json.Marshaler }{rawJSON("{bad")},
			ErrAs[*json.MarshalerError]("json: error calling MarshalJSON for type json.Marshaler: invalid character 'b' looking for beginning of object key string")).
			onV2Err(v2MethodType, ErrAs[*json.MarshalerError]("json: error calling MarshalJSON for type *corpus.rawJSON: invalid character 'b' looking for beginning of object key string")),
		fails("marshaler/error-through-pointer-to-interface", struct{ V *json.Marshaler }{marshalerPtr(json.RawMessage(""))},
			ErrAs[*json.MarshalerError]("json: error calling MarshalJSON for type json.Marshaler: unexpected end of JSON input")).
			onV2Err(v2RawMessage, ErrAs[*json.MarshalerError]("json: error calling MarshalJSON for type *jsontext.Value: unexpected end of JSON input")),
		fails("textmarshaler/error-names-the-interface-type", []encoding.TextMarshaler{failText{}},
			ErrAs[*json.MarshalerError]("json: error calling MarshalText for type encoding.TextMarshaler: boom")).
			onV2Err(v2MethodType, ErrAs[*json.MarshalerError]("json: error calling MarshalText for type *corpus.failText: boom")),
		same("marshaler/json-wins-over-text", bothJSONText{}, `"json"`),
		same("marshaler/string-option-ignored", struct {
			V valJSON `json:",string"`
			S strText `json:",string"`
		}{valJSON{1}, "a"}, `{"V":{"v":1},"S":"t:a"}`),
		same("marshaler/nil-map-kind-is-called", struct{ M mapJSON }{}, `{"M":"m0"}`),
		same("marshaler/non-compact-output", rawJSON("{ \"a\" : [1, 2],\n \"b\":\t\"<&>\" }"), `{"a":[1,2],"b":"\u003c\u0026\u003e"}`),
		same("marshaler/non-compact-output-no-escape-html", rawJSON("{ \"a\" : [1, 2],\n \"b\":\t\"<&>\u2028\" }"),
			"{\"a\":[1,2],\"b\":\"<&>\u2028\"}").with(noEscapeHTML).
			onV2(v2LineSeparators, `{"a":[1,2],"b":"<&>\u2028"}`),
		same("marshaler/output-line-separator-escaped", rawJSON("\"a\u2028b\u2029\""), `"a\u2028b\u2029"`),
		same("marshaler/output-padded-number", []any{rawJSON("  42\n")}, `[42]`),
		same("marshaler/output-invalid-utf8-kept", rawJSON("\"a\xffb\""), "\"a\xffb\""),
		same("marshaler/output-reindented", map[string]any{"r": rawJSON(`{"a":[1,{}]}`)},
			"{\n\t\"r\": {\n\t\t\"a\": [\n\t\t\t1,\n\t\t\t{}\n\t\t]\n\t}\n}").with(indent("", "\t")),
		fails("marshaler/error", failJSON{}, ErrAs[*json.MarshalerError]("json: error calling MarshalJSON for type corpus.failJSON: boom")).
			onV2Err(v2MethodType, ErrAs[*json.MarshalerError]("json: error calling MarshalJSON for type *corpus.failJSON: boom")),
		fails("marshaler/error-in-field", struct {
			A int
			F failJSON
		}{}, ErrAs[*json.MarshalerError]("json: error calling MarshalJSON for type corpus.failJSON: boom")).
			onV2Err(v2MethodType, ErrAs[*json.MarshalerError]("json: error calling MarshalJSON for type *corpus.failJSON: boom")),
		fails("marshaler/error-pointer-receiver-addressable", []failPtrJSON{{}},
			ErrAs[*json.MarshalerError]("json: error calling MarshalJSON for type corpus.failPtrJSON: boom")).
			onV2Err(v2MethodType, ErrAs[*json.MarshalerError]("json: error calling MarshalJSON for type *corpus.failPtrJSON: boom")),
		policyErr("marshaler/error-after-cycle", func() any {
			m := map[string]any{"z": failJSON{}}
			m["a"] = m
			return m
		}(), ErrAs[*json.MarshalerError]("json: error calling MarshalJSON for type corpus.failJSON: boom")).
			onV2Err(v2MethodType, ErrAs[*json.MarshalerError]("json: error calling MarshalJSON for type *corpus.failJSON: boom")),
		fails("marshaler/invalid-output", rawJSON("{bad"),
			ErrAs[*json.SyntaxError]("json: error calling MarshalJSON for type corpus.rawJSON: invalid character 'b' looking for beginning of object key string")).
			onV2Err(v2MethodType, ErrAs[*json.SyntaxError]("json: error calling MarshalJSON for type *corpus.rawJSON: invalid character 'b' looking for beginning of object key string")),
		fails("marshaler/empty-output", rawJSON(""),
			ErrAs[*json.MarshalerError]("json: error calling MarshalJSON for type corpus.rawJSON: unexpected end of JSON input")).
			onV2Err(v2MethodType, ErrAs[*json.MarshalerError]("json: error calling MarshalJSON for type *corpus.rawJSON: unexpected end of JSON input")),
		fails("marshaler/two-values-output", rawJSON("1 2"),
			ErrAs[*json.MarshalerError]("json: error calling MarshalJSON for type corpus.rawJSON: invalid character '2' after top-level value")).
			onV2Err(v2MethodType, ErrAs[*json.MarshalerError]("json: error calling MarshalJSON for type *corpus.rawJSON: invalid character '2' after top-level value")),
		panics("marshaler/user-panic-propagates", []any{1, panicJSON{}}, "corpus: user panic"),

		same("textmarshaler/value-receiver", valText{"x"}, `"vt:x"`),
		same("textmarshaler/value-receiver-nil-pointer", (*valText)(nil), `null`),
		same("textmarshaler/value-receiver-nil-field", struct{ T *valText }{}, `{"T":null}`),
		same("textmarshaler/pointer-receiver-not-addressable", ptrText{"a"}, `{"S":"a"}`),
		same("textmarshaler/pointer-receiver-pointer", &ptrText{"b"}, `"pt:b"`),
		same("textmarshaler/pointer-receiver-in-slice", []ptrText{{"c"}}, `["pt:c"]`),
		same("textmarshaler/pointer-receiver-in-map-value", map[string]ptrText{"k": {"d"}}, `{"k":{"S":"d"}}`),
		same("textmarshaler/pointer-receiver-behind-embedded-pointer", struct{ *textHolder }{&textHolder{ptrText{"f"}}}, `{"T":"pt:f"}`),
		same("textmarshaler/pointer-receiver-in-array-value", [1]ptrText{{"e"}}, `[{"S":"e"}]`),
		same("textmarshaler/output-escaped", rawText("<\xff\u2028\"\n>"), `"\u003c\ufffd\u2028\"\n\u003e"`).
			onV2(v2InvalidUTF8, "\"\\u003c\uFFFD\\u2028\\\"\\n\\u003e\""),
		same("textmarshaler/output-no-escape-html", rawText("<&>"), `"<&>"`).with(noEscapeHTML),
		fails("textmarshaler/error", failText{}, ErrAs[*json.MarshalerError]("json: error calling MarshalText for type corpus.failText: boom")).
			onV2Err(v2MethodType, ErrAs[*json.MarshalerError]("json: error calling MarshalText for type *corpus.failText: boom")),
		fails("textmarshaler/error-in-slice", []failText{{}}, ErrAs[*json.MarshalerError]("json: error calling MarshalText for type corpus.failText: boom")).
			onV2Err(v2MethodType, ErrAs[*json.MarshalerError]("json: error calling MarshalText for type *corpus.failText: boom")),
	}
}

// marshalerPtr returns a pointer to a json.Marshaler interface holding m.
func marshalerPtr(m json.Marshaler) *json.Marshaler { return &m }

// textMarshalerPtr returns a pointer to an encoding.TextMarshaler interface
// holding m.
func textMarshalerPtr(m encoding.TextMarshaler) *encoding.TextMarshaler { return &m }

// stickyHolder returns &struct{B [2]struct{X any}} with v in B[1].X: an
// interface in an array of structs, behind a pointer.
func stickyHolder(v any) any {
	h := &struct{ B [2]struct{ X any } }{}
	h.B[1].X = v
	return h
}
