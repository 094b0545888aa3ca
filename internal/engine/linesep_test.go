package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestEscapeLineSeparators(t *testing.T) {
	for in, want := range map[string]string{
		``:                        ``,
		`"a"`:                     `"a"`,
		"\"\u2028\"":              `"\u2028"`,
		"\"a\u2029b\u2028\"":      `"a\u2029b\u2028"`,
		"\"\u2027\u202a☃\"":       "\"\u2027\u202a☃\"", // neighbours stay
		"{\"\u2028\":\"\u2029\"}": `{"\u2028":"\u2029"}`,
		"\"\xe2\x80\"":            "\"\xe2\x80\"",
	} {
		assert.Equal(t, want, string(appendEscapingLineSeparators(nil, []byte(in))), "%q", in)
	}
}
