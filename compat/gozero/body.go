package safejsongozero

import (
	"context"
	"encoding/json"

	"github.com/safejson/safejson"
)

// options are go-zero's: core/jsonx encodes with SetEscapeHTML(false).
var options = safejson.Options{NoEscapeHTML: true}

// Body returns v encoded by safejson (HTML not escaped, as go-zero writes
// it) as a json.RawMessage, for go-zero's httpx to write: encoding/json copies
// it into the response unchanged. When the encoding fails, which happens only
// when your own MarshalJSON or MarshalText fails or writes invalid JSON, Body
// returns v itself, so that httpx meets the same error and answers it as it
// does without safejson.
func Body(v any) any {
	b, err := options.Marshal(v)
	if err != nil {
		return v
	}
	return json.RawMessage(b)
}

// OkHandler is a go-zero ok handler (httpx.SetOkHandler) that returns
// Body(v).
func OkHandler(_ context.Context, v any) any { return Body(v) }
