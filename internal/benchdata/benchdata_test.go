package benchdata

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestShape(t *testing.T) {
	typed, err := json.Marshal(Items(20))
	require.NoError(t, err)
	assert.InDelta(t, 3100, len(typed), 300, "20 items should be about 3.1 KB")

	// The map form decodes from, and encodes to, the same bytes as the typed form.
	var decoded []any
	require.NoError(t, json.Unmarshal(typed, &decoded))
	assert.Equal(t, decoded, Maps(20))
	maps, err := json.Marshal(Maps(20))
	require.NoError(t, err)
	assert.JSONEq(t, string(typed), string(maps))
}

func TestFailingVariants(t *testing.T) {
	for name, v := range map[string]any{
		"NaN":  ItemsWithNaN(20),
		"func": ItemsWithFunc(20),
		"self": ItemsWithSelf(20),
		"map":  SelfMap(),
	} {
		_, err := json.Marshal(v)
		assert.Error(t, err, name)
	}
	assert.True(t, math.IsNaN(ItemsWithNaN(20)[10].Score))
	_, err := json.Marshal(DeepStruct(3000))
	assert.NoError(t, err)
	_, err = json.Marshal(DeepMap(3000))
	assert.NoError(t, err)
	assert.Equal(t, 3, DeepStruct(3).Child.Child.Level)
}
