package safe

import (
	"unicode/utf8"
	"unsafe"

	"github.com/safejson/safejson/internal/flavor"
)

const hexDigits = "0123456789abcdef"

// plain[html][c] is true when the ASCII byte c is written as it is inside a
// JSON string: not a control character, '"' or '\\', and, when html, not '<',
// '>' or '&'. Bytes from 0x80 up are false: they need a UTF-8 check.
var plain = func() (t [2][256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		if c != '"' && c != '\\' {
			t[0][c] = true
			t[1][c] = c != '<' && c != '>' && c != '&'
		}
	}
	return t
}()

// appendString appends s as a JSON string, as encoding/json writes it: each
// invalid UTF-8 byte becomes flavor.InvalidUTF8 (\ufffd, or U+FFFD itself on
// json/v2), U+2028 and U+2029 are escaped, and so are <, > and & when html is
// set.
func appendString(dst []byte, s string, html bool) []byte {
	table := &plain[0]
	if html {
		table = &plain[1]
	}
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if table[c] {
			i++
			continue
		}
		if c < utf8.RuneSelf {
			dst = append(dst, s[start:i]...)
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			default: // other control characters, and <, > and & when html
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			dst = append(dst, s[start:i]...)
			dst = append(dst, flavor.InvalidUTF8...)
		case r == '\u2028' || r == '\u2029':
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// appendBytesString is appendString for bytes the encoder only reads.
func appendBytesString(dst, b []byte, html bool) []byte {
	return appendString(dst, unsafe.String(unsafe.SliceData(b), len(b)), html)
}
