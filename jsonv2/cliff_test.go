//go:build goexperiment.jsonv2 && go1.27

package jsonv2_test

import (
	"encoding/json/v2"
	"flag"
	"fmt"
	"math"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/testutil"
	"github.com/safejson/safejson/jsonv2"
)

var cliffLarge = flag.Bool("cliff.large", false, "TestCliffShapes: also a million-element size of each shape")

// cliffP is a pointer to itself: a chain of them writes no JSON nesting.
type cliffP *cliffP

// cliffChain returns a chain of n distinct cliffP ending in nil.
func cliffChain(n int) cliffP {
	var p cliffP
	for range n {
		q := new(cliffP)
		*q = p
		p = q
	}
	return p
}

// cliffRecords returns n small objects as JSON decoded into any holds them.
func cliffRecords(n int) []any {
	recs := make([]any, n)
	for i := range recs {
		recs[i] = map[string]any{"id": float64(i), "name": "record", "ok": true, "tags": []any{"a", "b"}}
	}
	return recs
}

// cliffNest returns v inside depth arrays.
func cliffNest(v any, depth int) any {
	for range depth {
		v = []any{v}
	}
	return v
}

// cliffShapes are the values on which a walk before encoding, or a hooked
// encode, could cost more than encoding/json/v2 on the same value.
var cliffShapes = []struct {
	name string
	make func(n int) any
}{
	// A chain of n pointers that write no nesting: a quadratic cycle check
	// (goccy keeps a list of the pointers it is in) is the cliff.
	{"type P *P chain", func(n int) any { return cliffChain(n) }},
	// A decoded body of n records with one branch 1001 deep: the branch
	// must not send the records through the hooked path too.
	{"any body, one branch 1001 deep", func(n int) any {
		return map[string]any{"items": cliffRecords(n), "deep": cliffNest("x", 1001)}
	}},
	// n sibling arrays 32 deep beside a branch 2000 deep: each sibling
	// crosses the depth past which the ancestors are kept in a map.
	{"siblings at depth 32 beside a 2000-deep branch", func(n int) any {
		sib := make([]any, n)
		for i := range sib {
			sib[i] = []any{float64(i)}
		}
		return []any{cliffNest(sib, 31), cliffNest(1.0, 2000)}
	}},
}

// cliffCost is what one Marshal costs: allocations, bytes allocated and
// process CPU time.
type cliffCost struct {
	allocs, bytes uint64
	cpu           int64
}

// measureCliff returns the least cost of three marshals of v, after a
// warm-up call that must succeed (the least: encoding/json/v2's pooled
// buffers may be lost to a collection on any call).
func measureCliff(t *testing.T, marshal func(any) ([]byte, error), v any) cliffCost {
	_, err := marshal(v)
	require.NoError(t, err)
	least := cliffCost{math.MaxUint64, math.MaxUint64, math.MaxInt64}
	for range 3 {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		start := testutil.CPUTime()
		_, err = marshal(v)
		cpu := testutil.CPUTime() - start
		runtime.ReadMemStats(&after)
		require.NoError(t, err)
		least.allocs = min(least.allocs, after.Mallocs-before.Mallocs)
		least.bytes = min(least.bytes, after.TotalAlloc-before.TotalAlloc)
		least.cpu = min(least.cpu, cpu)
	}
	return least
}

// TestCliffShapes: on each shape jsonv2.Marshal writes encoding/json/v2's
// bytes with at most twice its allocations and bytes allocated, and that
// ratio does not grow with the size of the value (the cost is linear where
// encoding/json/v2's is). CPU time ratios are logged only: a loaded or
// emulated machine skews them.
func TestCliffShapes(t *testing.T) {
	sizes := []int{10_000, 100_000}
	if testing.Short() {
		sizes = []int{2_000, 20_000}
	}
	if *cliffLarge {
		sizes = append(sizes, 1_000_000)
	}
	std := func(v any) ([]byte, error) { return json.Marshal(v) }
	ours := func(v any) ([]byte, error) { return jsonv2.Marshal(v) }
	for _, shape := range cliffShapes {
		t.Run(shape.name, func(t *testing.T) {
			var first [2]float64
			for i, n := range sizes {
				v := shape.make(n)
				want, err := json.Marshal(v, json.Deterministic(true))
				require.NoError(t, err)
				got, err := jsonv2.Marshal(v, json.Deterministic(true))
				require.NoError(t, err)
				require.True(t, string(want) == string(got), "size %d: not encoding/json/v2's bytes", n)
				sc := measureCliff(t, std, v)
				oc := measureCliff(t, ours, v)
				// A small allowance on top of the ratio: the fixed cost of
				// the route (pooled state, option translation).
				const slackAllocs, slackBytes = 64, 64 << 10
				ra := float64(oc.allocs) / float64(max(sc.allocs, 1))
				rb := float64(oc.bytes) / float64(max(sc.bytes, 1))
				t.Logf("size %d: allocs %d vs %d (%.2f×), bytes %d vs %d (%.2f×), CPU %.1f vs %.1f ms (%.2f×)",
					n, oc.allocs, sc.allocs, ra, oc.bytes, sc.bytes, rb,
					float64(oc.cpu)/1e6, float64(sc.cpu)/1e6, float64(oc.cpu)/float64(max(sc.cpu, 1)))
				if testutil.RaceEnabled {
					continue // sync.Pool drops items at random: the figures are noise
				}
				assert.LessOrEqual(t, oc.allocs, 2*sc.allocs+slackAllocs, "allocations, size %d", n)
				assert.LessOrEqual(t, oc.bytes, 2*sc.bytes+slackBytes, "bytes allocated, size %d", n)
				ra = float64(oc.allocs) / float64(sc.allocs+slackAllocs)
				rb = float64(oc.bytes) / float64(sc.bytes+slackBytes)
				if i == 0 {
					first = [2]float64{ra, rb}
					continue
				}
				assert.LessOrEqual(t, ra, max(1.25*first[0], 1), fmt.Sprintf("allocation ratio grows with size (%d)", n))
				assert.LessOrEqual(t, rb, max(1.25*first[1], 1), fmt.Sprintf("byte ratio grows with size (%d)", n))
			}
		})
	}
}
