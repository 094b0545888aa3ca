package engine

import "errors"

// errIndentInput says appendIndent was handed something that is not compact
// JSON: only an engine bug can cause it, and the caller falls back.
var errIndentInput = errors.New("engine: output to indent is not compact JSON")

// appendIndent appends compact, laid out as json.MarshalIndent lays out its
// output, to dst: every element of an object or array on a line of its own,
// starting with prefix and one indent per level of nesting; the first line
// without prefix; empty objects and arrays as {} and []; ": " after keys.
//
// json.Indent does this for any JSON, through encoding/json's scanner, a
// byte at a time (BenchmarkIndentStrategy); an engine's output is compact and valid, so it is enough
// here to copy strings through and act on the structural bytes between them.
// TestIndentAsStd compares the two.
func appendIndent(dst, compact []byte, prefix, indent string) ([]byte, error) {
	n := len(dst)
	dst = growFor(dst, len(compact))
	// lines holds "\n" + prefix + indent×depth for the deepest level met so
	// far: each new line is one append of a prefix of it.
	var backing [128]byte
	lines := append(append(backing[:0], '\n'), prefix...)
	newline := func(depth int) {
		need := 1 + len(prefix) + depth*len(indent)
		for len(lines) < need {
			lines = append(lines, indent...)
		}
		dst = append(dst, lines[:need]...)
	}
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
			newline(depth)
		case '}', ']':
			depth--
			if depth < 0 {
				return dst[:n], errIndentInput
			}
			newline(depth)
			dst = append(dst, c)
		case ',':
			dst = append(dst, ',')
			newline(depth)
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
// whose contents start at b[start], or -1 if it does not end. A plain loop:
// JSON strings are mostly short, where bytes.IndexByte costs more than it
// saves.
func stringEnd(b []byte, start int) int {
	for i := start; i < len(b); i++ {
		switch b[i] {
		case '"':
			return i + 1
		case '\\':
			i++ // the escaped byte; \uXXXX's hex digits need no care
		}
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

// AppendIndent is appendIndent for the root package's Indent, which hands it
// valid JSON compacted by jsonwire.AppendCompact: one layout, written once.
func AppendIndent(dst, compact []byte, prefix, indent string) ([]byte, error) {
	return appendIndent(dst, compact, prefix, indent)
}
