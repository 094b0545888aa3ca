// Package engine wraps the third-party JSON encoders safejson tries first, each
// configured for encoding/json's output, behind one interface.
package engine

import (
	"errors"
	"io"
)

// Engine is one JSON implementation, configured to write what encoding/json
// writes.
type Engine interface {
	// Name is the engine's short name: "sonic", "goccy" or "std".
	Name() string
	// Append appends the JSON encoding of v to dst, as json.Marshal,
	// json.MarshalIndent or json.Encoder (without its trailing newline) would
	// write it under opts. On failure it returns dst unchanged in length and an
	// error that is either a *Rejected (the value holds something the engine
	// cannot write: the caller may fall back) or the user's own error as the
	// encoding/json type (*json.MarshalerError …).
	Append(dst []byte, v any, opts Options) ([]byte, error)
	// Unmarshal decodes as json.Unmarshal.
	Unmarshal(data []byte, v any) error
	// NewDecoder returns a stream decoder reading r, as json.NewDecoder.
	NewDecoder(r io.Reader) Decoder
	// Quirks lists where this engine's output is known to differ from
	// encoding/json's, so that the planner can route around them.
	Quirks() Quirks
}

// Options are the encoding/json settings an engine must honour. The zero value
// is json.Marshal.
type Options struct {
	// NoEscapeHTML is json.Encoder.SetEscapeHTML(false).
	NoEscapeHTML bool
	// Prefix and Indent are json.MarshalIndent's.
	Prefix, Indent string
}

// Decoder is the part of *json.Decoder that codecs use.
type Decoder interface {
	Decode(v any) error
	UseNumber()
	DisallowUnknownFields()
	More() bool
	Buffered() io.Reader
}

// Quirks is a set of known differences from encoding/json.
type Quirks uint64

// Rejected is the error an engine returns for a value it cannot write but the
// safe encoder can substitute: a cycle, NaN or ±Inf, an unsupported type or map
// key, nesting too deep.
type Rejected struct {
	Engine string
	Err    error // the engine's own error, for diagnostics
}

func (e *Rejected) Error() string { return e.Engine + ": rejected: " + e.Err.Error() }
func (e *Rejected) Unwrap() error { return e.Err }

// IsRejected reports whether err says the engine could not write the value.
func IsRejected(err error) bool {
	var r *Rejected
	return errors.As(err, &r)
}
