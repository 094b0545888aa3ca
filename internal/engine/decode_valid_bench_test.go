package engine

import (
	"testing"

	"github.com/safejson/safejson/internal/benchdata"
)

// BenchmarkValidJSON times the hand-written validator on each file of the
// json/v2 corpus in the directory $ANYDEC_CORPUS (as internal/anydec's
// BenchmarkCorpus): BenchmarkValidJSON/<file>/valid (validJSON alone) and
// /scan (Scan finding FactKeysASCII). Skipped without the directory.
func BenchmarkValidJSON(b *testing.B) {
	for _, f := range benchdata.Corpus(b) {
		name, data := f.Name, f.Data
		b.Run(name+"/valid", func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if !validJSON(data) {
					b.Fatal("invalid")
				}
			}
		})
		b.Run(name+"/scan", func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if _, ok := Scan(data, FactKeysASCII); !ok {
					b.Fatal("invalid")
				}
			}
		})
	}
}
