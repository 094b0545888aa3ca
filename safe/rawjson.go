package safe

import (
	"encoding/binary"
	"math/bits"

	"github.com/safejson/safejson/internal/flavor"
	"github.com/safejson/safejson/internal/jsonwire"
)

// appendJSON appends src, JSON written by a MarshalJSON method, as
// encoding/json does: compacted (insignificant space removed), indented at the
// current depth when indenting, with <, > and & escaped when escaping HTML,
// U+2028 and U+2029 then too or always (flavor.RawEscapesLineTerminators), and
// everything else (escapes, invalid UTF-8, number forms)
// kept as it is. It reports false, appending nothing, when src is not exactly
// one valid JSON value (encoding/json's scanner's grammar: internal/jsonwire).
func (e *encodeState) appendJSON(b, src []byte) ([]byte, bool) {
	start := len(b)
	b, ok := e.scanJSON(b, src)
	if !ok {
		return b[:start], false
	}
	return b, true
}

func (e *encodeState) scanJSON(b, src []byte) ([]byte, bool) {
	st := &e.raw
	st.Reset()
	var ok bool
	for i := 0; ; {
		// A value, or a token st will refuse, at i after whitespace.
		if i = jsonwire.SkipSpace(src, i); i >= len(src) {
			return b, st.Done()
		}
		switch c := src[i]; c {
		case '"':
			if _, allowed := st.String(); !allowed {
				return b, false
			}
			if b, i, ok = e.scanString(b, src, i); !ok {
				return b, false
			}
		case '{', '[':
			if !st.Open(c) {
				return b, false
			}
			b = append(b, c)
			i = jsonwire.SkipSpace(src, i+1)
			if i < len(src) && src[i] == c+2 && st.Close(c+2) { // '}' and ']' follow '{' and '[' by 2
				b = append(b, c+2)
				i++
				break
			}
			if e.indented {
				b = e.newline(b, e.depth+st.Depth())
			}
			if c == '{' {
				if b, i, ok = e.scanName(b, src, i); !ok {
					return b, false
				}
			}
			continue
		case 't':
			if !st.Value() || !jsonwire.True(src, i) {
				return b, false
			}
			b = append(b, "true"...)
			i += len("true")
		case 'f':
			if !st.Value() || !jsonwire.False(src, i) {
				return b, false
			}
			b = append(b, "false"...)
			i += len("false")
		case 'n':
			if !st.Value() || !jsonwire.Null(src, i) {
				return b, false
			}
			b = append(b, "null"...)
			i += len("null")
		default:
			j, ok := jsonwire.SkipNumber(src, i)
			if !ok || !st.Value() {
				return b, false
			}
			b = append(b, src[i:j]...)
			i = j
		}
		// A value ended: the closes and the comma after it.
		for {
			if i = jsonwire.SkipSpace(src, i); i >= len(src) {
				return b, st.Done()
			}
			c := src[i]
			if c == ',' {
				name, allowed := st.Comma()
				if !allowed {
					return b, false
				}
				b = append(b, ',')
				if e.indented {
					b = e.newline(b, e.depth+st.Depth())
				}
				if i = jsonwire.SkipSpace(src, i+1); name {
					if b, i, ok = e.scanName(b, src, i); !ok {
						return b, false
					}
				}
				break
			}
			if c != '}' && c != ']' || !st.Close(c) {
				return b, false
			}
			if e.indented {
				b = e.newline(b, e.depth+st.Depth())
			}
			b = append(b, c)
			i++
		}
	}
}

// scanName appends the member name at src[i] and its colon, and returns
// where the member's value starts.
func (e *encodeState) scanName(b, src []byte, i int) ([]byte, int, bool) {
	if i >= len(src) || src[i] != '"' || !e.raw.Name() {
		return b, i, false
	}
	b, i, ok := e.scanString(b, src, i)
	if !ok {
		return b, i, false
	}
	i = jsonwire.SkipSpace(src, i)
	if i >= len(src) || src[i] != ':' || !e.raw.Colon() {
		return b, i, false
	}
	if e.indented {
		b = append(b, ':', ' ')
	} else {
		b = append(b, ':')
	}
	return b, i + 1, true
}

// scanString appends the string starting at src[i] (a '"') and returns the
// index after it, if it is well formed (jsonwire.SkipString). Its bytes are
// kept as they are but for HTML escaping, and U+2028 and U+2029 when
// escaped (flavor.RawEscapesLineTerminators).
func (e *encodeState) scanString(b, src []byte, i int) ([]byte, int, bool) {
	end, ok := jsonwire.SkipString(src, i+1)
	if !ok {
		return b, end, false
	}
	if !e.escapeHTML && !flavor.RawEscapesLineTerminators {
		return append(b, src[i:end]...), end, true
	}
	// Most strings have nothing to escape: one look, eight bytes at a
	// time (a short string in one word, the bytes after it masked off),
	// then a single append.
	str := src[i:end]
	j := 0
	if len(str) <= 8 && len(src)-i >= 8 {
		m := mayEscape(binary.LittleEndian.Uint64(src[i:])) & (^uint64(0) >> (64 - 8*len(str)))
		if m == 0 {
			return append(b, str...), end, true
		}
		j = bits.TrailingZeros64(m) / 8
	}
	for len(str)-j >= 8 {
		if m := mayEscape(binary.LittleEndian.Uint64(str[j:])); m != 0 {
			j += bits.TrailingZeros64(m) / 8
			break
		}
		j += 8
	}
	for j < len(str) && !rawEscaped[str[j]] {
		j++
	}
	if j == len(str) {
		return append(b, str...), end, true
	}
	start := 0
	for ; j < len(str); j++ {
		c := str[j]
		switch {
		case !rawEscaped[c]:
		case c == 0xe2:
			if j+2 < len(str) && str[j+1] == 0x80 && str[j+2]&^1 == 0xa8 {
				b = append(b, str[start:j]...)
				b = append(b, '\\', 'u', '2', '0', '2', hexDigits[str[j+2]&0xf])
				j += 2
				start = j + 1
			}
		case e.escapeHTML: // '<', '>', '&'
			b = append(b, str[start:j]...)
			b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			start = j + 1
		}
	}
	return append(b, str[start:]...), end, true
}

// mayEscape flags the bytes of w that may start what scanString escapes:
// '<', '>', '&', and every byte from 0x80 up (among them 0xE2).
func mayEscape(w uint64) uint64 {
	return jsonwire.HasZero(w^(jsonwire.Lsb*'<')) | jsonwire.HasZero(w^(jsonwire.Lsb*'>')) |
		jsonwire.HasZero(w^(jsonwire.Lsb*'&')) | w&jsonwire.Msb
}

// rawEscaped: the bytes that may start what scanString escapes: '<', '>',
// '&', and 0xE2, the first of U+2028 and U+2029.
var rawEscaped = [256]bool{'<': true, '>': true, '&': true, 0xe2: true}
