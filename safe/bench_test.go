package safe_test

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/benchdata"
	"github.com/safejson/safejson/internal/testutil"
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
		// Decoded JSON of the corpus's shapes: strings of many scripts (as
		// string_unicode), mostly-ASCII text with some escapes (as
		// twitter_status), coordinates (as canada_geometry).
		{slug: "unicode-any", value: unicodeStrings(), stdOK: true},
		{slug: "text-any", value: textStrings(), stdOK: true},
		{slug: "floats-any", value: coordinates(), stdOK: true},
		{slug: "floats32", value: floats32(), stdOK: true},
	}
}

// unicodeStrings is a map[string]any of 64 strings of 100 characters each,
// drawn from a block of code points per string (Latin-1 to CJK and beyond
// the BMP), about 20 KB of JSON.
func unicodeStrings() map[string]any {
	r := rand.New(rand.NewPCG(1, 2))
	m := make(map[string]any, 64)
	for i := range 64 {
		lo := []rune{0xa0, 0x370, 0x400, 0x600, 0x900, 0x3040, 0x4e00, 0xac00, 0x1d400, 0x2000}[i%10]
		var sb strings.Builder
		for range 100 {
			if r.IntN(8) == 0 {
				sb.WriteByte(' ')
				continue
			}
			sb.WriteRune(lo + rune(r.IntN(0x60)))
		}
		m["block "+strconv.Itoa(i)] = sb.String()
	}
	return m
}

// textStrings is a []any of 200 objects holding mostly-ASCII text, as
// decoded tweets: words, some punctuation that needs escapes (quotes,
// newlines, <, & under HTML escaping), a few accented letters and emoji.
func textStrings() []any {
	r := rand.New(rand.NewPCG(3, 4))
	words := []string{"the", "json", "encoder", "writes", "bytes", "fast", "café", "naïve", "\"quoted\"", "a\nb", "<b>", "&amp;", "😀", "https://t.co/x", "\u2028"}
	out := make([]any, 200)
	for i := range out {
		var sb strings.Builder
		for j := range 20 {
			if j > 0 {
				sb.WriteByte(' ')
			}
			w := words[r.IntN(len(words))]
			if r.IntN(3) > 0 {
				w = words[r.IntN(6)]
			}
			sb.WriteString(w)
		}
		out[i] = map[string]any{"id_str": strconv.Itoa(1e9 + i), "text": sb.String(), "lang": "en", "source": "<a href=\"https://x\">web</a>"}
	}
	return out
}

// coordinates is a []any of 2000 [lon, lat] pairs of float64, as decoded
// GeoJSON: 15-17 significant digits, with some integral values and some
// tiny and huge ones that take the exponent form.
func coordinates() []any {
	r := rand.New(rand.NewPCG(5, 6))
	out := make([]any, 2000)
	for i := range out {
		lon, lat := -180+360*r.Float64(), -90+180*r.Float64()
		switch i % 50 {
		case 1:
			lon = float64(r.IntN(1000))
		case 2:
			lat = r.Float64() * 1e-9
		case 3:
			lat = r.Float64() * 1e25
		}
		out[i] = []any{lon, lat}
	}
	return out
}

// floats32 is a []float32 of 4000 values of all magnitudes.
func floats32() []float32 {
	r := rand.New(rand.NewPCG(7, 8))
	out := make([]float32, 4000)
	for i := range out {
		out[i] = float32(r.NormFloat64() * math.Pow(10, float64(r.IntN(50)-25)))
	}
	return out
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
				cpu := testutil.CPUTime()
				for b.Loop() {
					_, _ = e.marshal(c.value)
				}
				if cpu := testutil.CPUTime() - cpu; cpu > 0 {
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
