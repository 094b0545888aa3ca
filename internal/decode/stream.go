package decode

import (
	"encoding/json"
	"errors"
	"io"

	"github.com/safejson/safejson/internal/engine"
	"github.com/safejson/safejson/internal/flavor"
)

// Decoder reads JSON values from a stream as json.Decoder does, with its
// verdict on each value, and decodes each as Unmarshal decodes. It frames
// the stream with a json.Decoder: each value is read by encoding/json's own
// scanner (its syntax errors, io.EOF and io.ErrUnexpectedEOF, Buffered,
// More, Token and InputOffset are json.Decoder's). Its memory is
// json.Decoder's (the value being read, and what has been read ahead of
// it, never the stream) plus a copy of the value.
type Decoder struct {
	std   *json.Decoder
	named engine.Engine // Options.Engine, nil for the default plan
	// useNumber and disallowUnknownFields are json.Decoder's settings of
	// the same names: a value decoded under either goes to encoding/json
	// (the engines are not checked against these rules), or, into a
	// dynamic target, to anydec (useNumber: as json.Number).
	useNumber             bool
	disallowUnknownFields bool
	tokens                bool // Token has been called: a ',' or ':' may precede a value
}

// NewDecoder returns a Decoder reading r with the engine named (nil: the
// default plan).
func NewDecoder(r io.Reader, named engine.Engine) *Decoder {
	return &Decoder{std: json.NewDecoder(r), named: named}
}

// Decode reads the next JSON value and stores it in v, as
// json.Decoder.Decode, with its verdict.
func (d *Decoder) Decode(v any) error {
	in := input{named: d.named, d: d}
	return in.decode(v)
}

// UseNumber is json.Decoder.UseNumber.
func (d *Decoder) UseNumber() {
	d.useNumber = true
	d.std.UseNumber()
}

// DisallowUnknownFields is json.Decoder.DisallowUnknownFields.
func (d *Decoder) DisallowUnknownFields() {
	d.disallowUnknownFields = true
	d.std.DisallowUnknownFields()
}

// More is json.Decoder.More.
func (d *Decoder) More() bool { return d.std.More() }

// Buffered is json.Decoder.Buffered.
func (d *Decoder) Buffered() io.Reader { return d.std.Buffered() }

// Token is json.Decoder.Token.
func (d *Decoder) Token() (json.Token, error) {
	d.tokens = true
	return d.std.Token()
}

// InputOffset is json.Decoder.InputOffset.
func (d *Decoder) InputOffset() int64 { return d.std.InputOffset() }

// valueStart returns where json.Decoder on the classic flavour counts the
// Offset of an *json.UnmarshalTypeError in the next value from: the end of
// the previous value or token, or, where Token left a ',' or ':' before the
// value, the byte after it (flavor.DecoderOffsetCountsSpace). The separator
// is looked for in what the Decoder has read ahead; one not read yet is
// missed.
func (d *Decoder) valueStart() int64 {
	start := d.std.InputOffset()
	if !flavor.DecoderOffsetCountsSpace || !d.tokens {
		return start
	}
	ahead, ok := d.std.Buffered().(io.ByteReader)
	for i := int64(1); ok; i++ {
		c, err := ahead.ReadByte()
		switch {
		case err != nil:
			return start
		case c == ',' || c == ':':
			return start + i
		case c != ' ' && c != '\t' && c != '\r' && c != '\n':
			return start
		}
	}
	return start
}

// valueError returns err, the error of decoding raw, the value the stream
// held after offset start, with json.Decoder's Offset in an
// *json.UnmarshalTypeError: decoding raw counts it from raw's first byte,
// json.Decoder on the classic flavour from start, the white space before the
// value included (flavor.DecoderOffsetCountsSpace).
func (d *Decoder) valueError(err error, start int64, raw []byte) error {
	var ute *json.UnmarshalTypeError
	if flavor.DecoderOffsetCountsSpace && errors.As(err, &ute) {
		ute.Offset += d.std.InputOffset() - start - int64(len(raw))
	}
	return err
}
