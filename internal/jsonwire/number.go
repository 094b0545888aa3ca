package jsonwire

import (
	"encoding/binary"
	"math/bits"
	"unsafe"
)

// IsDigit reports whether c is a decimal digit.
func IsDigit(c byte) bool { return '0' <= c && c <= '9' }

// SkipNumber returns the index after the number that starts at b[i], and
// whether it is well formed:
//
//	-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
//
// On a malformed number the index is that of the byte that breaks the rule
// (len(b) if the number is cut short). What follows a well-formed number is
// the caller's to check: a number ends at the first byte that cannot
// continue it ("01" is the number 0, then a 1).
func SkipNumber(b []byte, i int) (int, bool) {
	if i < len(b) && b[i] == '-' {
		i++
	}
	switch {
	case i >= len(b):
		return i, false
	case b[i] == '0':
		i++
	case '1' <= b[i] && b[i] <= '9':
		i = SkipDigits(b, i+1)
	default:
		return i, false
	}
	if i < len(b) && b[i] == '.' {
		i++
		if i >= len(b) || !IsDigit(b[i]) {
			return i, false
		}
		i = SkipDigits(b, i+1)
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if i >= len(b) || !IsDigit(b[i]) {
			return i, false
		}
		i = SkipDigits(b, i+1)
	}
	return i, true
}

// SkipDigits returns the index of the first byte of b at or after i that
// is not a decimal digit (len(b) if there is none), eight bytes at a time.
func SkipDigits(b []byte, i int) int {
	for len(b)-i >= 8 {
		if m := NonDigits(binary.LittleEndian.Uint64(b[i:])); m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
		i += 8
	}
	for i < len(b) && IsDigit(b[i]) {
		i++
	}
	return i
}

// NonDigits sets the high bit of each byte of w that is not a decimal
// digit, and of no other (no borrow crosses a byte).
func NonDigits(w uint64) uint64 {
	y := w ^ Lsb*'0' // a digit becomes 0 to 9
	return ((y&^Msb + Lsb*(0x80-10)) | y) & Msb
}

// ValidNumber reports whether s is exactly one JSON number, as a
// json.Number must be to be written.
func ValidNumber(s string) bool {
	end, ok := SkipNumber(unsafe.Slice(unsafe.StringData(s), len(s)), 0)
	return ok && end == len(s)
}
