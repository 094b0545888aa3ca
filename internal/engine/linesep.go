package engine

import (
	"bytes"
	"slices"
)

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

// appendEscapingLineSeparators appends b to dst with raw U+2028 and U+2029
// escaped.
func appendEscapingLineSeparators(dst, b []byte) []byte {
	i := indexLineSeparator(b)
	if i < 0 {
		return append(dst, b...)
	}
	dst = slices.Grow(dst, len(b)+len(b)/16)
	for ; i >= 0; i = indexLineSeparator(b) {
		dst = append(dst, b[:i]...)
		if b[i+2] == 0xA8 {
			dst = append(dst, `\u2028`...)
		} else {
			dst = append(dst, `\u2029`...)
		}
		b = b[i+3:]
	}
	return append(dst, b...)
}
