package engine

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkValidJSON times the hand-written validator on each file of the
// json/v2 corpus in the directory $ANYDEC_CORPUS (as internal/anydec's
// BenchmarkCorpus): BenchmarkValidJSON/<file>/valid (validJSON alone) and
// /scan (Scan finding both input facts). Skipped without the directory.
func BenchmarkValidJSON(b *testing.B) {
	dir := os.Getenv("ANYDEC_CORPUS")
	if dir == "" {
		b.Skip("ANYDEC_CORPUS unset")
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		name := strings.TrimSuffix(filepath.Base(f), ".json")
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
				if _, ok := Scan(data, FactKeysASCII|FactKeysUnique); !ok {
					b.Fatal("invalid")
				}
			}
		})
	}
}
