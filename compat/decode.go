package compat

import (
	"bytes"
	"encoding/json"
	"io"

	"github.com/safejson/safejson"
)

// Decoding decodes with safejson's engine and answers exactly as
// encoding/json does when the input is not what the target expects.
//
// safejson.Unmarshal and safejson.NewDecoder are the engine's own: on sonic
// (the default on amd64 and arm64) a bad request body gives sonic's error
// types and texts, which quote the input, and a body cut short reads as
// io.EOF, as an empty one does. Web frameworks show these errors to clients,
// map them by type (echo turns *json.SyntaxError and *json.UnmarshalTypeError
// into its 400 messages) and tell an empty body by io.EOF. Decoding decodes
// with the engine and, only when that fails, decodes the same input again
// with encoding/json and returns its verdict: the error encoding/json gives,
// of its type, or success if encoding/json accepts what the engine refused.
// Valid input costs the engine's decode, plus, for a stream, a copy of the
// bytes read. After an error the target is partly filled, as encoding/json
// leaves it, though not necessarily with the same parts.
//
// The zero value uses safejson's default engine; Options.Engine picks
// another (the other options concern encoding).
type Decoding struct {
	Options safejson.Options
}

// Unmarshal decodes data into v, as json.Unmarshal.
func (d Decoding) Unmarshal(data []byte, v any) error {
	if d.Options.Unmarshal(data, v) == nil {
		return nil
	}
	return json.Unmarshal(data, v)
}

// NewDecoder returns a Decoder reading r, as json.NewDecoder.
func (d Decoding) NewDecoder(r io.Reader) *Decoder {
	return &Decoder{opts: d.Options, r: r}
}

// Unmarshal is Decoding{}.Unmarshal: safejson's engine with encoding/json's
// errors. It fits fiber's Config.JSONDecoder.
func Unmarshal(data []byte, v any) error { return Decoding{}.Unmarshal(data, v) }

// NewDecoder is Decoding{}.NewDecoder.
func NewDecoder(r io.Reader) *Decoder { return Decoding{}.NewDecoder(r) }

// Decoder reads JSON values from a stream as json.Decoder does, with
// safejson's engine while the input is valid and encoding/json from the first
// error on. It keeps a copy of what it has read until then, so it suits a
// request body, not an endless stream.
type Decoder struct {
	opts      safejson.Options
	r         io.Reader
	seen      bytes.Buffer     // everything fast has read from r
	fast      safejson.Decoder // nil until the first Decode, and after a fallback
	std       *json.Decoder    // set by the first error, used from then on
	decoded   int              // values fast has decoded
	useNumber bool
	strict    bool
}

// UseNumber makes the Decoder decode numbers into an any as json.Number, as
// json.Decoder.UseNumber.
func (d *Decoder) UseNumber() {
	d.useNumber = true
	if d.fast != nil {
		d.fast.UseNumber()
	}
	if d.std != nil {
		d.std.UseNumber()
	}
}

// DisallowUnknownFields makes an object key that matches no field of the
// target struct an error, as json.Decoder.DisallowUnknownFields.
func (d *Decoder) DisallowUnknownFields() {
	d.strict = true
	if d.fast != nil {
		d.fast.DisallowUnknownFields()
	}
	if d.std != nil {
		d.std.DisallowUnknownFields()
	}
}

// Decode reads the next JSON value and stores it in v, as
// json.Decoder.Decode; its errors are encoding/json's.
func (d *Decoder) Decode(v any) error {
	if d.std != nil {
		return d.std.Decode(v)
	}
	if d.fast == nil {
		d.fast = d.opts.NewDecoder(io.TeeReader(d.r, &d.seen))
		if d.useNumber {
			d.fast.UseNumber()
		}
		if d.strict {
			d.fast.DisallowUnknownFields()
		}
	}
	if d.fast.Decode(v) == nil {
		d.decoded++
		return nil
	}
	// Replay the stream from its start to encoding/json, past the values
	// the engine decoded, and let it decode this one.
	d.fast = nil
	d.std = json.NewDecoder(io.MultiReader(&d.seen, d.r))
	if d.useNumber {
		d.std.UseNumber()
	}
	if d.strict {
		d.std.DisallowUnknownFields()
	}
	for range d.decoded {
		var skip json.RawMessage
		if err := d.std.Decode(&skip); err != nil {
			return err
		}
	}
	return d.std.Decode(v)
}
