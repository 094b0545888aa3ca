// Package engine wraps the JSON encoders safejson tries first, each configured
// to write what encoding/json writes, behind one interface.
//
// Three engines exist: "sonic" (bytedance/sonic, amd64 and arm64 only),
// "goccy" (goccy/go-json) and "std" (encoding/json itself, always compiled
// in). Which ones a binary holds is decided by build tags (see Default); All
// lists them and ByName finds one. The public package
// github.com/safejson/safejson/engine names them by its Engine type (see
// handle.go and package internal/enginehandle).
//
// An engine either writes exactly the bytes encoding/json writes, or fails with
// one of three kinds of error (see errors.go):
//   - *Rejected: the value holds something the engine cannot write (a cycle,
//     NaN or ±Inf, a chan/func/complex, a map key it cannot write, nesting too
//     deep); the caller falls back to the reference encoder.
//   - the error encoding/json itself would return (a *json.MarshalerError …),
//     rebuilt exactly: the user's own MarshalJSON or MarshalText failed.
//   - *Unconvertible: the user's own code failed but the engine's error does
//     not say enough to rebuild encoding/json's error; the caller re-runs the
//     reference encoder, which returns it.
//
// Where an engine's bytes are known to differ from encoding/json's for some
// values, its Quirks say so (which types trigger each is the planner's table,
// internal/plan/quirks.go), so that the caller can route those types elsewhere.
//
// Append does not recover panics: a third-party engine may panic on some
// input, and so may the user's own methods; the caller decides (safejson
// recovers and re-runs the reference encoder, which re-raises a user's panic).
package engine

import (
	"io"

	"github.com/safejson/safejson/internal/options"
)

// Engine is one JSON implementation, configured to write what encoding/json
// writes.
type Engine interface {
	// Name is the engine's short name: "sonic", "goccy" or "std".
	Name() string
	// Append appends the JSON encoding of v to dst, as json.Marshal,
	// json.MarshalIndent or json.Encoder (without its trailing newline) would
	// write it under opts (the engine's part of the internal options). On
	// failure it returns dst unchanged in length and a *Rejected, an
	// *Unconvertible, or the user's own error as the encoding/json type
	// (*json.MarshalerError …); see the package comment.
	// The bytes of dst beyond its length may be overwritten even on failure.
	Append(dst []byte, v any, opts options.Output) ([]byte, error)
	// Unmarshal decodes as json.Unmarshal.
	Unmarshal(data []byte, v any) error
	// NewDecoder returns a stream decoder reading r, as json.NewDecoder.
	NewDecoder(r io.Reader) Decoder
	// Quirks lists where this engine's output is known to differ from
	// encoding/json's, so that the planner can route around them.
	Quirks() Quirks
}

// Decoder is the part of *json.Decoder that codecs use.
type Decoder interface {
	Decode(v any) error
	UseNumber()
	DisallowUnknownFields()
	More() bool
	Buffered() io.Reader
}
