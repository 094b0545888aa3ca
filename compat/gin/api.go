package safejsongin

import (
	"io"

	ginjson "github.com/gin-gonic/gin/codec/json"
	"github.com/safejson/safejson"
)

// API is gin's codec/json Core backed by safejson. The zero value encodes as
// encoding/json plus safejson's default substitutes; set Options for another
// policy (a "[Circular]" placeholder, Strict, a Replacer …).
//
// Install it with ginjson.API = safejsongin.API{}.
type API struct {
	Options safejson.Options
}

var _ ginjson.Core = API{}

// Marshal returns the JSON encoding of v, as json.Marshal (c.JSON, SecureJSON,
// AsciiJSON, JSONP).
func (a API) Marshal(v any) ([]byte, error) { return a.Options.Marshal(v) }

// MarshalIndent is Marshal with indentation, as json.MarshalIndent
// (c.IndentedJSON).
func (a API) MarshalIndent(v any, prefix, indent string) ([]byte, error) {
	return a.Options.MarshalIndent(v, prefix, indent)
}

// Unmarshal decodes data into v, as json.Unmarshal (form fields holding
// JSON), with encoding/json's errors (see safejson.Options.Unmarshal).
func (a API) Unmarshal(data []byte, v any) error {
	return a.Options.Unmarshal(data, v)
}

// NewEncoder returns an encoder writing to w, as json.NewEncoder (c.PureJSON).
// Each Encode writes the whole value and its newline in one Write, or nothing.
func (a API) NewEncoder(w io.Writer) ginjson.Encoder { return a.Options.NewEncoder(w) }

// NewDecoder returns a decoder reading r, as json.NewDecoder (request
// binding: ShouldBindJSON and the other JSON bindings), with encoding/json's
// errors (see safejson.Options.Unmarshal), so that a bad body gives the same 400 text
// and a truncated body is io.ErrUnexpectedEOF, not the io.EOF of an empty one.
func (a API) NewDecoder(r io.Reader) ginjson.Decoder {
	return a.Options.NewDecoder(r)
}
