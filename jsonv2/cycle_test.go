//go:build goexperiment.jsonv2 && go1.27

package jsonv2

import (
	"encoding/json/v2"
	"errors"
	"reflect"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/testutil"
	"github.com/safejson/safejson/internal/v2route"
)

type chainP *chainP

// newChain returns n distinct chainP, the last pointing to the first when
// cyclic, else to nil.
func newChain(n int, cyclic bool) chainP {
	first := new(chainP)
	p := first
	for range n - 1 {
		q := new(chainP)
		*p = q
		p = q
	}
	if cyclic {
		*p = first
	}
	return first
}

// TestPointerChains: a type P *P chain is followed once (Brent), never by
// goccy past the route's bound, nor pointer by pointer by the hooks: null at
// any length, the cycle's substitute where it loops.
func TestPointerChains(t *testing.T) {
	n, cyclic := v2route.Chain(unsafe.Pointer(newChain(5, false)))
	assert.Equal(t, 5, n)
	assert.False(t, cyclic)
	_, cyclic = v2route.Chain(unsafe.Pointer(newChain(7, true)))
	assert.True(t, cyclic)
	assert.True(t, v2route.PointerLoop(reflect.TypeFor[chainP]()))
	assert.False(t, v2route.PointerLoop(reflect.TypeFor[*int]()))

	var out []byte
	var err error
	assert.Equal(t, int64(1), countGoccy(t, func() { out, err = Marshal(newChain(10, false)) }), "a short chain is goccy's")
	require.NoError(t, err)
	assert.Equal(t, "null", string(out))
	sizes := []int{100_000, 1_000_000}
	if testutil.Reduced() {
		sizes = sizes[:1]
	}
	for _, size := range sizes {
		long := newChain(size, false)
		assert.Zero(t, countGoccy(t, func() { out, err = Marshal(long) }), "a long chain is not goccy's")
		require.NoError(t, err)
		assert.Equal(t, "null", string(out))
		out, err = Marshal(struct{ P chainP }{long}, json.Deterministic(true))
		require.NoError(t, err)
		assert.Equal(t, `{"P":null}`, string(out))

		loop := newChain(size, true)
		out, err = Marshal([]any{loop, 1.0})
		require.NoError(t, err)
		assert.Equal(t, `[null,1]`, string(out))
		out, err = Marshal(loop, CircularPlaceholder("c"))
		require.NoError(t, err)
		assert.Equal(t, `"c"`, string(out))
		_, err = Marshal(map[string]any{"a": loop}, Strict(true))
		var se *SubstituteError
		require.True(t, errors.As(err, &se), "%v", err)
		assert.Equal(t, ReasonCycle, se.Reason)
	}
}
