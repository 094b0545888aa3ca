//go:build !safejson_goccy && !safejson_std && (amd64 || arm64) && !go1.28

package engine

import "bytes"

// fixSonicStrings rewrites, in sonic's output b, the string escapes sonic
// writes differently from encoding/json:
//   - U+0008 and U+000C: sonic writes \u0008 and \u000c, encoding/json \b
//     and \f;
//   - with HTML escaping off, U+2028 and U+2029: sonic writes them raw,
//     encoding/json always escapes them (\u2028, \u2029) in strings.
//
// b is valid JSON, so a backslash or a raw U+2028/U+2029 can only be inside a
// string, and walking escapes from the start (each backslash begins a
// two-character escape, or a six-character \uXXXX) never misreads an escaped
// backslash. b is rewritten in place where the output shrinks; a new slice is
// made only when a raw U+2028/U+2029 must grow into its escape.
func fixSonicStrings(b []byte, noEscapeHTML bool) []byte {
	b = fixControlEscapes(b)
	if noEscapeHTML {
		b = escapeLineSeparators(b)
	}
	return b
}

// fixControlEscapes turns the escapes \u0008 and \u000c into \b and \f, in
// place.
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
		n := min(2, len(b)-i)
		w += copy(b[w:], b[i:i+n])
		i += n
	}
	return b[:w]
}

// escapeLineSeparators escapes raw U+2028 (E2 80 A8) and U+2029 (E2 80 A9).
func escapeLineSeparators(b []byte) []byte {
	i := indexLineSeparator(b)
	if i < 0 {
		return b
	}
	out := make([]byte, 0, len(b)+16)
	for i >= 0 {
		out = append(out, b[:i]...)
		if b[i+2] == 0xA8 {
			out = append(out, `\u2028`...)
		} else {
			out = append(out, `\u2029`...)
		}
		b = b[i+3:]
		i = indexLineSeparator(b)
	}
	return append(out, b...)
}

// indexLineSeparator returns the index of the first raw U+2028 or U+2029 in
// b, or -1.
func indexLineSeparator(b []byte) int {
	off := 0
	for {
		i := bytes.IndexByte(b[off:], 0xE2)
		if i < 0 {
			return -1
		}
		i += off
		if i+2 < len(b) && b[i+1] == 0x80 && (b[i+2] == 0xA8 || b[i+2] == 0xA9) {
			return i
		}
		off = i + 1
	}
}
