package safe

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/benchdata"
)

// rawBenchValue is a value whose bytes are mostly RawMessage, checked and
// compacted by appendJSON: indented records, and strings with HTML bytes,
// escapes and text outside ASCII.
func rawBenchValue() []json.RawMessage {
	items, err := json.MarshalIndent(benchdata.Items(20), "", "  ")
	if err != nil {
		panic(err)
	}
	text := json.RawMessage(`{"title": "a <b>bold</b> claim & more", "body": "\u00e9t\u00e9 \"quoted\" \\ été 日本語 😀 ` +
		`and a longer run of plain ASCII text for the eight-byte loops", "n": [1, -2.5e3, 0, 12345678901234567890]}`)
	return []json.RawMessage{items, text, text, text, text}
}

// BenchmarkRawMessage times the reference encoder on RawMessage values:
// BenchmarkRawMessage/escape (HTML escaped, as Marshal), /noescape (as an
// Encoder after SetEscapeHTML(false)) and /indent (MarshalIndent).
func BenchmarkRawMessage(b *testing.B) {
	v := rawBenchValue()
	for _, c := range []struct {
		name    string
		marshal func(any) ([]byte, error)
	}{
		{"escape", Options{}.Marshal},
		{"noescape", Options{NoEscapeHTML: true}.Marshal},
		{"indent", func(v any) ([]byte, error) { return MarshalIndent(v, "", "\t") }},
	} {
		b.Run(c.name, func(b *testing.B) {
			out, err := c.marshal(v)
			require.NoError(b, err)
			b.SetBytes(int64(len(out)))
			b.ReportAllocs()
			for b.Loop() {
				_, _ = c.marshal(v)
			}
		})
	}
}
