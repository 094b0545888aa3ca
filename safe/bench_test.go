package safe_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/benchdata"
	"github.com/safejson/safejson/safe"
)

// benchCase is one value of internal/benchdata, and what the safe encoder must
// write for it.
type benchCase struct {
	// slug names the case in benchmark names (as in ./bench).
	slug  string
	value any
	// stdOK: encoding/json accepts the value, and safe must write its bytes.
	stdOK bool
	// want, for a value encoding/json rejects, returns the bytes safe must
	// write with the default substitutes, built with encoding/json from an
	// equivalent value.
	want func() []byte
}

// benchCases are the values of the seed's benchmark, and the fallback shapes.
func benchCases() []benchCase {
	return []benchCase{
		{slug: "items-20", value: benchdata.Items(20), stdOK: true},
		{slug: "items-500", value: benchdata.Items(500), stdOK: true},
		{slug: "maps-20", value: benchdata.Maps(20), stdOK: true},
		{slug: "maps-500", value: benchdata.Maps(500), stdOK: true},
		// NaN is written null.
		{slug: "nan-20", value: benchdata.ItemsWithNaN(20), want: itemsWithNullScore},
		// A func member is omitted: the items as they are.
		{slug: "func-20", value: benchdata.ItemsWithFunc(20), want: stdOf(benchdata.Items(20))},
		// The member that is a cycle is omitted: the items as they are.
		{slug: "circular-20", value: benchdata.ItemsWithSelf(20), want: stdOf(benchdata.Items(20))},
		{slug: "selfmap", value: benchdata.SelfMap(), want: stdOf(map[string]any{"a": 1.0})},
		{slug: "deep-struct-3000", value: benchdata.DeepStruct(3000), stdOK: true},
		{slug: "deep-map-3000", value: benchdata.DeepMap(3000), stdOK: true},
	}
}

// stdOf returns encoding/json's bytes for v.
func stdOf(v any) func() []byte {
	return func() []byte {
		b, err := json.Marshal(v)
		if err != nil {
			panic(err)
		}
		return b
	}
}

// itemsWithNullScore is benchdata.ItemsWithNaN(20) as encoding/json would
// write it with the NaN score as null.
func itemsWithNullScore() []byte {
	// nullScore has Item's fields, tags and order, with a score that can be nil.
	type nullScore struct {
		ID      int               `json:"id"`
		Name    string            `json:"name"`
		Email   string            `json:"email"`
		Score   *float64          `json:"score"`
		Active  bool              `json:"active"`
		Address benchdata.Address `json:"address"`
		Tags    []string          `json:"tags"`
	}
	items := benchdata.ItemsWithNaN(20)
	out := make([]any, len(items))
	for i, it := range items {
		out[i] = it
	}
	it := items[len(items)/2]
	out[len(items)/2] = nullScore{it.ID, it.Name, it.Email, nil, it.Active, it.Address, it.Tags}
	return stdOf(out)()
}

// benchEncoder is one way of encoding a case.
type benchEncoder struct {
	name    string
	marshal func(v any) ([]byte, error)
}

// benchEncoders are the encoders that apply to c: safe always, encoding/json
// where it accepts the value.
func benchEncoders(c benchCase) []benchEncoder {
	encs := []benchEncoder{{"safe", safe.Marshal}}
	if c.stdOK {
		encs = append(encs, benchEncoder{"std", json.Marshal})
	}
	return encs
}

// BenchmarkMarshal times safe.Marshal and json.Marshal on every case (also
// in process CPU time per call, cpu-ns/op):
// BenchmarkMarshal/<case>/safe and BenchmarkMarshal/<case>/std (the latter only
// where encoding/json accepts the value). TestBenchmarkCases checks the same
// cases' output.
func BenchmarkMarshal(b *testing.B) {
	for _, c := range benchCases() {
		for _, e := range benchEncoders(c) {
			b.Run(c.slug+"/"+e.name, func(b *testing.B) {
				out, err := e.marshal(c.value)
				if err != nil {
					b.Fatalf("%s failed: %v", e.name, err) // TestBenchmarkCases says why
				}
				b.ReportAllocs()
				b.SetBytes(int64(len(out)))
				cpu := cpuTime()
				for b.Loop() {
					_, _ = e.marshal(c.value)
				}
				if cpu := cpuTime() - cpu; cpu > 0 {
					// Steadier than ns/op on a shared, loaded machine.
					b.ReportMetric(float64(cpu)/float64(b.N), "cpu-ns/op")
				}
			})
		}
	}
}

// TestBenchmarkCases runs every benchmark case once: safe writes valid JSON,
// encoding/json's bytes where it accepts the value, and the default substitutes
// where it does not; encoding/json accepts exactly the cases marked so.
func TestBenchmarkCases(t *testing.T) {
	for _, c := range benchCases() {
		t.Run(c.slug, func(t *testing.T) {
			got, err := safe.Marshal(c.value)
			require.NoError(t, err)
			require.True(t, json.Valid(got), "invalid JSON: %.300s", got)
			std, stdErr := json.Marshal(c.value)
			if c.stdOK {
				require.NoError(t, stdErr)
				assertSameBytes(t, std, got)
				return
			}
			require.Error(t, stdErr, "encoding/json accepts the case: mark it stdOK")
			assertSameBytes(t, c.want(), got)
		})
	}
}

// assertSameBytes reports where got first differs from want, with some
// context, instead of printing two long outputs.
func assertSameBytes(t *testing.T, want, got []byte) {
	t.Helper()
	i := 0
	for i < len(want) && i < len(got) && want[i] == got[i] {
		i++
	}
	if i == len(want) && i == len(got) {
		return
	}
	from := max(0, i-60)
	assert.Fail(t, "different bytes", "first difference at byte %d (of %d wanted, %d written):\nwant: …%.120s\ngot:  …%.120s",
		i, len(want), len(got), want[from:], got[from:])
}
