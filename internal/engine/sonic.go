//go:build !safejson_goccy && !safejson_std && (amd64 || arm64) && !go1.28

package engine

// The build constraint is sonic's own for its native encoder (sonic.go and
// encoder/encoder_native.go of sonic v1.15.5),
//
//	(amd64 && go1.17 && !go1.28) || (arm64 && go1.20 && !go1.28)
//
// reduced by go.mod's go 1.26, which makes go1.17 and go1.20 always true (and
// keeps the files at the module's language version, which a go1.17 term would
// lower). Elsewhere sonic compiles to a wrapper of encoding/json, which is no
// reason to link it. Every select_*.go file uses the same expression.

import (
	"io"
	"runtime"

	"github.com/bytedance/sonic"

	"github.com/safejson/safejson/internal/flavor"
)

// sonicEngine is bytedance/sonic, starting from sonic.ConfigStd: map keys
// sorted, HTML escaped, MarshalJSON output compacted (with json.Compact),
// strings validated (invalid UTF-8 becomes \ufffd), NaN and ±Inf rejected.
//
// sonic post-processes its whole output (HTML escaping and UTF-8 correction
// are passes over the finished bytes), and this wrapper adds one more pass
// (fixSonicStrings) for the two escapes sonic writes differently; bytes that
// came from a MarshalJSON method go through these passes too, which is
// QuirkMarshalerOutput. Built with -race, sonic also runs json.Marshal on
// every value after encoding it (to help locate data races), so MarshalJSON
// methods are called twice there.
//
// Decoding uses sonic.ConfigStd too. Its errors are sonic's own types (the
// root package decodes again with encoding/json on the error path), and
// its stream decoder consumes the whitespace after each value, so Buffered
// does not start with it as encoding/json's does.
type sonicEngine struct{}

// Sonic returns bytedance/sonic configured for encoding/json's output. It
// exists only where sonic's native encoder builds (amd64 and arm64, Go 1.27
// at most) and no safejson_goccy or safejson_std build tag is set.
func Sonic() Engine { return sonicEngine{} }

var (
	sonicStd = sonic.ConfigStd
	// sonicNoEscape is ConfigStd without HTML escaping, for
	// json.Encoder.SetEscapeHTML(false).
	sonicNoEscape = sonic.Config{
		SortMapKeys:      true,
		CompactMarshaler: true,
		CopyString:       true,
		ValidateString:   true,
	}.Froze()
	// sonicStdNull and sonicNoEscapeNull write null for NaN and ±Inf
	// (Options.NullForNonFinite): ConfigStd's settings plus
	// EncodeNullForInfOrNan.
	sonicStdNull = sonic.Config{
		EscapeHTML:            true,
		SortMapKeys:           true,
		CompactMarshaler:      true,
		CopyString:            true,
		ValidateString:        true,
		EncodeNullForInfOrNan: true,
	}.Froze()
	sonicNoEscapeNull = sonic.Config{
		SortMapKeys:           true,
		CompactMarshaler:      true,
		CopyString:            true,
		ValidateString:        true,
		EncodeNullForInfOrNan: true,
	}.Froze()
)

var sonicQuirks = func() Quirks {
	q := QuirkStringOption | QuirkMarshalerOutput | QuirkUnsupportedMapKey | QuirkDepthLimit | QuirkNestedTypeCompile |
		QuirkOmitEmptyNegativeZero | QuirkEmbeddedPointerMethods | QuirkStickyPointerMethods | QuirkUnwrittenTypeRejected
	if flavor.V2 {
		q |= QuirkTagName
	}
	if runtime.GOARCH == "arm64" {
		// sonic's arm64 encoder is its Go VM, whose float formatting writes
		// 0 for -0; amd64's JIT code writes -0.
		q |= QuirkNegativeZero
	}
	return q
}()

func (sonicEngine) Name() string                       { return "sonic" }
func (sonicEngine) Quirks() Quirks                     { return sonicQuirks }
func (sonicEngine) Unmarshal(data []byte, v any) error { return sonicStd.Unmarshal(data, v) }
func (sonicEngine) NewDecoder(r io.Reader) Decoder     { return sonicStd.NewDecoder(r) }

func (sonicEngine) Append(dst []byte, v any, o Options) ([]byte, error) {
	if o.indented() {
		// sonic's MarshalIndent is its Marshal followed by json.Indent, as
		// here, but with one more copy.
		return appendIndentedVia(Sonic(), dst, v, o)
	}
	var api sonic.API
	switch {
	case o.NoEscapeHTML && o.NullForNonFinite:
		api = sonicNoEscapeNull
	case o.NoEscapeHTML:
		api = sonicNoEscape
	case o.NullForNonFinite:
		api = sonicStdNull
	default:
		api = sonicStd
	}
	out, err := api.Marshal(v)
	if err != nil {
		return dst, sonicError(v, err)
	}
	// out is a fresh slice sonic handed over: ours to rewrite or return.
	return appendOwned(dst, fixSonicStrings(out, o.NoEscapeHTML)), nil
}

// appendOwned appends b, a slice the engine wrapper owns, to dst: when dst
// is empty and too small to hold b, b is returned as it is instead of copied;
// a caller that hands in a buffer with room (an Encoder reusing its own) gets
// it back, and can append to it without a copy of the whole output.
func appendOwned(dst, b []byte) []byte {
	if len(dst) == 0 && cap(dst) < len(b) {
		return b
	}
	return append(dst, b...)
}
