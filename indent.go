package safejson

import (
	"bytes"
	"encoding/json"

	"github.com/safejson/safejson/internal/engine"
	"github.com/safejson/safejson/internal/flavor"
	"github.com/safejson/safejson/internal/jsonwire"
)

// Valid reports whether data is a valid JSON encoding, as json.Valid.
func Valid(data []byte) bool { return engine.Valid(data) }

// Compact appends to dst the JSON-encoded src with insignificant space
// characters elided, as json.Compact: on invalid src it returns
// encoding/json's *SyntaxError (its text and offset) and appends nothing.
func Compact(dst *bytes.Buffer, src []byte) error {
	if flavor.StdFormatsFastest("", "") || !engine.Valid(src) {
		return json.Compact(dst, src)
	}
	dst.Grow(len(src))
	dst.Write(jsonwire.AppendCompact(dst.AvailableBuffer(), src))
	return nil
}

// Indent appends to dst an indented form of the JSON-encoded src, as
// json.Indent: each element of an object or array on a line of its own,
// beginning with prefix and one indent per level of nesting; the first line
// without them; the space before src dropped and the space after it kept.
// On invalid src it returns encoding/json's *SyntaxError and appends nothing.
func Indent(dst *bytes.Buffer, src []byte, prefix, indent string) error {
	if flavor.StdFormatsFastest(prefix, indent) {
		return json.Indent(dst, src, prefix, indent)
	}
	if !engine.Valid(src) {
		return flavor.IndentError(src, prefix, indent)
	}
	// The value compacted, then laid out as MarshalIndent lays out an
	// engine's output; then the trailing space.
	end := len(src)
	for end > 0 && jsonwire.IsSpace(src[end-1]) {
		end--
	}
	compact := jsonwire.AppendCompact(make([]byte, 0, end), src[:end])
	dst.Grow(2 * len(compact))
	b, err := engine.AppendIndent(dst.AvailableBuffer(), compact, prefix, indent)
	if err != nil { // valid JSON, compacted: cannot happen
		return flavor.IndentError(src, prefix, indent)
	}
	dst.Write(flavor.AppendIndentTrailingSpace(b, src[end:], prefix, indent))
	return nil
}

// HTMLEscape appends to dst the JSON-encoded src with <, >, &, U+2028 and
// U+2029 written as \u003c, \u003e, \u0026, \u2028 and \u2029, so that the
// JSON is safe to embed in an HTML <script> element, as json.HTMLEscape.
func HTMLEscape(dst *bytes.Buffer, src []byte) {
	dst.Grow(len(src))
	dst.Write(jsonwire.AppendHTMLEscape(dst.AvailableBuffer(), src))
}
