package safejson_test

import (
	"encoding/json"
	"expvar"
	"math"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson"
	sjexpvar "github.com/safejson/safejson/compat/expvar"
	"github.com/safejson/safejson/engine"
)

// statsDelta returns what the counters gained while f ran, zero entries
// left out.
func statsDelta(f func()) map[string]map[string]uint64 {
	before := safejson.ReadStats()
	f()
	after := safejson.ReadStats()
	out := map[string]map[string]uint64{}
	for name, pair := range map[string][2]map[string]uint64{
		"encodes": {before.Encodes, after.Encodes}, "encodeFallbacks": {before.EncodeFallbacks, after.EncodeFallbacks},
		"decodes": {before.Decodes, after.Decodes}, "decodeFallbacks": {before.DecodeFallbacks, after.DecodeFallbacks},
		"substitutes": {before.Substitutes, after.Substitutes},
	} {
		for k, v := range pair[1] {
			if d := v - pair[0][k]; d != 0 {
				if out[name] == nil {
					out[name] = map[string]uint64{}
				}
				out[name][k] = d
			}
		}
	}
	return out
}

type statsPoint struct{ X, Y float64 }

type statsRecord struct {
	A int
	B string
}

type statsNode struct {
	Name string     `json:"name"`
	Next *statsNode `json:"next,omitempty"`
}

func TestStatsEncode(t *testing.T) {
	// Through an engine (which one is the planner's choice for the type).
	d := statsDelta(func() { _, _ = safejson.Marshal(statsPoint{1, 2}) })
	require.Len(t, d, 1)
	require.Len(t, d["encodes"], 1)
	for route, n := range d["encodes"] {
		assert.NotEqual(t, "safe", route)
		assert.Equal(t, uint64(1), n)
	}

	n := &statsNode{Name: "x"}
	n.Next = n
	d = statsDelta(func() { _, _ = safejson.Marshal(n) })
	assert.Equal(t, map[string]map[string]uint64{
		"encodes": {"safe": 1}, "encodeFallbacks": {"prescan": 1}, "substitutes": {"cycle": 1},
	}, d)

	// A NaN the named engine rejects: the reference encoder writes it.
	for _, e := range engine.All() {
		o := safejson.Options{Engine: e, OnSubstitute: func(safejson.Substitution) {}}
		d = statsDelta(func() { _, _ = o.Marshal([]statsPoint{{1, math.NaN()}}) })
		// Rejected by the engine, or, where the engine is known to write
		// floats wrongly (sonic's -0 on arm64), never given it.
		cause := "rejected"
		if d["encodeFallbacks"]["quirk"] != 0 {
			cause = "quirk"
		}
		assert.Equal(t, map[string]map[string]uint64{
			"encodes": {"safe": 1}, "encodeFallbacks": {cause: 1}, "substitutes": {"non-finite number": 1},
		}, d, e.Name())
	}

	// The same NaN without a report, on the default plan and on each engine:
	// counted as a substitute too (while counting, no engine is asked to
	// write null for it itself).
	for name, e := range observeEngines() {
		o := safejson.Options{Engine: e}
		d = statsDelta(func() { _, _ = o.Marshal([]statsPoint{{1, math.NaN()}}) })
		assert.Equal(t, map[string]uint64{"safe": 1}, d["encodes"], name)
		assert.Equal(t, map[string]uint64{"non-finite number": 1}, d["substitutes"], name)
	}

	// Options only the reference encoder honours: its route, no fallback.
	d = statsDelta(func() { _, _ = safejson.Options{MaxBreadth: 1}.Marshal([]int{1, 2}) })
	assert.Equal(t, map[string]map[string]uint64{"encodes": {"safe": 1}, "substitutes": {"too broad": 1}}, d)
}

