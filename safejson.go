package safejson

import (
	"io"

	"github.com/safejson/safejson/engine"
	"github.com/safejson/safejson/internal/encode"
	"github.com/safejson/safejson/internal/options"
	"github.com/safejson/safejson/safe"
)

// Circular policies, as in package safe.
const (
	CircularOmit        = safe.CircularOmit
	CircularPlaceholder = safe.CircularPlaceholder
	CircularError       = safe.CircularError
)

// Options configure an encode or a decode: the substitute policy of package
// safe, and the
// engine to try first. The zero value is encoding/json's behaviour plus the
// default substitutes, on the default plan of package engine.
//
// The fields up to Indent are safe.Options's, with the same meaning; a value
// goes through the engine only when the engine can honour them all (a Replacer
// or a MaxBreadth always takes the reference encoder).
//
// Invalid options (see Validate) fail every call the same way, before
// anything is read or written: Marshal, MarshalIndent and Append return the
// error, an Encoder's Encode and a Decoder's Decode return it, Unmarshal
// returns it leaving the target untouched. The error begins "safejson:".
type Options struct {
	// Circular picks what a cycle becomes; Placeholder is the string written
	// under CircularPlaceholder (default "[Circular]").
	Circular    safe.Circular
	Placeholder string
	// MaxDepth bounds nesting (0: 10000; at most safe.HardMaxDepth, 100000);
	// deeper objects and arrays become "[Object]" and "[Array]". MaxBreadth
	// bounds the members written per object or array (0: unlimited).
	MaxDepth   int
	MaxBreadth int
	// Strict turns every substitution into a *safe.Error naming where and why.
	Strict bool
	// Replacer is called once per value before it is written (see
	// safe.Options.Replacer).
	Replacer func(key string, value any) (any, bool)
	// OnSubstitute is called once for every substitute written, in the
	// order of the output, whichever engine ran (see
	// safe.Options.OnSubstitute).
	OnSubstitute func(Substitution)
	// NoEscapeHTML is json.Encoder.SetEscapeHTML(false); Prefix and Indent
	// indent the output as json.Encoder.SetIndent does.
	NoEscapeHTML bool
	Prefix       string
	Indent       string
	// Engine is the engine to try first. The zero value is the default plan:
	// engine.Default(), or another compiled-in engine for a type the default
	// one is known to write wrongly, or the reference encoder. A named engine
	// (engine.Lookup, engine.All) is the only one tried; a type it is known
	// to write wrongly goes to the reference encoder. The bytes are the same
	// whichever runs. An engine not compiled into the binary cannot be named.
	Engine engine.Engine
}

// Marshal returns the JSON encoding of v.
func Marshal(v any) ([]byte, error) { return Options{}.Marshal(v) }

// MarshalIndent is Marshal with indentation, as json.MarshalIndent: unlike
// Options{Prefix: "", Indent: ""}.Marshal (and json.Encoder.SetIndent("", "")),
// an empty prefix and indent still put every member on its own line.
func MarshalIndent(v any, prefix, indent string) ([]byte, error) {
	return Options{}.MarshalIndent(v, prefix, indent)
}

// Append appends the JSON encoding of v to dst.
func Append(dst []byte, v any) ([]byte, error) { return Options{}.Append(dst, v) }

// Unmarshal decodes data into v as json.Unmarshal, with the default engine
// and encoding/json's errors (see Options.Unmarshal).
func Unmarshal(data []byte, v any) error { return Options{}.Unmarshal(data, v) }

// Marshal returns the JSON encoding of v under o.
func (o Options) Marshal(v any) ([]byte, error) { return o.Append(nil, v) }

// MarshalIndent is o.Marshal with indentation, as json.MarshalIndent; prefix
// and indent replace o.Prefix and o.Indent.
func (o Options) MarshalIndent(v any, prefix, indent string) ([]byte, error) {
	var opts options.Options
	if err := o.internal(&opts); err != nil {
		return nil, err
	}
	opts.SetMarshalIndent(prefix, indent)
	return encode.Append(nil, v, &opts)
}

// Encoder writes JSON values to a stream, as json.Encoder. Each value is encoded
// completely before anything is written: a failed Encode writes nothing.
type Encoder struct {
	w    io.Writer
	opts Options
	buf  []byte
}

// NewEncoder returns an Encoder writing to w.
func NewEncoder(w io.Writer) *Encoder { return Options{}.NewEncoder(w) }

// NewEncoder returns an Encoder writing to w under o. When o is invalid,
// every Encode returns the error of o.Validate and writes nothing.
func (o Options) NewEncoder(w io.Writer) *Encoder { return &Encoder{w: w, opts: o} }

// SetIndent sets the indentation, as json.Encoder.SetIndent.
func (e *Encoder) SetIndent(prefix, indent string) { e.opts.Prefix, e.opts.Indent = prefix, indent }

// SetEscapeHTML sets whether <, > and & are escaped, as json.Encoder.SetEscapeHTML.
func (e *Encoder) SetEscapeHTML(on bool) { e.opts.NoEscapeHTML = !on }

// Encode writes the JSON encoding of v followed by a newline.
func (e *Encoder) Encode(v any) error {
	b, err := e.opts.Append(e.buf[:0], v)
	if err != nil {
		return err
	}
	b = append(b, '\n')
	_, err = e.w.Write(b)
	if cap(b) <= 64<<10 {
		e.buf = b
	}
	return err
}

// NewDecoder returns a Decoder reading r with the default engine.
func NewDecoder(r io.Reader) *Decoder { return Options{}.NewDecoder(r) }
