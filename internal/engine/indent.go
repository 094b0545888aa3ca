package engine

import (
	"errors"

	"github.com/safejson/safejson/internal/jsonwire"
)

// errIndentInput says appendIndent was handed something that is not compact
// JSON: only an engine bug can cause it, and the caller falls back.
var errIndentInput = errors.New("engine: output to indent is not compact JSON")

// appendIndent appends compact, laid out as json.MarshalIndent lays out its
// output, to dst: every element of an object or array on a line of its own,
// starting with prefix and one indent per level of nesting; the first line
// without prefix; empty objects and arrays as {} and []; ": " after keys.
//
// json.Indent does this for any JSON, through encoding/json's scanner, a
// byte at a time (BenchmarkIndentStrategy); an engine's output is compact and
// valid, so it is enough here to copy each token through (jsonwire's lexer)
// and act on the structural bytes between them (jsonwire.State, which also
// finds whatever is not compact JSON). TestIndentAsStd compares the two.
func appendIndent(dst, compact []byte, prefix, indent string) ([]byte, error) {
	n := len(dst)
	dst = growFor(dst, len(compact))
	// lines holds "\n" + prefix + indent×depth for the deepest level met so
	// far: each new line is one append of a prefix of it (appendLine).
	var backing [128]byte
	lines := append(append(backing[:0], '\n'), prefix...)
	base := len(lines)
	var st jsonwire.State
	for i := 0; i < len(compact); {
		switch c := compact[i]; c {
		case '"':
			_, allowed := st.String()
			end, ok := jsonwire.SkipString(compact, i+1)
			if !allowed || !ok {
				return dst[:n], errIndentInput
			}
			dst = append(dst, compact[i:end]...)
			i = end
		case '{', '[':
			if !st.Open(c) {
				return dst[:n], errIndentInput
			}
			i++
			if i < len(compact) && compact[i] == c+2 && st.Close(c+2) { // '}' is '{'+2, ']' is '['+2
				dst = append(dst, c, c+2)
				i++
				continue
			}
			dst = append(dst, c)
			dst, lines = appendLine(dst, lines, base+st.Depth()*len(indent), indent)
		case '}', ']':
			if !st.Close(c) {
				return dst[:n], errIndentInput
			}
			dst, lines = appendLine(dst, lines, base+st.Depth()*len(indent), indent)
			dst = append(dst, c)
			i++
		case ',':
			if _, ok := st.Comma(); !ok {
				return dst[:n], errIndentInput
			}
			dst = append(dst, ',')
			dst, lines = appendLine(dst, lines, base+st.Depth()*len(indent), indent)
			i++
		case ':':
			if !st.Colon() {
				return dst[:n], errIndentInput
			}
			dst = append(dst, ':', ' ')
			i++
		case 't':
			if !st.Value() || !jsonwire.True(compact, i) {
				return dst[:n], errIndentInput
			}
			dst = append(dst, "true"...)
			i += len("true")
		case 'f':
			if !st.Value() || !jsonwire.False(compact, i) {
				return dst[:n], errIndentInput
			}
			dst = append(dst, "false"...)
			i += len("false")
		case 'n':
			if !st.Value() || !jsonwire.Null(compact, i) {
				return dst[:n], errIndentInput
			}
			dst = append(dst, "null"...)
			i += len("null")
		default: // a number (whitespace is no token here)
			end, ok := jsonwire.SkipNumber(compact, i)
			if !ok || !st.Value() {
				return dst[:n], errIndentInput
			}
			dst = append(dst, compact[i:end]...)
			i = end
		}
	}
	if !st.Done() {
		return dst[:n], errIndentInput
	}
	return dst, nil
}

// appendLine appends the first need bytes of lines, a line break and its
// indentation, to dst, lines grown by indents to need bytes first.
func appendLine(dst, lines []byte, need int, indent string) ([]byte, []byte) {
	for len(lines) < need {
		lines = append(lines, indent...)
	}
	return append(dst, lines[:need]...), lines
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
