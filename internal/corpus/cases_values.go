package corpus

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"time"
)

// valueCases: []byte, arrays, json.RawMessage, time.Time, big.Int, big.Float,
// error values, interfaces holding typed nils.
func valueCases() []*Case {
	var nilRaw *json.RawMessage
	var nilBytes *[]byte
	var nilTime *time.Time
	return []*Case{
		same("bytes/nil", []byte(nil), `null`).engines(),
		same("bytes/empty", []byte{}, `""`).engines(),
		same("bytes/std-alphabet-padding", []byte{0xfb, 0xff, 0xbf, 0x01}, `"+/+/AQ=="`),
		same("bytes/named", bytesT{1, 2}, `"AQI="`),
		same("bytes/named-element", []myByte{1, 2, 3}, `"AQID"`),
		same("bytes/text-marshaler-element-is-array", []textByte{1, 2}, `["b1","b2"]`),
		same("bytes/nil-pointer", nilBytes, `null`),
		same("bytes/in-struct-omitempty", struct {
			A []byte `json:",omitempty"`
			B []byte
			C []byte
		}{[]byte{}, nil, []byte("<>")}, `{"B":null,"C":"PD4="}`),
		same("array/byte-array-is-numbers", [2]byte{1, 2}, `[1,2]`),
		same("array/empty", [0]int{}, `[]`),
		same("array/of-byte-slices", [2][]byte{nil, {1}}, `[null,"AQ=="]`),
		same("array/nested", [2][2]string{{"a", "b"}, {"<"}}, `[["a","b"],["\u003c",""]]`),

		same("rawmessage/valid", json.RawMessage(`{"a":1}`), `{"a":1}`),
		same("rawmessage/non-compact", json.RawMessage("{ \"a\" :\n [1, 2] }"), `{"a":[1,2]}`),
		same("rawmessage/html-escaped", json.RawMessage(`"<&>"`), `"\u003c\u0026\u003e"`),
		same("rawmessage/html-no-escape", json.RawMessage(`"<&>"`), `"<&>"`).with(noEscapeHTML),
		same("rawmessage/nil-is-null", json.RawMessage(nil), `null`).engines(),
		same("rawmessage/nil-field", struct {
			R json.RawMessage
			P *json.RawMessage
		}{}, `{"R":null,"P":null}`),
		same("rawmessage/nil-pointer", nilRaw, `null`),
		same("rawmessage/invalid-utf8-kept", json.RawMessage("\"\xff\""), "\"\xff\""),
		same("rawmessage/indented", []json.RawMessage{json.RawMessage(`{"a":[1,2]}`)},
			"[\n\t{\n\t\t\"a\": [\n\t\t\t1,\n\t\t\t2\n\t\t]\n\t}\n]").with(indent("", "\t")),
		fails("rawmessage/invalid", json.RawMessage("{"),
			ErrAs[*json.SyntaxError]("json: error calling MarshalJSON for type json.RawMessage: unexpected end of JSON input")).
			onV2Err(v2RawMessage, ErrAs[*json.SyntaxError]("json: error calling MarshalJSON for type *jsontext.Value: unexpected end of JSON input")),
		fails("rawmessage/empty-non-nil", struct{ R json.RawMessage }{json.RawMessage{}},
			ErrAs[*json.MarshalerError]("json: error calling MarshalJSON for type json.RawMessage: unexpected end of JSON input")).
			onV2Err(v2RawMessage, ErrAs[*json.MarshalerError]("json: error calling MarshalJSON for type *jsontext.Value: unexpected end of JSON input")),
		fails("rawmessage/trailing-garbage", []json.RawMessage{json.RawMessage(`[1]]`)},
			ErrAs[*json.MarshalerError]("json: error calling MarshalJSON for type json.RawMessage: invalid character ']' after top-level value")).
			onV2Err(v2RawMessage, ErrAs[*json.MarshalerError]("json: error calling MarshalJSON for type *jsontext.Value: invalid character ']' after top-level value")),

		same("time/utc-nanoseconds", time.Date(2024, 2, 29, 23, 59, 59, 123456789, time.UTC), `"2024-02-29T23:59:59.123456789Z"`),
		same("time/fixed-zone", time.Date(2024, 2, 29, 23, 59, 59, 0, time.FixedZone("X", -7*3600)), `"2024-02-29T23:59:59-07:00"`),
		same("time/zero", time.Time{}, `"0001-01-01T00:00:00Z"`),
		same("time/nil-pointer", nilTime, `null`),
		fails("time/year-out-of-range", time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC),
			ErrAs[*json.MarshalerError]("json: error calling MarshalJSON for type time.Time: Time.MarshalJSON: year outside of range [0,9999]")).
			onV2Err(v2MethodType+"; time.Time's own error text is json/v2's",
				ErrAs[*json.MarshalerError]("json: error calling MarshalJSON for type *time.Time: year outside of range [0,9999]")),

		same("big.Int/negative", big.NewInt(-12), `-12`),
		same("big.Int/huge", new(big.Int).Lsh(big.NewInt(1), 100), `1267650600228229401496703205376`),
		same("big.Int/nil", (*big.Int)(nil), `null`),
		same("big.Int/value-not-addressable", *big.NewInt(5), `{}`),
		same("big.Int/value-in-slice-addressable", []big.Int{*big.NewInt(5)}, `[5]`),
		same("big.Float/text", []*big.Float{big.NewFloat(1.5), big.NewFloat(1e100), big.NewFloat(math.Inf(-1))}, `["1.5","1e+100","-Inf"]`),

		same("error/errors.New", errors.New("boom"), `{}`),
		same("error/wrapped", fmt.Errorf("w: %w", io.EOF), `{}`),
		same("error/joined", errors.Join(io.EOF, io.ErrUnexpectedEOF), `{}`),
		same("error/with-exported-field", codeErr{7}, `{"Code":7}`),
		same("error/field", struct {
			Err  error
			None error
		}{Err: errors.New("x")}, `{"Err":{},"None":null}`),

		same("interface/nil-top-level", nil, `null`).engines(),
		same("interface/typed-nils", []any{(*int)(nil), []int(nil), map[string]int(nil), (*node)(nil), nil},
			`[null,null,null,null,null]`),
		same("interface/typed-nil-error", struct{ E error }{(*ptrErr)(nil)}, `{"E":null}`),
		same("interface/typed-nil-marshaler", box{V: (*valJSON)(nil)}, `{"V":null}`),
		same("interface/pointer-to-pointer", func() any { i := 5; p := &i; return &p }(), `5`).engines(),
		same("interface/nested-interfaces", []any{[]any{map[string]any{"a": []any{}}}}, `[[{"a":[]}]]`),
	}
}
