//go:build !safejson_sonic && !safejson_std

package engine

import (
	"io"
	"sync"

	gojson "github.com/goccy/go-json"

	"github.com/safejson/safejson/internal/flavor"
	"github.com/safejson/safejson/internal/options"
)

// goccyEngine is goccy/go-json with its defaults, which are encoding/json's:
// map keys sorted, HTML escaped, strings normalised to valid UTF-8.
type goccyEngine struct{}

// Goccy returns goccy/go-json configured for encoding/json's output. It
// exists in every build without the safejson_sonic or safejson_std tag.
func Goccy() Engine { return goccyEngine{} }

func (goccyEngine) Name() string   { return "goccy" }
func (goccyEngine) Quirks() Quirks { return goccyQuirks }

var goccyQuirks = func() Quirks {
	q := QuirkUnsupportedMapKey | QuirkArrayMethods | QuirkMarshalerInterfacePointer |
		QuirkDoublePointerMethods | QuirkUnwrittenTypeRejected
	if !flavor.V2 {
		// goccy stops at json/v2's depth limit (flavor.JSONv2DepthLimit),
		// as encoding/json does on flavour v2 only.
		q |= QuirkDepthLimit
	} else {
		q |= QuirkTagName | QuirkInterfaceMethods
	}
	return q
}()

func (goccyEngine) Unmarshal(data []byte, v any) error { return gojson.Unmarshal(data, v) }
func (goccyEngine) NewDecoder(r io.Reader) Decoder     { return gojson.NewDecoder(r) }

// goccyStream is a goccy Encoder writing into an appendWriter, pooled:
// goccy's Encoder encodes into its own pooled buffer and writes the value
// with one Write, so the caller's dst receives it without the copy that
// goccy's Marshal makes.
type goccyStream struct {
	w   appendWriter
	enc *gojson.Encoder
}

var goccyStreams = sync.Pool{New: func() any {
	s := new(goccyStream)
	s.enc = gojson.NewEncoder(&s.w)
	return s
}}

func (goccyEngine) Append(dst []byte, v any, o options.Output) ([]byte, error) {
	s := goccyStreams.Get().(*goccyStream)
	s.w.b = dst
	s.enc.SetEscapeHTML(!o.NoEscapeHTML)
	// goccy's own indentation writes encoding/json's bytes (quirks_test.go
	// compares every case indented) and is faster than indenting afterwards.
	s.enc.SetIndent(o.Prefix, o.Indent)
	err := s.enc.Encode(v)
	out := s.w.b
	s.w.b = nil
	goccyStreams.Put(s)
	if err != nil {
		return dst, goccyError(v, err)
	}
	out = trimNewline(out, len(dst))
	if flavor.RawEscapesLineTerminators && o.NoEscapeHTML && indexLineSeparator(out[len(dst):]) >= 0 {
		// goccy copies a raw U+2028 or U+2029 out of MarshalJSON output
		// when HTML is not escaped, as the classic encoding/json does;
		// encoding/json on json/v2 escapes them there too, as it does in
		// every string. Nothing else goccy writes holds them raw. The
		// capacity cut to len(dst) makes the first append copy into a new
		// array, so the escaped bytes never overwrite what they are read from.
		out = appendEscapingLineSeparators(out[:len(dst):len(dst)], out[len(dst):])
	}
	return out, nil
}
