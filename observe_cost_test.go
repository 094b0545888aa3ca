package safejson_test

import (
	"encoding/json"
	"io"
	"log/slog"
	"math"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson"
	"github.com/safejson/safejson/internal/testutil"
)

// costAttack is a body a client sends that the server decodes into any and
// encodes back with substitutes, at size scale (1: the sizes of the
// report's issue; 1/4 and 1/16 of them below).
type costAttack struct {
	name string
	body func(scale int) string // scale 1, 4 or 16 (16: the full size)
	o    func(scale int) safejson.Options
	subs func(scale int) int // substitutes written
}

// costAttacks: substitutes under a long key, under a long path of many
// keys, cut arrays under a long key, and the slog logger's report of
// substitutes under a long key (in its window: the pairs are logged by the
// first request, remembered by the next).
func costAttacks() []costAttack {
	deepUnderKey := func(s int) string {
		n := 20001 * s / 16
		return `{"` + strings.Repeat("k", 100000*s/16) + `":{"a":[` + strings.Repeat(`[[1]],`, n-1) + `[[1]]]}}`
	}
	longPath := func(s int) string {
		keys := 1000 * s / 16
		var b strings.Builder
		for i := range keys {
			b.WriteString(`{"` + strings.Repeat(string(rune('a'+i%26)), 100) + `":`)
		}
		n := 25000 * s / 16
		b.WriteString(`[` + strings.Repeat(`[1],`, n-1) + `[1]]`)
		b.WriteString(strings.Repeat("}", keys))
		return b.String()
	}
	// 16384 × s/16 arrays of 3 at the leaves of a binary tree of arrays.
	wideUnderKey := func(s int) string {
		tree := `[1,2,3]`
		for n := 1; n < 16384*s/16; n *= 2 {
			tree = `[` + tree + `,` + tree + `]`
		}
		return `{"` + strings.Repeat("k", 100000*s/16) + `":` + tree + `}`
	}
	return []costAttack{
		{"deep-under-long-key", deepUnderKey,
			func(int) safejson.Options { return safejson.Options{MaxDepth: 4} },
			func(s int) int { return 20001 * s / 16 }},
		{"deep-under-long-path", longPath,
			func(s int) safejson.Options { return safejson.Options{MaxDepth: 1000*s/16 + 1} },
			func(s int) int { return 25000 * s / 16 }},
		{"wide-under-long-key", wideUnderKey,
			func(int) safejson.Options { return safejson.Options{MaxBreadth: 2} },
			func(s int) int { return 16384 * s / 16 }},
		{"logger-deep-under-long-key", deepUnderKey,
			func(int) safejson.Options {
				l := safejson.NewSubstituteLogger(slog.New(slog.NewTextHandler(io.Discard, nil)), time.Minute, 0)
				return safejson.Options{MaxDepth: 4, OnSubstitute: l.Report}
			},
			func(s int) int { return 20001 * s / 16 }},
	}
}

// allocs returns the bytes and the objects f allocates, the least of five
// runs (a pool emptied by a collection, a type's first use, are not f's).
func allocs(f func()) (bytes, count uint64) {
	bytes, count = math.MaxUint64, math.MaxUint64
	for range 5 {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		f()
		runtime.ReadMemStats(&after)
		bytes, count = min(bytes, after.TotalAlloc-before.TotalAlloc), min(count, after.Mallocs-before.Mallocs)
	}
	return bytes, count
}

// TestReportCostAttacks: for each body of costAttacks at three sizes, a
// request (decode into any, encode under the options) with a report
// allocates at most twice the bytes and objects of the same request
// without one, and the report's own allocation per byte of body does not
// grow with the size: the report costs what the value costs, not
// substitutes × path length. Allocations, not time, so that a loaded
// machine cannot fail it.
func TestReportCostAttacks(t *testing.T) {
	scales := []int{1, 4, 16}
	if testutil.Reduced() {
		scales = []int{1, 2, 4}
	}
	for _, a := range costAttacks() {
		var perByte []float64
		for _, s := range scales {
			body := []byte(a.body(s))
			o := a.o(s)
			plain := o
			if plain.OnSubstitute == nil {
				o.OnSubstitute = func(safejson.Substitution) {}
			} else {
				plain.OnSubstitute = nil
			}
			reported := 0
			count := o.OnSubstitute
			o.OnSubstitute = func(sub safejson.Substitution) { reported++; count(sub) }
			request := func(o safejson.Options) func() {
				return func() {
					var v any
					require.NoError(t, json.Unmarshal(body, &v))
					_, err := o.Marshal(v)
					require.NoError(t, err)
				}
			}
			request(plain)() // warm: types planned, pools filled
			request(o)()
			require.Equal(t, a.subs(s), reported, "%s ×%d: substitutes reported", a.name, s)
			withB, withN := allocs(request(o))
			plainB, plainN := allocs(request(plain))

			// The encode alone: what the report adds to it.
			var v any
			require.NoError(t, json.Unmarshal(body, &v))
			out := make([]byte, 0, 2*len(body))
			encWithB, _ := allocs(func() { _, _ = o.Append(out, v) })
			encPlainB, _ := allocs(func() { _, _ = plain.Append(out, v) })
			extra := float64(int64(encWithB)-int64(encPlainB)) / float64(len(body))
			perByte = append(perByte, extra)

			t.Logf("%s ×%d/16: body %d B, %d substitutes; request with report %d B / %d objects, without %d B / %d objects (×%.2f / ×%.2f); the report adds %.2f B per body byte to the encode",
				a.name, s, len(body), a.subs(s), withB, withN, plainB, plainN,
				float64(withB)/float64(plainB), float64(withN)/float64(plainN), extra)
			assert.LessOrEqual(t, float64(withB), 2*float64(plainB), "%s ×%d: bytes with report / without", a.name, s)
			assert.LessOrEqual(t, float64(withN), 2*float64(plainN), "%s ×%d: objects with report / without", a.name, s)
		}
		// Flat: the report's bytes per byte of body at the largest size are
		// at most those at the smallest, with room for rounding (pools,
		// slices grown by doubling).
		assert.LessOrEqual(t, perByte[len(perByte)-1], 1.5*perByte[0]+1, "%s: the report's cost per body byte grows with the size: %v", a.name, perByte)
	}
}
