package jsonwire

import (
	"encoding/binary"
	"math/bits"
)

// AppendCompact appends src to dst without the whitespace between its
// tokens, as json.Compact writes valid JSON: strings and every other token
// are copied as they are. src must be valid JSON (the caller checks it
// first); on anything else the bytes appended are unspecified, but nothing is
// read past src.
func AppendCompact(dst, src []byte) []byte {
	start := 0 // the first byte not yet copied
	i := 0
	for i < len(src) {
		switch c := src[i]; {
		case c == '"':
			end, _ := SkipString(src, i+1)
			i = end
		case c <= ' ' && IsSpace(c):
			dst = append(dst, src[start:i]...)
			i = SkipSpace(src, i+1)
			start = i
		default:
			// A number, a literal or punctuation, and what follows it up
			// to the next string or whitespace, eight bytes at a time.
			i++
			for len(src)-i >= 8 {
				w := binary.LittleEndian.Uint64(src[i:])
				if m := HasLess(w, ' '+1) | HasZero(w^(Lsb*'"')); m != 0 {
					i += bits.TrailingZeros64(m) / 8
					break
				}
				i += 8
			}
		}
	}
	return append(dst, src[start:]...)
}

// AppendHTMLEscape appends src to dst with <, >, & and the line and
// paragraph separators U+2028 and U+2029 written as \u003c, \u003e, \u0026,
// \u2028 and \u2029, as json.HTMLEscape does: on any bytes, not only inside
// strings (in valid JSON they can only be there), and nothing else changed.
func AppendHTMLEscape(dst, src []byte) []byte {
	const hex = "0123456789abcdef"
	start := 0 // the first byte not yet copied
	i := 0
	for {
		// Eight bytes at a time up to the first '<', '>', '&' or 0xE2 (the
		// first byte of U+2028 and U+2029). '<' and '>' are 0x3C and 0x3E:
		// the bytes that become 0x3E when bit 1 is set.
		for len(src)-i >= 8 {
			w := binary.LittleEndian.Uint64(src[i:])
			if m := HasZero((w|Lsb*2)^(Lsb*'>')) | HasZero(w^(Lsb*'&')) | HasZero(w^(Lsb*0xE2)); m != 0 {
				i += bits.TrailingZeros64(m) / 8
				break
			}
			i += 8
		}
		for i < len(src) && !htmlSpecial[src[i]] {
			i++
		}
		if i >= len(src) {
			return append(dst, src[start:]...)
		}
		switch c := src[i]; c {
		case '<', '>', '&':
			dst = append(dst, src[start:i]...)
			dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			i++
			start = i
		default: // 0xE2
			if len(src)-i >= 3 && src[i+1] == 0x80 && src[i+2]&^1 == 0xA8 {
				dst = append(dst, src[start:i]...)
				dst = append(dst, '\\', 'u', '2', '0', '2', hex[src[i+2]&0xF])
				i += 3
				start = i
			} else {
				i++
			}
		}
	}
}

// htmlSpecial: the bytes AppendHTMLEscape stops at.
var htmlSpecial = func() (t [256]bool) {
	t['<'], t['>'], t['&'], t[0xE2] = true, true, true, true
	return t
}()
