package jsonwire

import (
	"encoding/binary"
	"math/bits"
	"unicode/utf16"
	"unicode/utf8"
)

// SkipString returns the index after the closing quote of the string whose
// contents start at b[i] (the byte after its opening quote), and whether the
// string is well formed: no control character below U+0020 unescaped, every
// escape one of \" \\ \/ \b \f \n \r \t \uXXXX. Any other byte is allowed,
// invalid UTF-8 included, as encoding/json's scanner allows it. On a
// malformed string the index is that of the first byte that breaks the rule
// (the control character, the byte after a backslash that is no escape, the
// first of four after \u that is no hex digit), len(b) if the string is cut
// short.
func SkipString(b []byte, i int) (int, bool) {
	for {
		// Eight plain bytes at a time: none below 0x20, no '"', no '\\'.
		for len(b)-i >= 8 {
			w := binary.LittleEndian.Uint64(b[i:])
			if m := HasLess(w, 0x20) | HasZero(w^(Lsb*'"')) | HasZero(w^(Lsb*'\\')); m != 0 {
				i += bits.TrailingZeros64(m) / 8
				if b[i] == '"' { // the closing quote: no need of the loops below
					return i + 1, true
				}
				break
			}
			i += 8
		}
		for i < len(b) && plainStringByte[b[i]] {
			i++
		}
		if i >= len(b) {
			return i, false
		}
		switch b[i] {
		case '"':
			return i + 1, true
		case '\\':
			if i+1 >= len(b) {
				return len(b), false
			}
			switch b[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				// A run of \u escapes (a text escaped whole) stays here.
				for {
					if len(b)-i < 6 || !(hexDigit[b[i+2]] && hexDigit[b[i+3]] && hexDigit[b[i+4]] && hexDigit[b[i+5]]) {
						return badHex(b, i+2), false
					}
					i += 6
					if len(b)-i < 2 || b[i] != '\\' || b[i+1] != 'u' {
						break
					}
				}
			default:
				return i + 1, false
			}
		default: // a control character
			return i, false
		}
	}
}

// badHex returns the index of the first of the four bytes at b[i:] that is
// not a hex digit, len(b) if they are cut short.
func badHex(b []byte, i int) int {
	for ; i < len(b); i++ {
		if !hexDigit[b[i]] {
			return i
		}
	}
	return len(b)
}

