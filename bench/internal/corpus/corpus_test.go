package corpus

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTypedRoundTrip checks each typed struct against its file: every key of
// the file has a field (DisallowUnknownFields), and what the struct encodes
// back, once decoded into any, encodes to the same bytes as the file decoded
// into any. So no field is dropped, none is invented (an absent optional field
// stays absent, a present one is written even when zero), and every value is
// kept. The comparison goes through any because encoding/json writes a
// struct's fields in declaration order but a map's keys sorted.
func TestTypedRoundTrip(t *testing.T) {
	for _, f := range Files() {
		t.Run(f.Name, func(t *testing.T) {
			data, err := Load(f.Name)
			require.NoError(t, err)
			require.True(t, json.Valid(data))

			var generic any
			require.NoError(t, json.Unmarshal(data, &generic))
			want, err := json.Marshal(generic)
			require.NoError(t, err)

			typed := f.New()
			dec := json.NewDecoder(bytes.NewReader(data))
			dec.DisallowUnknownFields()
			require.NoError(t, dec.Decode(typed), "every key of %s has a field", f.Name)
			assert.False(t, dec.More())

			back, err := json.Marshal(typed)
			require.NoError(t, err)
			var again any
			require.NoError(t, json.Unmarshal(back, &again))
			got, err := json.Marshal(again)
			require.NoError(t, err)
			if !bytes.Equal(want, got) {
				assert.Fail(t, "the typed struct does not keep the file", "%s: %s", f.Name, firstDiff(want, got))
			}
		})
	}
}

// firstDiff describes where x and y first differ.
func firstDiff(x, y []byte) string {
	i := 0
	for i < len(x) && i < len(y) && x[i] == y[i] {
		i++
	}
	lo := max(0, i-60)
	return fmt.Sprintf("at byte %d: ", i) + string(x[lo:min(len(x), i+40)]) + "\n  vs " + string(y[lo:min(len(y), i+40)])
}

func TestFilesAreDistinct(t *testing.T) {
	seen := map[string]bool{}
	for _, f := range Files() {
		assert.False(t, seen[f.Name], f.Name)
		seen[f.Name] = true
	}
	assert.Len(t, seen, 7)
	_, err := Load("../go")
	assert.Error(t, err)
	_, err = Load("no_such_file")
	assert.Error(t, err)
}
