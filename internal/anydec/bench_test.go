package anydec_test

import (
	"encoding/json"
	"testing"

	"github.com/safejson/safejson/internal/anydec"
	"github.com/safejson/safejson/internal/benchdata"
	"github.com/safejson/safejson/internal/engine"
)

// BenchmarkCorpus decodes each file of the json/v2 corpus, decompressed
// into the directory $ANYDEC_CORPUS (zstd -d on Go 1.27's
// src/encoding/json/internal/jsontest/_embed/*.zst), into an any: by
// anydec.Unmarshal (as Unmarshal does, and as a Decoder does, which has
// checked the input already), and, for the ratio, by encoding/json and by
// the validator alone. Skipped without the directory.
func BenchmarkCorpus(b *testing.B) {
	for _, f := range benchdata.Corpus(b) {
		name, data := f.Name, f.Data
		b.Run(name+"/anydec", func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				var v any
				if err := anydec.Unmarshal(data, &v, anydec.Mode{}); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(name+"/anydec-known-valid", func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				var v any
				if err := anydec.Unmarshal(data, &v, anydec.Mode{Valid: true}); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(name+"/std", func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				var v any
				if err := json.Unmarshal(data, &v); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(name+"/valid", func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if !engine.Valid(data) {
					b.Fatal("invalid")
				}
			}
		})
	}
}
