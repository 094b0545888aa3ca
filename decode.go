package safejson

import (
	"encoding/json"
	"io"

	"github.com/safejson/safejson/internal/decode"
	"github.com/safejson/safejson/internal/engine"
	"github.com/safejson/safejson/internal/options"
)

// Unmarshal decodes data into v as json.Unmarshal, with the engine its decode
// plan picks and encoding/json's verdict (internal/decode says how). When o
// is invalid it returns the error of o.Validate and leaves v untouched.
func (o Options) Unmarshal(data []byte, v any) error {
	var opts options.Options
	if err := o.internal(&opts); err != nil {
		return err
	}
	return crashError(decode.Unmarshal(data, v, named(&opts)))
}

// named is the engine opts name, nil for the default plan.
func named(opts *options.Options) engine.Engine {
	e, _ := opts.Engine.(engine.Engine)
	return e
}

// NewDecoder returns a Decoder reading r with o's engine. When o is invalid,
// every Decode returns the error of o.Validate, reading nothing.
func (o Options) NewDecoder(r io.Reader) *Decoder {
	var opts options.Options
	err := o.internal(&opts)
	return &Decoder{d: decode.NewDecoder(r, named(&opts)), err: err}
}

// Decoder reads JSON values from a stream as json.Decoder does, with its
// verdict on each value; values go through an engine as in Unmarshal. Its
// memory is json.Decoder's (the value being read, and what has been read
// ahead of it) plus a copy of the value.
type Decoder struct {
	d   *decode.Decoder
	err error // o.Validate's, returned by every Decode
}

// UseNumber makes the Decoder decode numbers into an any as json.Number, as
// json.Decoder.UseNumber.
func (d *Decoder) UseNumber() { d.d.UseNumber() }

// DisallowUnknownFields makes an object key that matches no field of the
// target struct an error, as json.Decoder.DisallowUnknownFields.
func (d *Decoder) DisallowUnknownFields() { d.d.DisallowUnknownFields() }

// Decode reads the next JSON value and stores it in v, as
// json.Decoder.Decode, with its verdict.
func (d *Decoder) Decode(v any) error {
	if d.err != nil {
		return d.err
	}
	return crashError(d.d.Decode(v))
}

// More reports whether there is another element in the current array or
// object being parsed, as json.Decoder.More.
func (d *Decoder) More() bool { return d.d.More() }

// Buffered returns a reader of the data remaining in the Decoder's buffer, as
// json.Decoder.Buffered.
func (d *Decoder) Buffered() io.Reader { return d.d.Buffered() }

// Token returns the next JSON token in the input stream, as
// json.Decoder.Token.
func (d *Decoder) Token() (json.Token, error) { return d.d.Token() }

// InputOffset returns the input stream byte offset of the current decoder
// position, as json.Decoder.InputOffset.
func (d *Decoder) InputOffset() int64 { return d.d.InputOffset() }
