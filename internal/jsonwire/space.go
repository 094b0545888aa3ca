package jsonwire

import "encoding/binary"

// IsSpace reports whether c is JSON whitespace: space, tab, LF or CR.
func IsSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\t' || c == '\r' }

// SkipSpace returns the index of the first byte of b at or after i that is
// not whitespace (len(b) if there is none).
func SkipSpace(b []byte, i int) int {
	for i < len(b) && b[i] <= ' ' && IsSpace(b[i]) {
		i++
		// Indentation, after a line feed: eight spaces at a time.
		if b[i-1] == '\n' {
			for len(b)-i >= 8 && binary.LittleEndian.Uint64(b[i:]) == Lsb*' ' {
				i += 8
			}
		}
	}
	return i
}
