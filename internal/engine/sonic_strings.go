//go:build !safejson_goccy && !safejson_std && (amd64 || arm64) && !go1.28

package engine

import (
	"bytes"

	"github.com/safejson/safejson/internal/flavor"
)

// fixControlEscapes rewrites, in sonic's output b, the string escapes sonic
// writes differently from encoding/json:
//   - U+0008 and U+000C: sonic writes \u0008 and \u000c, encoding/json \b
//     and \f;
//   - invalid UTF-8: sonic writes \ufffd, as the classic encoding/json
//     does, but encoding/json on json/v2 writes a raw U+FFFD
//     (flavor.InvalidUTF8).
//     sonic writes a valid U+FFFD of the input raw, so in its output the
//     escape \ufffd stands for invalid UTF-8 and nothing else (MarshalJSON
//     output, which sonic rewrites too, is QuirkMarshalerOutput, routed
//     around).
//
// b is valid JSON, so a backslash can only be inside a string, and walking
// escapes from the start (each backslash begins a two-character escape, or a
// six-character \uXXXX) never misreads an escaped backslash. b is rewritten
// in place: the output only shrinks. U+2028 and U+2029, which encoding/json
// always escapes and sonic without HTML escaping writes raw, are escaped as
// the output is copied into the caller's buffer (sonicEngine.Append).
func fixControlEscapes(b []byte) []byte {
	i := bytes.IndexByte(b, '\\')
	if i < 0 {
		return b
	}
	w := i // write position; b[:w] is final
	for i < len(b) {
		j := bytes.IndexByte(b[i:], '\\')
		if j < 0 {
			w += copy(b[w:], b[i:])
			break
		}
		w += copy(b[w:], b[i:i+j])
		i += j
		// b[i] is the backslash that starts an escape.
		if i+6 <= len(b) && b[i+1] == 'u' && b[i+2] == '0' && b[i+3] == '0' && b[i+4] == '0' {
			switch b[i+5] {
			case '8':
				w += copy(b[w:], `\b`)
				i += 6
				continue
			case 'c':
				w += copy(b[w:], `\f`)
				i += 6
				continue
			}
		}
		if flavor.InvalidUTF8 != `\ufffd` && i+6 <= len(b) && string(b[i+1:i+6]) == "ufffd" {
			w += copy(b[w:], flavor.InvalidUTF8)
			i += 6
			continue
		}
		n := min(2, len(b)-i)
		w += copy(b[w:], b[i:i+n])
		i += n
	}
	return b[:w]
}
