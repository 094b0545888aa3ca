package anydec_test

import (
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/anydec"
)

// TestAllocs: decoding into an any, a map and a slice makes at most as
// many allocations as encoding/json, and at most as many bytes, on
// ordinary and hostile shapes.
func TestAllocs(t *testing.T) {
	inputs := []string{
		`{"id":1,"name":"User 1","email":"u1@example.com","active":true,"score":12.5,"tags":["a","b"],"address":{"city":"X","zip":"123"}}`,
		"[" + strings.Repeat(`{"k":"v","n":1.5},`, 100) + `{}]`,
		"[" + strings.Repeat(`[],`, 1000) + `[]]`,
		"[" + strings.Repeat(`[[[[]]]],`, 1000) + `[]]`,
		"{" + strings.Repeat(`"a":[1],`, 1000) + `"a":{}}`,
		"{" + strings.Repeat(`"a":{"b":"c"},`, 1000) + `"a":{}}`,
		`"` + strings.Repeat(`\ud83d\ude00`, 1000) + `"`,
		strings.Repeat("[", 5000) + strings.Repeat("]", 5000),
		strings.Repeat(`{"a":`, 5000) + "1" + strings.Repeat("}", 5000),
		"[" + strings.Repeat(`-1.234567890123e-5,`, 1000) + `0]`,
	}
	for _, in := range inputs {
		data := []byte(in)
		name := in[:min(len(in), 40)]
		for _, target := range []func() any{func() any { return new(any) }, func() any { return new(map[string]any) }, func() any { return new([]any) }} {
			std := testing.AllocsPerRun(20, func() { _ = json.Unmarshal(data, target()) })
			ours := testing.AllocsPerRun(20, func() { _ = anydec.Unmarshal(data, target(), false, false) })
			assert.LessOrEqual(t, ours, std+poolSlack, "%s into %T: allocations", name, target())
			stdBytes := bytesOf(func() { _ = json.Unmarshal(data, target()) })
			ourBytes := bytesOf(func() { _ = anydec.Unmarshal(data, target(), false, false) })
			assert.LessOrEqual(t, ourBytes, stdBytes, "%s into %T: bytes", name, target())
		}
		var v any
		require.NoError(t, anydec.Unmarshal(data, &v, false, false))
	}
}

// bytesOf returns the bytes f allocates, the least of a few runs (a pool
// refilled by a collection adds to one).
func bytesOf(f func()) uint64 {
	best := ^uint64(0)
	for range 5 {
		best = min(best, allocated(f))
	}
	return best
}

func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestRetention: a number kept from a decoded array keeps at most its chunk
// of float64s (256 bytes) alive, and a string or member name only itself:
// keeping one number and one string of each of 200 decodes of 1000
// elements holds about 200 × 256 bytes, not the arrays.
func TestRetention(t *testing.T) {
	in := []byte("[" + strings.Repeat(`1.5,"abcdefghijklmnopqrstuvwxyz",`, 500) + `0]`)
	heap := func() uint64 {
		runtime.GC()
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	kept := make([]any, 0, 400)
	before := heap()
	for range 200 {
		v, s := anydec.Decode(in, false)
		require.Equal(t, anydec.OK, s)
		a := v.([]any)
		kept = append(kept, a[500], a[501]) // a number and a string
	}
	retained := int64(heap()) - int64(before)
	t.Logf("retained %d bytes for %d values", retained, len(kept))
	assert.Less(t, retained, int64(200*(256+64)+64<<10), "bytes kept alive")
	runtime.KeepAlive(kept)
}

// TestSizeHintMemory: an object made for the size of the last one of its
// first member name (the hint) costs at most about twice encoding/json's
// bytes, on the worst shape for it: big objects, each followed by a tiny one
// with the same first name.
func TestSizeHintMemory(t *testing.T) {
	var big strings.Builder
	big.WriteString(`{"a":1`)
	for i := range 64 {
		fmt.Fprintf(&big, `,"k%d":1`, i)
	}
	big.WriteString("}")
	in := []byte("[" + strings.Repeat(big.String()+`,{"a":1},`, 500) + "{}]")
	stdBytes := bytesOf(func() { var v any; _ = json.Unmarshal(in, &v) })
	ourBytes := bytesOf(func() { var v any; _ = anydec.Unmarshal(in, &v, false, false) })
	t.Logf("bytes: encoding/json %d, anydec %d", stdBytes, ourBytes)
	assert.LessOrEqual(t, ourBytes, 2*stdBytes)
	// Tiny objects only, after one big one: the hint is gone after the first
	// (what is left over is the array's stack).
	in = []byte("[" + big.String() + strings.Repeat(`,{"a":1}`, 5000) + "]")
	stdBytes = bytesOf(func() { var v any; _ = json.Unmarshal(in, &v) })
	ourBytes = bytesOf(func() { var v any; _ = anydec.Unmarshal(in, &v, false, false) })
	t.Logf("bytes: encoding/json %d, anydec %d", stdBytes, ourBytes)
	assert.LessOrEqual(t, float64(ourBytes), 1.1*float64(stdBytes))
}
