package safejson

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"

	"github.com/safejson/safejson/engine"
)

// Decoding is the engine's, answered as encoding/json answers.
//
// The engines decode valid input faster than encoding/json, but on bad input
// they give their own error types and texts (sonic's quote the input), and
// sonic's stream decoder reads a body cut short as io.EOF, as an empty one.
// Web frameworks show these errors to clients, map them by type (echo turns
// *json.SyntaxError and *json.UnmarshalTypeError into its 400 messages) and
// tell an empty body by io.EOF. So Unmarshal and Decoder decode with the
// engine and, only when that fails, decode the same input again with
// encoding/json and return its verdict: its error, of its type, or success if
// encoding/json accepts what the engine refused. Valid input costs the
// engine's decode, plus, for a stream, a copy of the bytes read. After an
// error the target is partly filled, as encoding/json leaves it, though not
// necessarily with the same parts.

// Unmarshal decodes data into v as json.Unmarshal, with o's engine and
// encoding/json's errors.
func (o Options) Unmarshal(data []byte, v any) error {
	eng := o.engine()
	err := eng.Unmarshal(data, v)
	if err == nil || eng == engine.Std() {
		return err // encoding/json's verdict already
	}
	return json.Unmarshal(data, v)
}

// NewDecoder returns a Decoder reading r with o's engine.
func (o Options) NewDecoder(r io.Reader) *Decoder { return &Decoder{opts: o, r: r} }

// Decoder reads JSON values from a stream as json.Decoder does: with the
// engine while the input is valid, with encoding/json from the first error
// on, so its errors are encoding/json's. It keeps a copy of what it has read
// until then, so it suits a request body, not an endless stream.
type Decoder struct {
	opts      Options
	r         io.Reader
	seen      bytes.Buffer   // everything fast has read from r
	fast      engine.Decoder // nil until first needed, and after a fallback
	std       *json.Decoder  // set by the first error, used from then on
	decoded   int            // values fast has decoded
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

// start makes the engine's decoder on first use.
func (d *Decoder) start() {
	if d.fast != nil || d.std != nil {
		return
	}
	d.fast = d.opts.engine().NewDecoder(io.TeeReader(d.r, &d.seen))
	if d.useNumber {
		d.fast.UseNumber()
	}
	if d.strict {
		d.fast.DisallowUnknownFields()
	}
}

// Decode reads the next JSON value and stores it in v, as
// json.Decoder.Decode; its errors are encoding/json's.
func (d *Decoder) Decode(v any) error {
	if d.std != nil {
		return d.std.Decode(v)
	}
	d.start()
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

// More reports whether there is another element in the current array or
// object being parsed, as json.Decoder.More.
func (d *Decoder) More() bool {
	if d.std != nil {
		return d.std.More()
	}
	d.start()
	return d.fast.More()
}

// Buffered returns a reader of the data remaining in the Decoder's buffer, as
// json.Decoder.Buffered (what the engine has read ahead differs by engine).
func (d *Decoder) Buffered() io.Reader {
	switch {
	case d.std != nil:
		return d.std.Buffered()
	case d.fast != nil:
		return d.fast.Buffered()
	}
	return strings.NewReader("")
}
