package safe

import "github.com/safejson/safejson/internal/flavor"

// maxNesting is the nesting encoding/json's scanner accepts in JSON written by
// a MarshalJSON method.
const maxNesting = flavor.InputDepthLimit

// appendJSON appends src, JSON written by a MarshalJSON method, as
// encoding/json does: compacted (insignificant space removed), indented at the
// current depth when indenting, with <, > and & escaped when escaping HTML,
// U+2028 and U+2029 then too or always (flavor.RawEscapesLineTerminators), and
// everything else (escapes, invalid UTF-8, number forms)
// kept as it is. It reports false, appending nothing, when src is not exactly
// one valid JSON value (encoding/json's scanner's grammar).
func (e *encodeState) appendJSON(b, src []byte) ([]byte, bool) {
	start := len(b)
	b, ok := e.scanJSON(b, src)
	if !ok {
		return b[:start], false
	}
	return b, true
}

func (e *encodeState) scanJSON(b, src []byte) ([]byte, bool) {
	var stackArray [32]byte
	stack := stackArray[:0] // '{' or '[' for each open container
	i := skipSpace(src, 0)
	var ok bool
	for {
		// A value starts at i.
		if i >= len(src) {
			return b, false
		}
		switch c := src[i]; c {
		case '{', '[':
			if len(stack) == maxNesting {
				return b, false
			}
			stack = append(stack, c)
			b = append(b, c)
			i = skipSpace(src, i+1)
			if i < len(src) && src[i] == c+2 { // '}' and ']' follow '{' and '[' by 2
				stack = stack[:len(stack)-1]
				b = append(b, src[i])
				i++
				break
			}
			if e.indented {
				b = e.newline(b, e.depth+len(stack))
			}
			if c == '{' {
				if b, i, ok = e.scanKey(b, src, i); !ok {
					return b, false
				}
			}
			continue
		case '"':
			if b, i, ok = e.scanString(b, src, i); !ok {
				return b, false
			}
		case 't':
			if b, i, ok = scanLiteral(b, src, i, "true"); !ok {
				return b, false
			}
		case 'f':
			if b, i, ok = scanLiteral(b, src, i, "false"); !ok {
				return b, false
			}
		case 'n':
			if b, i, ok = scanLiteral(b, src, i, "null"); !ok {
				return b, false
			}
		default:
			j, ok := scanNumber(src, i)
			if !ok {
				return b, false
			}
			b = append(b, src[i:j]...)
			i = j
		}
		// A value ended: close containers until a comma, or the end.
		for {
			i = skipSpace(src, i)
			if len(stack) == 0 {
				return b, i == len(src)
			}
			if i >= len(src) {
				return b, false
			}
			open, c := stack[len(stack)-1], src[i]
			if c == open+2 {
				stack = stack[:len(stack)-1]
				if e.indented {
					b = e.newline(b, e.depth+len(stack))
				}
				b = append(b, c)
				i++
				continue
			}
			if c != ',' {
				return b, false
			}
			b = append(b, ',')
			if e.indented {
				b = e.newline(b, e.depth+len(stack))
			}
			i = skipSpace(src, i+1)
			if open == '{' {
				if b, i, ok = e.scanKey(b, src, i); !ok {
					return b, false
				}
			}
			break
		}
	}
}

func skipSpace(src []byte, i int) int {
	for i < len(src) {
		switch src[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// scanKey appends the member name at src[i] and its colon, and returns where
// the member's value starts.
func (e *encodeState) scanKey(b, src []byte, i int) ([]byte, int, bool) {
	if i >= len(src) || src[i] != '"' {
		return b, i, false
	}
	b, i, ok := e.scanString(b, src, i)
	if !ok {
		return b, i, false
	}
	i = skipSpace(src, i)
	if i >= len(src) || src[i] != ':' {
		return b, i, false
	}
	if e.indented {
		b = append(b, ':', ' ')
	} else {
		b = append(b, ':')
	}
	return b, skipSpace(src, i+1), true
}

func scanLiteral(b, src []byte, i int, lit string) ([]byte, int, bool) {
	if len(src)-i < len(lit) || string(src[i:i+len(lit)]) != lit {
		return b, i, false
	}
	return append(b, lit...), i + len(lit), true
}

// scanString appends the string starting at src[i] (a '"') and returns the
// index after it. Escapes must be valid and control characters escaped; bytes
// are kept as they are but for HTML escaping.
func (e *encodeState) scanString(b, src []byte, i int) ([]byte, int, bool) {
	start := i
	for i++; i < len(src); i++ {
		switch c := src[i]; {
		case c == '"':
			return append(b, src[start:i+1]...), i + 1, true
		case c == '\\':
			i++
			if i >= len(src) {
				return b, i, false
			}
			switch src[i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				if len(src)-i <= 4 || !isHex(src[i+1]) || !isHex(src[i+2]) || !isHex(src[i+3]) || !isHex(src[i+4]) {
					return b, i, false
				}
				i += 4
			default:
				return b, i, false
			}
		case c < 0x20:
			return b, i, false
		case c == 0xe2 && i+2 < len(src) && src[i+1] == 0x80 && src[i+2]&^1 == 0xa8 &&
			(e.escapeHTML || flavor.RawEscapesLineTerminators):
			b = append(b, src[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[src[i+2]&0xf])
			i += 2
			start = i + 1
		case !e.escapeHTML:
		case c == '<' || c == '>' || c == '&':
			b = append(b, src[start:i]...)
			b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			start = i + 1
		}
	}
	return b, i, false
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// scanNumber returns the end of the JSON number starting at s[i]:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func scanNumber[T string | []byte](s T, i int) (int, bool) {
	if i < len(s) && s[i] == '-' {
		i++
	}
	switch {
	case i >= len(s):
		return i, false
	case s[i] == '0':
		i++
	case '1' <= s[i] && s[i] <= '9':
		for i++; i < len(s) && isDigit(s[i]); i++ {
		}
	default:
		return i, false
	}
	if i < len(s) && s[i] == '.' {
		i++
		if i >= len(s) || !isDigit(s[i]) {
			return i, false
		}
		for i++; i < len(s) && isDigit(s[i]); i++ {
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if i >= len(s) || !isDigit(s[i]) {
			return i, false
		}
		for i++; i < len(s) && isDigit(s[i]); i++ {
		}
	}
	return i, true
}

// validNumber reports whether s is a JSON number, as json.Number must be.
func validNumber(s string) bool {
	end, ok := scanNumber(s, 0)
	return ok && end == len(s)
}
