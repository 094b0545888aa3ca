package corpus

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestShapedRoundTrip is TestTypedRoundTrip for ShapedFiles: every key has
// a field, and the loose struct encodes back to the file's values.
func TestShapedRoundTrip(t *testing.T) {
	for _, f := range ShapedFiles() {
		t.Run(f.Name, func(t *testing.T) {
			data, err := Load(f.Name)
			require.NoError(t, err)
			var generic any
			require.NoError(t, json.Unmarshal(data, &generic))
			want, err := json.Marshal(generic)
			require.NoError(t, err)

			shaped := f.New()
			dec := json.NewDecoder(bytes.NewReader(data))
			dec.DisallowUnknownFields()
			require.NoError(t, dec.Decode(shaped), "every key of %s has a field", f.Name)

			back, err := json.Marshal(shaped)
			require.NoError(t, err)
			var again any
			require.NoError(t, json.Unmarshal(back, &again))
			got, err := json.Marshal(again)
			require.NoError(t, err)
			if !bytes.Equal(want, got) {
				assert.Fail(t, "the shaped struct does not keep the file", "%s: %s", f.Name, firstDiff(want, got))
			}
		})
	}
}
