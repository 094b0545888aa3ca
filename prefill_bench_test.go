package safejson_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/safejson/safejson"
	"github.com/safejson/safejson/internal/benchdata"
)

// BenchmarkUnmarshalPrefilled decodes into fresh and pre-filled targets:
// fresh (zero), a struct of defaults (selfContained: restored from a copy
// if the engine fails), and a reused slice with capacity and a Decoder
// decoding into the same struct again (they reach memory of their own:
// encoding/json alone), with safejson and encoding/json.
func BenchmarkUnmarshalPrefilled(b *testing.B) {
	items := make([]unfolded, 100)
	for i := range items {
		it := benchdata.NewItem(i)
		items[i] = unfolded{ID: it.ID, Name: it.Name, Tag: it.Tags, Valid: it.Active}
	}
	list, err := json.Marshal(items)
	if err != nil {
		b.Fatal(err)
	}
	one, err := json.Marshal(unfolded{ID: 7, Name: "seven", Tag: []string{"a", "b"}, Valid: true})
	if err != nil {
		b.Fatal(err)
	}
	decoders := []struct {
		name      string
		unmarshal func([]byte, any) error
	}{{"encoding-json", json.Unmarshal}, {"safejson", safejson.Unmarshal}}
	for _, d := range decoders {
		b.Run("fresh-struct/"+d.name, func(b *testing.B) {
			b.ReportAllocs()
			defer reportCPU(b, cpuTime())
			for b.Loop() {
				var v unfolded
				if err := d.unmarshal(one, &v); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("defaults-struct/"+d.name, func(b *testing.B) {
			b.ReportAllocs()
			defer reportCPU(b, cpuTime())
			for b.Loop() {
				v := unfolded{ID: -1, Name: "default"}
				if err := d.unmarshal(one, &v); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("fresh-slice/"+d.name, func(b *testing.B) {
			b.ReportAllocs()
			defer reportCPU(b, cpuTime())
			for b.Loop() {
				var v []unfolded
				if err := d.unmarshal(list, &v); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("reused-slice/"+d.name, func(b *testing.B) {
			b.ReportAllocs()
			defer reportCPU(b, cpuTime())
			var v []unfolded
			for b.Loop() {
				v = v[:0]
				if err := d.unmarshal(list, &v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	stream := bytes.Repeat(one, 100)
	b.Run("decoder-same-struct/encoding-json", func(b *testing.B) {
		b.ReportAllocs()
		defer reportCPU(b, cpuTime())
		for b.Loop() {
			dec := json.NewDecoder(bytes.NewReader(stream))
			var v unfolded
			for dec.More() {
				if err := dec.Decode(&v); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	b.Run("decoder-same-struct/safejson", func(b *testing.B) {
		b.ReportAllocs()
		defer reportCPU(b, cpuTime())
		for b.Loop() {
			dec := safejson.NewDecoder(bytes.NewReader(stream))
			var v unfolded
			for dec.More() {
				if err := dec.Decode(&v); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}

// reportCPU reports the process CPU time since start per iteration, as
// cpu-ns/op (steadier than wall time on a shared machine).
func reportCPU(b *testing.B, start int64) {
	if start != 0 && b.N > 0 {
		b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
	}
}
