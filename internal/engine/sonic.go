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
	"github.com/bytedance/sonic/encoder"

	"github.com/safejson/safejson/internal/flavor"
	"github.com/safejson/safejson/internal/options"
)

// sonicEngine is bytedance/sonic, starting from sonic.ConfigStd: map keys
// sorted, HTML escaped, MarshalJSON output compacted (with json.Compact),
// strings validated (invalid UTF-8 becomes \ufffd), NaN and ±Inf rejected.
//
// sonic post-processes its whole output (UTF-8 correction is a pass over the
// finished bytes), and this wrapper adds its own: fixControlEscapes for the
// escapes sonic writes differently, then HTML escaping (sonic's HTMLEscape,
// as ConfigStd runs it) or, with it off, the escaping of U+2028 and U+2029;
// bytes that came from a MarshalJSON method go through these passes too,
// which is QuirkMarshalerOutput. Built with -race, sonic also runs json.Marshal on
// every value after encoding it (to help locate data races), so MarshalJSON
// methods are called twice there.
//
// Decoding uses sonic.ConfigStd too. Its errors are sonic's own types (the
// root package decodes again with encoding/json on the error path), and
// its stream decoder consumes the whitespace after each value, so Buffered
// does not start with it as encoding/json's does.
type sonicEngine struct{}

// nullsNonFinite: sonic writes null for NaN and ±Inf under
// options.Output.NullForNonFinite (NullsNonFinite).
func (sonicEngine) nullsNonFinite() {}

// Sonic returns bytedance/sonic configured for encoding/json's output. It
// exists only where sonic's native encoder builds (amd64 and arm64, Go 1.27
// at most) and no safejson_goccy or safejson_std build tag is set.
func Sonic() Engine { return sonicEngine{} }

var (
	// sonicStd decodes (sonic.ConfigStd).
	sonicStd = sonic.ConfigStd
	// sonicOpts are ConfigStd's encoder options but HTML escaping, which
	// Append does itself: map keys sorted, MarshalJSON output compacted,
	// strings copied and validated (invalid UTF-8 becomes \ufffd).
	sonicOpts = encoder.SortMapKeys | encoder.CompactMarshaler | encoder.ValidateString
	// sonicNullOpts write null for NaN and ±Inf (options.Output.NullForNonFinite).
	sonicNullOpts = sonicOpts | encoder.EncodeNullForInfOrNan
)

var sonicQuirks = func() Quirks {
	q := QuirkStringOption | QuirkMarshalerOutput | QuirkUnsupportedMapKey | QuirkDepthLimit | QuirkNestedTypeCompile |
		QuirkOmitEmptyNegativeZero | QuirkEmbeddedPointerMethods | QuirkStickyPointerMethods | QuirkUnwrittenTypeRejected
	if flavor.V2 {
		q |= QuirkTagName | QuirkInterfaceMethods
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

func (sonicEngine) Append(dst []byte, v any, o options.Output) ([]byte, error) {
	if o.Indented() {
		// sonic's MarshalIndent is its Marshal followed by json.Indent, as
		// here, but with one more copy.
		return appendIndentedVia(Sonic(), dst, v, o)
	}
	opts := sonicOpts
	if o.NullForNonFinite {
		opts = sonicNullOpts
	}
	// sonic.Config.Marshal encodes into a pooled buffer it does not keep
	// once it holds more than 1 MiB, so every larger output is grown again
	// from 4 KiB, HTML-escaped into a second buffer grown alike, and copied
	// (TestSonicLargeOutputReusesItsBuffer). Here sonic encodes
	// into a scratch buffer kept across calls, and the HTML escaping (or,
	// without it, the line-separator escaping encoding/json always does) is
	// the one copy into dst.
	bp := scratchPool.Get().(*[]byte)
	*bp = (*bp)[:0]
	if err := encoder.EncodeInto(bp, v, opts); err != nil {
		putScratch(bp, *bp)
		return dst, sonicError(v, err)
	}
	buf := fixControlEscapes(*bp)
	if o.NoEscapeHTML {
		dst = appendEscapingLineSeparators(dst, buf)
	} else {
		dst = appendHTMLEscaped(dst, buf)
	}
	putScratch(bp, buf)
	return dst, nil
}

// htmlEscapeRoom is the room sonic's HTMLEscape wants in dst beyond the
// length of its input before it writes there without growing dst (its
// types.BufPaddingSize, 64 in v1.15.5); with less it allocates 1.5 times its
// input.
const htmlEscapeRoom = 64

// appendHTMLEscaped appends b, sonic's output, to dst HTML-escaped as
// encoding/json escapes it (<, >, &, U+2028, U+2029). Into a dst with room
// it escapes in one pass; otherwise it escapes into a scratch buffer and
// copies the result, so that dst grows once, to the exact size, instead of
// to sonic's guess.
func appendHTMLEscaped(dst, b []byte) []byte {
	if cap(dst)-len(dst) >= len(b)+htmlEscapeRoom {
		return encoder.HTMLEscape(dst, b)
	}
	bp := scratchPool.Get().(*[]byte)
	out := encoder.HTMLEscape((*bp)[:0], b)
	dst = append(dst, out...)
	putScratch(bp, out)
	return dst
}