func TestStatsQuirk(t *testing.T) {
	sonic, ok := engine.Lookup("sonic")
	if !ok {
		t.Skip("sonic is not compiled in")
	}
	// sonic escapes a ,string string field once, encoding/json twice.
	v := struct {
		S string `json:",string"`
	}{`"q"`}
	d := statsDelta(func() { _, _ = safejson.Options{Engine: sonic}.Marshal(v) })
	assert.Equal(t, map[string]map[string]uint64{"encodes": {"safe": 1}, "encodeFallbacks": {"quirk": 1}}, d)
}

func TestStatsDecode(t *testing.T) {
	var x any
	d := statsDelta(func() { require.NoError(t, safejson.Unmarshal([]byte(`{"a":1}`), &x)) })
	assert.Equal(t, map[string]map[string]uint64{"decodes": {"own": 1}}, d)
	x = nil
	d = statsDelta(func() { require.Error(t, safejson.Unmarshal([]byte(`{"a":`), &x)) })
	assert.Equal(t, map[string]map[string]uint64{"decodes": {"std": 1}, "decodeFallbacks": {"own-declined": 1}}, d)

	for _, e := range engine.All() {
		o := safejson.Options{Engine: e}
		var p statsRecord
		d = statsDelta(func() { require.NoError(t, o.Unmarshal([]byte(`{"A":1}`), &p)) })
		assert.Equal(t, map[string]map[string]uint64{"decodes": {e.Name(): 1}}, d, e.Name())
		if e.Name() == "std" {
			continue
		}
		var q statsRecord
		d = statsDelta(func() {
			err := o.Unmarshal([]byte(`{"A":"one"}`), &q)
			var ute *json.UnmarshalTypeError
			require.ErrorAs(t, err, &ute)
		})
		assert.Equal(t, map[string]map[string]uint64{"decodes": {"std": 1}, "decodeFallbacks": {"rejected": 1}}, d, e.Name())
	}
}

// TestStatsConcurrent: counts from many goroutines add up (run under
// -race).
// TestStatsDecodeQuirk: a target type an engine is known to decode wrongly
// goes to encoding/json, counted as a quirk of that engine.
func TestStatsDecodeQuirk(t *testing.T) {
	sonic, ok := engine.Lookup("sonic")
	if !ok {
		t.Skip("sonic is not compiled in")
	}
	var p statsPoint // floats: sonic decodes -0 as 0 (DecodeQuirkNegativeZero)
	d := statsDelta(func() { require.NoError(t, safejson.Options{Engine: sonic}.Unmarshal([]byte(`{"X":1.5}`), &p)) })
	assert.Equal(t, map[string]map[string]uint64{"decodes": {"std": 1}, "decodeFallbacks": {"quirk": 1}}, d)
	std, _ := engine.Lookup("std")
	d = statsDelta(func() { require.NoError(t, safejson.Options{Engine: std}.Unmarshal([]byte(`{"X":1.5}`), &p)) })
	assert.Equal(t, map[string]map[string]uint64{"decodes": {"std": 1}}, d, "encoding/json named: no fallback")
}

func TestStatsConcurrent(t *testing.T) {
	d := statsDelta(func() {
		var wg sync.WaitGroup
		for range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for range 500 {
					_, _ = safejson.Marshal([]any{math.Inf(1)})
				}
			}()
		}
		wg.Wait()
	})
	assert.Equal(t, uint64(4000), d["substitutes"]["non-finite number"])
	total := uint64(0)
	for _, n := range d["encodes"] {
		total += n
	}
	assert.Equal(t, uint64(4000), total)
}

func TestStatsExpvar(t *testing.T) {
	sjexpvar.Publish("safejson_test")
	_, _ = safejson.Marshal(math.NaN())
	var got safejson.Stats
	require.NoError(t, json.Unmarshal([]byte(expvar.Get("safejson_test").String()), &got))
	assert.Equal(t, safejson.ReadStats().Substitutes, got.Substitutes)
	assert.Contains(t, got.Encodes, "safe")
}
