//go:build bench_full && goexperiment.jsonv2 && go1.27

package main

import (
	"encoding/json/v2"
	"fmt"
	"os"
	"slices"
	"testing"

	goccyv2 "github.com/goccy/go-json/v2"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/bench/internal/corpus"
	"github.com/safejson/safejson/jsonv2"
)

// v2Encoders are the json/v2 APIs BenchmarkJSONv2Marshal compares, each
// with its defaults (no options).
var v2Encoders = []struct {
	name    string
	marshal func(any) ([]byte, error)
}{
	{"std", func(v any) ([]byte, error) { return json.Marshal(v) }},
	{"safejson", func(v any) ([]byte, error) { return jsonv2.Marshal(v) }},
	{"goccy", func(v any) ([]byte, error) { return goccyv2.Marshal(v) }},
}

// v2Inputs are the corpus files, typed and as any (decoded by
// encoding/json/v2).
func v2Inputs(tb testing.TB) []struct {
	name  string
	value any
} {
	var ins []struct {
		name  string
		value any
	}
	for _, f := range corpus.Files() {
		data, err := corpus.Load(f.Name)
		require.NoError(tb, err)
		typed := f.New()
		require.NoError(tb, json.Unmarshal(data, typed))
		var loose any
		require.NoError(tb, json.Unmarshal(data, &loose))
		ins = append(ins, struct {
			name  string
			value any
		}{f.Name + "/typed", typed}, struct {
			name  string
			value any
		}{f.Name + "/any", loose})
	}
	return ins
}

// TestJSONv2Same checks that safejson's jsonv2 writes encoding/json/v2's
// bytes on every input of BenchmarkJSONv2Marshal.
func TestJSONv2Same(t *testing.T) {
	for _, in := range v2Inputs(t) {
		want, err := json.Marshal(in.value, json.Deterministic(true))
		require.NoError(t, err, in.name)
		got, err := jsonv2.Marshal(in.value, json.Deterministic(true))
		require.NoError(t, err, in.name)
		require.Equal(t, string(want), string(got), in.name)
	}
}

// BenchmarkJSONv2Marshal runs Marshal of encoding/json/v2, safejson's
// jsonv2 and goccy's v2 package over the corpus.
func BenchmarkJSONv2Marshal(b *testing.B) {
	for _, in := range v2Inputs(b) {
		for _, e := range v2Encoders {
			b.Run(in.name+"/"+e.name, func(b *testing.B) {
				out, err := e.marshal(in.value)
				require.NoError(b, err)
				b.SetBytes(int64(len(out)))
				b.ReportAllocs()
				for b.Loop() {
					_, _ = e.marshal(in.value)
				}
			})
		}
	}
}

// TestJSONv2Speed measures, when SAFEJSON_JSONV2_SPEED is set, the process
// CPU time of each encoder's Marshal per input, the encoders interleaved
// round by round so that a loaded machine slows them alike, and prints the
// median per call and the ratios.
func TestJSONv2Speed(t *testing.T) {
	if os.Getenv("SAFEJSON_JSONV2_SPEED") == "" {
		t.Skip("SAFEJSON_JSONV2_SPEED not set")
	}
	const rounds, batch = 15, 5
	fmt.Println("| input | encoding/json/v2 | jsonv2 | goccy v2 | jsonv2 / std | jsonv2 / goccy |")
	fmt.Println("|---|---|---|---|---|---|")
	for _, in := range v2Inputs(t) {
		times := make([][]float64, len(v2Encoders))
		for range rounds {
			for i, e := range v2Encoders {
				start, _ := processCPUTime()
				for range batch {
					_, _ = e.marshal(in.value)
				}
				end, _ := processCPUTime()
				times[i] = append(times[i], float64(end-start)/batch)
			}
		}
		m := make([]float64, len(times))
		for i, ts := range times {
			slices.Sort(ts)
			m[i] = ts[len(ts)/2]
		}
		fmt.Printf("| %s | %.0f µs | %.0f µs | %.0f µs | %.2f | %.2f |\n", in.name, m[0]/1e3, m[1]/1e3, m[2]/1e3, m[1]/m[0], m[1]/m[2])
	}
}
