package plan

import (
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/safe"
)

// chainPtr is a pointer to itself: a chain of them writes no JSON nesting.
type chainPtr *chainPtr

// pointerChain returns a chain of n distinct chainPtr, ending in nil.
func pointerChain(n int) chainPtr {
	var p chainPtr
	for range n {
		q := new(chainPtr)
		*q = p
		p = q
	}
	return p
}

// anyChain returns n distinct *any, each holding the next, ending in 5.
func anyChain(n int) any {
	var x any = 5
	for range n {
		p := new(any)
		*p = x
		x = p
	}
	return x
}

// TestScanPointerChains: a path of more pointers than the limit goes to the
// reference encoder, though it writes no JSON nesting: an engine's cycle check
// is quadratic in such a chain (goccy), and the reference encoder writes the
// documented substitute (null) for a chain of more than 8 × MaxDepth.
func TestScanPointerChains(t *testing.T) {
	for _, c := range []struct {
		name string
		v    any
		ok   bool
	}{
		{"type P *P, at the limit", pointerChain(EngineDepthLimit), true},
		{"type P *P, beyond the limit", pointerChain(EngineDepthLimit + 1), false},
		{"type P *P, 200000", pointerChain(200_000), false},
		{"*any chain, at the limit", anyChain(EngineDepthLimit), true},
		{"*any chain, beyond the limit", anyChain(EngineDepthLimit + 1), false},
		{"[]any of short chains", []any{anyChain(900), anyChain(900), anyChain(900)}, true},
	} {
		ti := infoOf(reflect.TypeOf(c.v))
		require.NotNil(t, ti.scan, c.name)
		assert.Equal(t, c.ok, scanValue(c.v, ti, EngineDepthLimit, 0), c.name)
	}
	// 8 × MaxDepth indirections (a pointer and an interface each step of an
	// *any chain) are followed, one more is cut short.
	for _, n := range []int{39_999, 40_000, 40_001, 1_000_000} {
		want := "5"
		if 2*n > 8*10000 {
			want = "null"
		}
		out, err := safe.Marshal(anyChain(n))
		require.NoError(t, err)
		assert.Equal(t, want, string(out), "*any chain of %d", n)
		out, err = safe.Marshal(pointerChain(n))
		require.NoError(t, err)
		assert.Equal(t, "null", string(out), "type P *P chain of %d", n)
	}
}
