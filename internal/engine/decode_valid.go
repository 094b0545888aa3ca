package engine

import "encoding/binary"

// Valid reports whether data is one JSON value, with optional whitespace
// around it, as json.Valid of the toolchain that builds the program does,
// only faster: a planner asks it before an engine sees the input, so that a
// syntax error leaves the target untouched (DecodeQuirkPartialFill) and the
// error is encoding/json's (the invalid path goes to json.Unmarshal). It is
// goccy/go-json's Valid where goccy is compiled in (the fastest measured),
// and validJSON otherwise; both are checked against json.Valid by
// TestValid* and FuzzValid on every toolchain mode.
func Valid(data []byte) bool { return fastValid(data) }

// validJSON reports whether data is one JSON value, with optional whitespace
// around it, by the grammar of encoding/json's json.Valid.
//
// The grammar is the same on both flavours: Go 1.27's json.Valid (on
// jsontext) allows invalid UTF-8 and lone surrogate escapes as the classic
// scanner does, and nests to the same depth. Strings are any bytes but '"',
// '\\' and the control characters below U+0020, with the escapes \" \\ \/
// \b \f \n \r \t \uXXXX; numbers are -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
// and may be as long as they like; whitespace is space, tab, LF and CR (no
// BOM). It is a loop over the bytes with the containers open kept as a bit
// per level, so that no input recurses or allocates.
func validJSON(data []byte) bool {
	var (
		open  [maxValidDepth/64 + 1]uint64 // bit d: the container at depth d+1 is an object
		depth int
		obj   bool // the innermost container is an object
		i     int
		ok    bool
	)
	i = skipSpace(data, 0)

value:
	if i >= len(data) {
		return false
	}
	switch data[i] {
	case '{':
		if depth == maxValidDepth {
			return false
		}
		open[depth/64] |= 1 << (depth % 64)
		depth++
		obj = true
		i = skipSpace(data, i+1)
		if i < len(data) && data[i] == '}' {
			i++
			goto pop
		}
		goto key
	case '[':
		if depth == maxValidDepth {
			return false
		}
		open[depth/64] &^= 1 << (depth % 64)
		depth++
		obj = false
		i = skipSpace(data, i+1)
		if i < len(data) && data[i] == ']' {
			i++
			goto pop
		}
		goto value
	case '"':
		if i, ok = skipString(data, i+1); !ok {
			return false
		}
	case 't':
		if len(data)-i < 4 || data[i+1] != 'r' || data[i+2] != 'u' || data[i+3] != 'e' {
			return false
		}
		i += 4
	case 'f':
		if len(data)-i < 5 || data[i+1] != 'a' || data[i+2] != 'l' || data[i+3] != 's' || data[i+4] != 'e' {
			return false
		}
		i += 5
	case 'n':
		if len(data)-i < 4 || data[i+1] != 'u' || data[i+2] != 'l' || data[i+3] != 'l' {
			return false
		}
		i += 4
	default:
		if i, ok = skipNumber(data, i); !ok {
			return false
		}
	}

after: // a value has ended at i
	i = skipSpace(data, i)
	if depth == 0 {
		return i == len(data)
	}
	if i >= len(data) {
		return false
	}
	if obj {
		switch data[i] {
		case ',':
			i = skipSpace(data, i+1)
			goto key
		case '}':
			i++
			goto pop
		}
		return false
	}
	switch data[i] {
	case ',':
		i = skipSpace(data, i+1)
		goto value
	case ']':
		i++
		goto pop
	}
	return false

pop: // the innermost container has closed at i
	depth--
	if depth > 0 {
		obj = open[(depth-1)/64]&(1<<((depth-1)%64)) != 0
	}
	goto after

key: // an object member's name is due at i
	if i >= len(data) || data[i] != '"' {
		return false
	}
	if i, ok = skipString(data, i+1); !ok {
		return false
	}
	i = skipSpace(data, i)
	if i >= len(data) || data[i] != ':' {
		return false
	}
	i = skipSpace(data, i+1)
	goto value
}

// maxValidDepth is the nesting encoding/json's scanners allow (both flavours:
// the 10001st open array or object is an error).
const maxValidDepth = 10000

// skipSpace returns the index of the first byte at or after i that is not
// JSON whitespace.
func skipSpace(data []byte, i int) int {
	for i < len(data) && data[i] <= ' ' && isSpace(data[i]) {
		i++
	}
	return i
}

func isSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\t' || c == '\r' }

// skipString returns the index after the closing quote of the string whose
// contents start at i, and whether the string is well formed.
func skipString(data []byte, i int) (int, bool) {
	for {
		// Eight plain bytes at a time: none below 0x20, no '"', no '\\'.
		for len(data)-i >= 8 {
			w := binary.LittleEndian.Uint64(data[i:])
			if hasLess(w, 0x20)|hasZero(w^(lsb*'"'))|hasZero(w^(lsb*'\\')) != 0 {
				break
			}
			i += 8
		}
		for i < len(data) && plainStringByte[data[i]] {
			i++
		}
		if i >= len(data) {
			return i, false
		}
		switch data[i] {
		case '"':
			return i + 1, true
		case '\\':
			if i+1 >= len(data) {
				return i, false
			}
			switch data[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if len(data)-i < 6 || !isHex(data[i+2]) || !isHex(data[i+3]) || !isHex(data[i+4]) || !isHex(data[i+5]) {
					return i, false
				}
				i += 6
			default:
				return i, false
			}
		default: // a control character
			return i, false
		}
	}
}

const (
	lsb = 0x0101010101010101
	msb = 0x8080808080808080
)

// hasLess is non-zero if a byte of w is below n (n ≤ 0x80).
func hasLess(w, n uint64) uint64 { return (w - lsb*n) &^ w & msb }

// hasZero is non-zero if a byte of w is zero.
func hasZero(w uint64) uint64 { return (w - lsb) &^ w & msb }

// plainStringByte: the bytes a string holds as they are (invalid UTF-8
// included, as encoding/json's scanner allows it).
var plainStringByte = func() (t [256]bool) {
	for c := 0x20; c < 256; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// skipNumber returns the index after the number starting at i, and whether
// it is well formed. What follows it is the caller's to check.
func skipNumber(data []byte, i int) (int, bool) {
	if data[i] == '-' {
		i++
		if i >= len(data) {
			return i, false
		}
	}
	switch {
	case data[i] == '0':
		i++
	case isDigit(data[i]):
		for i++; i < len(data) && isDigit(data[i]); i++ {
		}
	default:
		return i, false
	}
	if i < len(data) && data[i] == '.' {
		i++
		if i >= len(data) || !isDigit(data[i]) {
			return i, false
		}
		for i++; i < len(data) && isDigit(data[i]); i++ {
		}
	}
	if i < len(data) && (data[i] == 'e' || data[i] == 'E') {
		i++
		if i < len(data) && (data[i] == '+' || data[i] == '-') {
			i++
		}
		if i >= len(data) || !isDigit(data[i]) {
			return i, false
		}
		for i++; i < len(data) && isDigit(data[i]); i++ {
		}
	}
	return i, true
}
