package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// engineNames lists the names of All(), in order.
func engineNames() []string {
	var names []string
	for _, e := range All() {
		names = append(names, e.Name())
	}
	return names
}

func TestAllStartsWithDefaultEndsWithStd(t *testing.T) {
	all := All()
	require.NotEmpty(t, all)
	assert.Equal(t, Default().Name(), all[0].Name())
	assert.Equal(t, "std", all[len(all)-1].Name())
	seen := map[string]bool{}
	for _, e := range all {
		assert.False(t, seen[e.Name()], "engine %s listed twice", e.Name())
		seen[e.Name()] = true
		got, ok := ByName(e.Name())
		require.True(t, ok, e.Name())
		assert.Equal(t, e, got)
	}
	_, ok := ByName("encoding/json")
	assert.False(t, ok)
	_, ok = ByName("")
	assert.False(t, ok)

	// All returns the caller's own slice.
	all[0] = nil
	assert.NotNil(t, All()[0])
}