// plainStringByte: the bytes a string holds as they are, to the validator
// (invalid UTF-8 included).
var plainStringByte = func() (t [256]bool) {
	for c := 0x20; c < 256; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// hexDigit: the hex digits.
var hexDigit = func() (t [256]bool) {
	for c := range 256 {
		t[c] = IsHex(byte(c))
	}
	return t
}()

// IsHex reports whether c is a hex digit, of either case.
func IsHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// SkipVerbatim returns the end of the run of bytes from b[i] that a decoded
// string holds as they are: ASCII but '"', '\\' and the control characters,
// and valid UTF-8. The byte there (if any) ends the string, starts an
// escape, is a control character or starts invalid UTF-8.
func SkipVerbatim(b []byte, i int) int {
	// Eight ASCII bytes at a time, up to the first quote, backslash,
	// control character or byte of a multi-byte sequence; then byte by
	// byte.
	for len(b)-i >= 8 {
		w := binary.LittleEndian.Uint64(b[i:])
		if m := HasLess(w, 0x20) | HasZero(w^(Lsb*'"')) | HasZero(w^(Lsb*'\\')) | w&Msb; m != 0 {
			i += bits.TrailingZeros64(m) / 8
			break
		}
		i += 8
	}
	for i < len(b) {
		c := b[i]
		if c < utf8.RuneSelf {
			if !verbatimASCII[c] {
				return i
			}
			i++
			continue
		}
		// Three-byte sequences whose second byte may be any continuation
		// byte (most of the BMP), here; the rest by utf8Len.
		if (0xE1 <= c && c <= 0xEC || c == 0xEE || c == 0xEF) && i+2 < len(b) && b[i+1]&0xC0 == 0x80 && b[i+2]&0xC0 == 0x80 {
			i += 3
			continue
		}
		n := utf8Len(b, i)
		if n == 0 {
			return i
		}
		i += n
	}
	return i
}

// verbatimASCII: the ASCII bytes a string holds as they are.
var verbatimASCII = func() (t [utf8.RuneSelf]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// utf8Len returns the length of the valid UTF-8 sequence at b[i] (a byte of
// 0x80 or above), 0 if it is not one: two- and three-byte sequences are
// checked here, four-byte ones by package utf8.
func utf8Len(b []byte, i int) int {
	c := b[i]
	switch {
	case c < 0xC2:
	case c < 0xE0:
		if i+1 < len(b) && b[i+1]&0xC0 == 0x80 {
			return 2
		}
	case c < 0xF0:
		if i+2 < len(b) {
			c1, c2 := b[i+1], b[i+2]
			// No overlong form (E0 80..9F), no surrogate (ED A0..BF).
			if c1&0xC0 == 0x80 && c2&0xC0 == 0x80 && (c != 0xE0 || c1 >= 0xA0) && (c != 0xED || c1 < 0xA0) {
				return 3
			}
		}
	default:
		if r, n := utf8.DecodeRune(b[i:]); r != utf8.RuneError || n != 1 {
			return n
		}
	}
	return 0
}

// AppendUnquote appends to dst the decoded contents of the string from b[i]
// (at or after its opening quote's next byte) up to its closing quote, and
// returns them with the index after the quote, and true; or false if the
// string is malformed, with SkipString's index of the error. Escapes are decoded; each byte
// of invalid UTF-8 becomes U+FFFD, and so does a \u escape of a surrogate
// not followed by the escape of its pair (the next escape is then read on
// its own).
func AppendUnquote(dst, b []byte, i int) ([]byte, int, bool) {
	for {
		c := at(b, i)
		switch {
		case c == '"':
			return dst, i + 1, true
		case c == '\\':
			e := at(b, i+1)
			i += 2
			switch e {
			case '"', '\\', '/':
				dst = append(dst, e)
			case 'b':
				dst = append(dst, '\b')
			case 'f':
				dst = append(dst, '\f')
			case 'n':
				dst = append(dst, '\n')
			case 'r':
				dst = append(dst, '\r')
			case 't':
				dst = append(dst, '\t')
			case 'u':
				r := Hex4(b, i)
				if r < 0 {
					return dst, badHex(b, i), false
				}
				i += 4
				if utf16.IsSurrogate(r) {
					if at(b, i) == '\\' && at(b, i+1) == 'u' {
						if p := utf16.DecodeRune(r, Hex4(b, i+2)); p != utf8.RuneError {
							dst = utf8.AppendRune(dst, p)
							i += 6
							continue
						}
					}
					r = utf8.RuneError
				}
				dst = utf8.AppendRune(dst, r)
			default:
				return dst, min(i-1, len(b)), false
			}
		case c < 0x20: // the end (at's 0), or a control character
			return dst, min(i, len(b)), false
		default:
			// The run of bytes kept as they are, at once; then a byte of
			// invalid UTF-8, if that is what ended it.
			j := SkipVerbatim(b, i)
			dst = append(dst, b[i:j]...)
			i = j
			if i < len(b) && b[i] >= utf8.RuneSelf {
				dst = append(dst, "\uFFFD"...)
				i++
			}
		}
	}
}

// at returns b[i], 0 past the end (0 ends nothing that a string holds: it
// is a control character).
func at(b []byte, i int) byte {
	if uint(i) < uint(len(b)) {
		return b[i]
	}
	return 0
}

// Hex4 returns the value of the four hex digits at b[i:], -1 if they are
// not four hex digits.
func Hex4(b []byte, i int) rune {
	if i < 0 || len(b)-i < 4 {
		return -1
	}
	h := b[i : i+4]
	r := rune(hexVal[h[0]])<<12 | rune(hexVal[h[1]])<<8 | rune(hexVal[h[2]])<<4 | rune(hexVal[h[3]])
	if r < 0 {
		return -1
	}
	return r
}

// hexVal is the value of each hex digit, -1<<12 for other bytes (so that
// one of them makes Hex4's sum negative).
var hexVal = func() (t [256]int16) {
	for c := range 256 {
		switch {
		case '0' <= c && c <= '9':
			t[c] = int16(c - '0')
		case 'A' <= c && c <= 'F':
			t[c] = int16(c - 'A' + 10)
		case 'a' <= c && c <= 'f':
			t[c] = int16(c - 'a' + 10)
		default:
			t[c] = -1 << 12
		}
	}
	return t
}()
