package engine

import (
	"bytes"
	"errors"
)

// errIndentInput says appendIndent was handed something that is not compact
// JSON: only an engine bug can cause it, and the caller falls back.
var errIndentInput = errors.New("engine: output to indent is not compact JSON")

// appendIndent appends compact, laid out as json.MarshalIndent lays out its
// output, to dst: every element of an object or array on a line of its own,
// starting with prefix and one indent per level of nesting; the first line
// without prefix; empty objects and arrays as {} and []; ": " after keys.
//
// json.Indent does this for any JSON, through encoding/json's scanner, at
// about 100 MB/s; an engine's output is compact and valid, so it is enough
// here to copy strings through and act on the structural bytes between them.
// TestIndentAsStd compares the two.
func appendIndent(dst, compact []byte, prefix, indent string) ([]byte, error) {
	n := len(dst)
	dst = growFor(dst, len(compact))
	depth := 0
	for i := 0; i < len(compact); i++ {
		c := compact[i]
		switch c {
		case '"':
			end := stringEnd(compact, i+1)
			if end < 0 {
				return dst[:n], errIndentInput
			}
			dst = append(dst, compact[i:end]...)
			i = end - 1
		case '{', '[':
			if i+1 < len(compact) && compact[i+1] == c+2 { // '}' is '{'+2, ']' is '['+2
				dst = append(dst, c, c+2)
				i++
				continue
			}
			depth++
			dst = append(dst, c)
			dst = newline(dst, prefix, indent, depth)
		case '}', ']':
			depth--
			if depth < 0 {
				return dst[:n], errIndentInput
			}
			dst = newline(dst, prefix, indent, depth)
			dst = append(dst, c)
		case ',':
			dst = append(dst, ',')
			dst = newline(dst, prefix, indent, depth)
		case ':':
			dst = append(dst, ':', ' ')
		case ' ', '\t', '\n', '\r':
			return dst[:n], errIndentInput
		default:
			// A number or a literal: copy up to the next structural byte.
			j := i + 1
			for j < len(compact) && isLiteralByte(compact[j]) {
				j++
			}
			dst = append(dst, compact[i:j]...)
			i = j - 1
		}
	}
	if depth != 0 {
		return dst[:n], errIndentInput
	}
	return dst, nil
}

// stringEnd returns the index just past the closing quote of the JSON string
// whose contents start at b[start], or -1 if it does not end.
func stringEnd(b []byte, start int) int {
	for i := start; i < len(b); {
		q := bytes.IndexByte(b[i:], '"')
		if q < 0 {
			return -1
		}
		q += i
		// The quote closes the string unless an odd run of backslashes
		// precedes it.
		k := q - 1
		for k >= start && b[k] == '\\' {
			k--
		}
		if (q-1-k)%2 == 0 {
			return q + 1
		}
		i = q + 1
	}
	return -1
}

func isLiteralByte(c byte) bool {
	switch c {
	case ',', ':', '{', '}', '[', ']', '"':
		return false
	}
	return true
}

// newline appends a newline, prefix and depth indents.
func newline(dst []byte, prefix, indent string, depth int) []byte {
	dst = append(dst, '\n')
	dst = append(dst, prefix...)
	for range depth {
		dst = append(dst, indent...)
	}
	return dst
}

// growFor makes room for the indented form of n compact bytes, as
// json.MarshalIndent guesses it: twice the compact size.
func growFor(dst []byte, n int) []byte {
	if cap(dst)-len(dst) < 2*n {
		grown := make([]byte, len(dst), len(dst)+2*n)
		copy(grown, dst)
		return grown
	}
	return dst
}
