package anydec_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/anydec"
	"github.com/safejson/safejson/internal/attack/shapes"
	"github.com/safejson/safejson/internal/testutil"
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
			ours := testing.AllocsPerRun(20, func() { _ = anydec.Unmarshal(data, target(), anydec.Mode{}) })
			assert.LessOrEqual(t, ours, std+poolSlack(), "%s into %T: allocations", name, target())
			stdBytes := bytesOf(func() { _ = json.Unmarshal(data, target()) })
			ourBytes := bytesOf(func() { _ = anydec.Unmarshal(data, target(), anydec.Mode{}) })
			if ourBytes > stdBytes && testutil.RaceEnabled {
				// Under the race detector sync.Pool drops a quarter of what is
				// put back, at random, in encoding/json's pools as in ours: all
				// five runs of one side now and then miss their pool. The
				// least of more runs.
				for range 5 {
					stdBytes = min(stdBytes, bytesOf(func() { _ = json.Unmarshal(data, target()) }))
					ourBytes = min(ourBytes, bytesOf(func() { _ = anydec.Unmarshal(data, target(), anydec.Mode{}) }))
				}
			}
			assert.LessOrEqual(t, ourBytes, stdBytes, "%s into %T: bytes", name, target())
		}
		var v any
		require.NoError(t, anydec.Unmarshal(data, &v, anydec.Mode{}))
	}
}

// bytesOf returns the bytes f allocates, the least of a few runs (a pool
// refilled by a collection adds to one).
func bytesOf(f func()) uint64 {
	best := ^uint64(0)
	for range 5 {
		best = min(best, testutil.Allocated(f))
	}
	return best
}

// TestRetention: a number kept from a decoded array keeps at most its chunk
// of float64s (256 bytes) alive, and a string or member name only itself:
// keeping one number and one string of each of 200 decodes of 1000
// elements holds about 200 × 256 bytes, not the arrays.
func TestRetention(t *testing.T) {
	in := []byte("[" + strings.Repeat(`1.5,"abcdefghijklmnopqrstuvwxyz",`, 500) + `0]`)
	heap := testutil.LiveHeap
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
	ourBytes := bytesOf(func() { var v any; _ = anydec.Unmarshal(in, &v, anydec.Mode{}) })
	t.Logf("bytes: encoding/json %d, anydec %d", stdBytes, ourBytes)
	assert.LessOrEqual(t, ourBytes, 2*stdBytes)
	// Tiny objects only, after one big one: the hint is gone after the first
	// (what is left over is the array's stack).
	in = []byte("[" + big.String() + strings.Repeat(`,{"a":1}`, 5000) + "]")
	stdBytes = bytesOf(func() { var v any; _ = json.Unmarshal(in, &v) })
	ourBytes = bytesOf(func() { var v any; _ = anydec.Unmarshal(in, &v, anydec.Mode{}) })
	t.Logf("bytes: encoding/json %d, anydec %d", stdBytes, ourBytes)
	assert.LessOrEqual(t, float64(ourBytes), 1.1*float64(stdBytes))
}

// hostile are shapes of internal/attack/shapes at a few hundred KB (a tenth
// of that when testutil.Reduced), decoded into an any: valid ones whose size
// hints could inflate maps, and invalid ones and numbers out of range whose
// error is at the end.
func hostile() (valid, invalid map[string][]byte) {
	size, small := 300<<10, 40<<10
	if testutil.Reduced() {
		size, small = 30<<10, 8<<10
	}
	byName := map[string]func(int) []byte{}
	for _, s := range shapes.All() {
		if name, ok := strings.CutSuffix(s.Name, "/any"); ok {
			byName[name] = s.Make
		}
	}
	valid, invalid = map[string][]byte{}, map[string][]byte{}
	for _, name := range []string{"hint-chain", "hint-alternate", "hint-nested"} {
		valid[name] = byName[name](size)
	}
	for _, name := range []string{"deep-chains-too-deep", "deep-objects-cut", "records-cut-90", "records-trailing-garbage", "records-1e400-end"} {
		invalid[name] = byName[name](size)
	}
	invalid["deep-chains-small"] = byName["deep-chains-too-deep"](small)
	return valid, invalid
}

// TestHostileMemory: on the hostile shapes of internal/attack, anydec
// allocates at most twice what encoding/json allocates and keeps at most
// twice what it keeps alive, for a valid input (the hint may make one map
// for each one it copies); and for an invalid one, which is decoded as far
// as its error with no check first, at most twice what encoding/json
// allocates on the costliest valid body of its length for the target
// (testutil.MostCostly: the bound is by input size), with encoding/json's
// error.
func TestHostileMemory(t *testing.T) {
	valid, invalid := hostile()
	targets := []func() any{func() any { return new(any) }, func() any { return new([]any) }}
	for name, in := range valid {
		for _, target := range targets {
			stdBytes := bytesOf(func() { _ = json.Unmarshal(in, target()) })
			ourBytes := bytesOf(func() { _ = anydec.Unmarshal(in, target(), anydec.Mode{}) })
			t.Logf("%s into %T: allocated, encoding/json %d, anydec %d", name, target(), stdBytes, ourBytes)
			assert.LessOrEqual(t, ourBytes, 2*stdBytes, "%s into %T: bytes allocated", name, target())
			stdKept := retained(func() any { v := target(); _ = json.Unmarshal(in, v); return v })
			ourKept := retained(func() any { v := target(); require.NoError(t, anydec.Unmarshal(in, v, anydec.Mode{})); return v })
			t.Logf("%s into %T: retained, encoding/json %d, anydec %d", name, target(), stdKept, ourKept)
			assert.LessOrEqual(t, ourKept, 2*stdKept, "%s into %T: bytes retained", name, target())
		}
	}
	const costlyLen = 64 << 10
	for _, target := range targets {
		most, _ := testutil.MostCostly(reflect.TypeOf(target()).Elem(), costlyLen)
		for name, in := range invalid {
			bound := 2 * most.Bytes * uint64(len(in)) / costlyLen
			for _, known := range []bool{false, true} {
				if known && !json.Valid(in) {
					continue // a Decoder hands on only what its scanner accepted
				}
				stdErr := json.Unmarshal(in, target())
				require.Error(t, stdErr, name)
				ourBytes := bytesOf(func() { _ = anydec.Unmarshal(in, target(), anydec.Mode{Valid: known}) })
				t.Logf("%s into %T (known valid %v): allocated, anydec %d; bound (twice encoding/json on the costliest valid body, %s) %d", name, target(), known, ourBytes, most.Body, bound)
				assert.LessOrEqual(t, ourBytes, bound, "%s into %T: bytes allocated", name, target())
				testutil.SameError(t, stdErr, anydec.Unmarshal(in, target(), anydec.Mode{Valid: known}), name)
			}
		}
	}
}

// retained returns the bytes of heap the value f returns keeps alive.
func retained(f func() any) int64 {
	heap := testutil.LiveHeap
	before := heap()
	v := f()
	after := heap()
	runtime.KeepAlive(v)
	return after - before
}

// poolSlack: under the race detector, sync.Pool drops pooled values at
// random, so a decode now and then starts with a fresh decoder, whose
// scratch buffer grows again to the longest escaped string (one allocation
// per doubling, a dozen for the 4 KB strings of TestAllocs); AllocsPerRun
// averages them in. The exact bound is checked without the race detector.
func poolSlack() float64 {
	if testutil.RaceEnabled {
		return 12
	}
	return 0
}
