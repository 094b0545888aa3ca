package safe_test

import (
	"encoding/json"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/testutil"
	"github.com/safejson/safejson/safe"
)

// TestLargeOutputAfterPoolLoss: an encode that finds the pool emptied by
// collections starts from a buffer of the last output's size rather than
// regrowing a small one: its allocations do not grow with the output.
func TestLargeOutputAfterPoolLoss(t *testing.T) {
	if testutil.RaceEnabled {
		t.Skip("sync.Pool drops items at random under -race")
	}
	many := make([]any, 1<<16)
	for i := range many {
		many[i] = "abcdefgh"
	}
	v := map[string]any{"a": many, "b": []any{"y", 1.5}}
	want, err := json.Marshal(v)
	require.NoError(t, err)
	got, err := safe.Marshal(v)
	require.NoError(t, err)
	require.Equal(t, string(want), string(got))
	allocs := testing.AllocsPerRun(5, func() {
		runtime.GC()
		runtime.GC() // the pool and its victim cache are empty
		_, _ = safe.Marshal(v)
	})
	// The state, its buffer, its scratch stacks, the result and what the
	// collections themselves allocate: 9 here, against 35 with a 1 KiB
	// buffer regrown to the 704 KiB of the output.
	assert.LessOrEqual(t, allocs, 12.0)
}
