package safejsonbun

import (
	"io"

	"github.com/safejson/safejson"
	"github.com/uptrace/bun/extra/bunjson"
)

// Provider is a bunjson.Provider backed by safejson. The zero value encodes
// with safejson's default policy; set Options for another (a "[Circular]"
// placeholder, Strict, a Replacer …).
type Provider struct {
	Options safejson.Options
}

var _ bunjson.Provider = Provider{}

// Marshal returns the JSON encoding of v, as json.Marshal.
func (p Provider) Marshal(v any) ([]byte, error) { return p.Options.Marshal(v) }

// Unmarshal decodes data into v with encoding/json's verdict.
func (p Provider) Unmarshal(data []byte, v any) error { return p.Options.Unmarshal(data, v) }

// NewEncoder returns an encoder writing to w, as json.NewEncoder.
func (p Provider) NewEncoder(w io.Writer) bunjson.Encoder { return p.Options.NewEncoder(w) }

// NewDecoder returns a decoder reading r, as json.NewDecoder.
func (p Provider) NewDecoder(r io.Reader) bunjson.Decoder { return p.Options.NewDecoder(r) }
