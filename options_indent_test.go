package safejson_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson"
	"github.com/safejson/safejson/internal/benchdata"
)

// TestIndentNotWhitespace: a Prefix or Indent that is
// not JSON whitespace is written as given, as encoding/json writes it on both
// flavours (its output is then not JSON), by the engines and by the
// reference encoder alike: the bytes are encoding/json's, as documented on
// safe.Options.
func TestIndentNotWhitespace(t *testing.T) {
	values := map[string]any{
		"struct (engine)":            benchdata.Items(2),
		"decoded shapes (reference)": benchdata.Maps(2),
		"1500 levels (reference)":    benchdata.DeepStruct(1500),
	}
	for _, pi := range [][2]string{{"}", ""}, {"", "\x00"}, {"// ", "x"}, {"\t\v", "<&>"}} {
		for name, v := range values {
			want, err := json.MarshalIndent(v, pi[0], pi[1])
			require.NoError(t, err)
			assert.False(t, json.Valid(want), "%s %q: encoding/json's output is not JSON", name, pi)
			got, err := safejson.MarshalIndent(v, pi[0], pi[1])
			require.NoError(t, err)
			assert.Equal(t, string(want), string(got), "%s %q: MarshalIndent", name, pi)

			var wb, gb bytes.Buffer
			je, se := json.NewEncoder(&wb), safejson.NewEncoder(&gb)
			je.SetIndent(pi[0], pi[1])
			se.SetIndent(pi[0], pi[1])
			require.NoError(t, je.Encode(v))
			require.NoError(t, se.Encode(v))
			assert.Equal(t, wb.String(), gb.String(), "%s %q: Encoder", name, pi)
		}
	}
}
