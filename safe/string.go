package safe

import (
	"math/bits"
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

// Bytes repeated in every byte of a word, for the word-at-a-time scan.
const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// word returns the 8 bytes of s from i, s[i] in the low byte.
func word(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// special returns x, 8 bytes of a string, with the high bit set in the lowest
// byte that plain does not mark (a control character, '"', '\\', a byte from
// 0x80 up or, when html, '<', '>' or '&'), 0 when there is none. Bits above
// that lowest byte may be set wrongly (borrows of the subtraction): only the
// lowest one counts.
func special(x uint64, html bool) uint64 {
	// (y - ones) &^ y has the high bit of each zero byte of y.
	m := x | (x-ones*0x20)&^x // from 0x80 up, below 0x20
	q := x ^ ones*'"'
	m |= (q - ones) &^ q
	q = x ^ ones*'\\'
	m |= (q - ones) &^ q
	if html {
		q = (x | ones*0x02) ^ ones*'>' // '<' or '>'
		m |= (q - ones) &^ q
		q = x ^ ones*'&'
		m |= (q - ones) &^ q
	}
	return m & highs
}

// utf8Len returns the length of the UTF-8 encoding of a rune starting s[i]
// (a byte from 0x80 up), 0 when what starts there is not one (for which
// utf8.DecodeRuneInString returns utf8.RuneError and 1).
func utf8Len(s string, i int) int {
	c, n := s[i], len(s)-i
	switch {
	case c < 0xc2:
	case c < 0xe0:
		if n >= 2 && s[i+1]&0xc0 == 0x80 {
			return 2
		}
	case c < 0xf0:
		if n >= 3 {
			lo, hi := byte(0x80), byte(0xbf)
			if c == 0xe0 {
				lo = 0xa0 // no overlong encoding
			} else if c == 0xed {
				hi = 0x9f // no surrogate
			}
			if c1 := s[i+1]; lo <= c1 && c1 <= hi && s[i+2]&0xc0 == 0x80 {
				return 3
			}
		}
	case c < 0xf5:
		if n >= 4 {
			lo, hi := byte(0x80), byte(0xbf)
			if c == 0xf0 {
				lo = 0x90 // no overlong encoding
			} else if c == 0xf4 {
				hi = 0x8f // nothing above U+10FFFF
			}
			if c1 := s[i+1]; lo <= c1 && c1 <= hi && s[i+2]&0xc0 == 0x80 && s[i+3]&0xc0 == 0x80 {
				return 4
			}
		}
	}
	return 0
}

// appendString appends s as a JSON string, as encoding/json writes it: each
// invalid UTF-8 byte becomes flavor.InvalidUTF8 (\ufffd, or U+FFFD itself on
// json/v2), U+2028 and U+2029 are escaped, and so are <, > and & when html is
// set. Runs of bytes written as they are, found 8 bytes at a time, are
// appended at once.
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
			// Two plain bytes in a row: a run, skipped 8 bytes at a time
			// (not tried between escapes, where it would stop at once).
			if i+8 <= len(s) && table[s[i]] {
				for i+8 <= len(s) {
					if m := special(word(s, i), html); m != 0 {
						i += bits.TrailingZeros64(m) >> 3
						break
					}
					i += 8
				}
			}
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
		// A run of non-ASCII runes, checked without decoding them.
		for i < len(s) && s[i] >= utf8.RuneSelf {
			// First, inline, the 2- and 3-byte runes written as they are:
			// leads 0xc2-0xdf and 0xe0-0xef but 0xed (surrogates) with
			// continuation bytes, not an overlong 0xe0 0x80-0x9f, not
			// U+2028 or U+2029 (0xe2 0x80 0xa8-0xa9).
			if c := s[i]; c >= 0xc2 && c < 0xe0 {
				if i+1 < len(s) && s[i+1]&0xc0 == 0x80 {
					i += 2
					continue
				}
			} else if c >= 0xe0 && c < 0xf0 && c != 0xed && i+2 < len(s) {
				if c1, c2 := s[i+1], s[i+2]; c1&0xc0 == 0x80 && c2&0xc0 == 0x80 &&
					(c != 0xe0 || c1 >= 0xa0) && (c != 0xe2 || c1 != 0x80 || c2&^1 != 0xa8) {
					i += 3
					continue
				}
			}
			switch size := utf8Len(s, i); {
			case size == 0:
				dst = append(dst, s[start:i]...)
				dst = append(dst, flavor.InvalidUTF8...)
				i++
				start = i
			case size == 3 && s[i] == 0xe2 && s[i+1] == 0x80 && s[i+2]&^1 == 0xa8: // U+2028, U+2029
				dst = append(dst, s[start:i]...)
				dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[s[i+2]&1+8])
				i += 3
				start = i
			default:
				i += size
			}
		}
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// appendBytesString is appendString for bytes the encoder only reads.
func appendBytesString(dst, b []byte, html bool) []byte {
	return appendString(dst, unsafe.String(unsafe.SliceData(b), len(b)), html)
}
