//go:build go1.27 && goexperiment.jsonv2

package corpus

import (
	"encoding/json"
	"encoding/json/jsontext"
	"errors"
)

// marshalerToCases: MarshalJSONTo (json/v2's MarshalerTo), which encoding/json
// on json/v2 calls before MarshalJSON, for values (never for map keys).
func marshalerToCases() []*Case {
	return []*Case{
		same("newmethods/marshaljsonto/value-receiver", toOnly{1}, `{"to":1}`),
		same("newmethods/marshaljsonto/field", struct{ T toOnly }{toOnly{2}}, `{"T":{"to":2}}`),
		same("newmethods/marshaljsonto/in-interface", []any{toOnly{3}}, `[{"to":3}]`),
		same("newmethods/marshaljsonto/html", toString{"<&>"}, `"\u003c\u0026\u003e"`),
		same("newmethods/marshaljsonto/html-off", toString{"<&>"}, `"<&>"`).with(noEscapeHTML),
		same("newmethods/marshaljsonto/indent", []toOnly{{4}}, "[\n  {\n    \"to\": 4\n  }\n]").with(indent("", "  ")),
		same("newmethods/marshaljsonto/pointer-receiver-addressable", &struct{ P toPtr }{toPtr{5}}, `{"P":"toptr"}`),
		same("newmethods/marshaljsonto/pointer-receiver-not-addressable", struct{ P toPtr }{toPtr{6}}, `{"P":{"N":6}}`),
		same("newmethods/marshaljsonto/before-marshaljson", toAndJSON{}, `"to"`),
		same("newmethods/marshaljsonto/embedded-number", struct{ json.Number }{"12"}, `12`),
		same("newmethods/marshaljsonto/nil-pointer", struct{ P *toOnly }{}, `{"P":null}`),
		fails("newmethods/marshaljsonto/error", toFails{}, ErrAs[*json.MarshalerError]("json: error calling MarshalJSONTo for type *corpus.toFails: boom")),
	}
}

// toOnly writes {"to":N} by MarshalJSONTo.
type toOnly struct{ N int }

func (t toOnly) MarshalJSONTo(enc *jsontext.Encoder) error {
	return errors.Join(enc.WriteToken(jsontext.BeginObject), enc.WriteToken(jsontext.String("to")),
		enc.WriteToken(jsontext.Int(int64(t.N))), enc.WriteToken(jsontext.EndObject))
}

// toString writes its string by MarshalJSONTo.
type toString struct{ S string }

func (t toString) MarshalJSONTo(enc *jsontext.Encoder) error {
	return enc.WriteToken(jsontext.String(t.S))
}

// toPtr has MarshalJSONTo on its pointer only.
type toPtr struct{ N int }

func (t *toPtr) MarshalJSONTo(enc *jsontext.Encoder) error {
	return enc.WriteToken(jsontext.String("toptr"))
}

// toAndJSON has both: MarshalJSONTo comes first.
type toAndJSON struct{}

func (toAndJSON) MarshalJSONTo(enc *jsontext.Encoder) error {
	return enc.WriteToken(jsontext.String("to"))
}
func (toAndJSON) MarshalJSON() ([]byte, error) { return []byte(`"json"`), nil }

// toFails has a MarshalJSONTo that fails.
type toFails struct{}

func (toFails) MarshalJSONTo(*jsontext.Encoder) error { return errors.New("boom") }
