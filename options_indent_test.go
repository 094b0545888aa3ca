package safejson_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson"
)

// TestIndentNotWhitespace: encoding/json writes a Prefix or Indent that is not
// JSON whitespace as given, on both flavours, so its output is not JSON;
// safejson refuses it with Validate's error on every way in, writing nothing.
func TestIndentNotWhitespace(t *testing.T) {
	v := map[string][]int{"a": {1}}
	for _, pi := range [][2]string{{"}", ""}, {"", "\x00"}, {" ", "x"}, {"\t\v", ""}} {
		std, err := json.MarshalIndent(v, pi[0], pi[1])
		require.NoError(t, err)
		assert.False(t, json.Valid(std), "encoding/json's output %q", std)

		_, err = safejson.MarshalIndent(v, pi[0], pi[1])
		require.ErrorContains(t, err, "is not JSON whitespace", "%q", pi)
		_, err = safejson.Options{Prefix: pi[0], Indent: pi[1]}.Marshal(v)
		require.ErrorContains(t, err, "is not JSON whitespace", "%q", pi)
		var buf bytes.Buffer
		e := safejson.NewEncoder(&buf)
		e.SetIndent(pi[0], pi[1])
		require.ErrorContains(t, e.Encode(v), "is not JSON whitespace", "%q", pi)
		assert.Empty(t, buf.String())
	}
	for _, pi := range [][2]string{{" \t", "\r\n "}, {"", "\t"}, {"\n", ""}} {
		want, err := json.MarshalIndent(v, pi[0], pi[1])
		require.NoError(t, err)
		got, err := safejson.MarshalIndent(v, pi[0], pi[1])
		require.NoError(t, err, "%q", pi)
		assert.Equal(t, string(want), string(got))
	}
}
