package benchdata

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// CorpusFile is one file of the json/v2 corpus.
type CorpusFile struct {
	Name string // the file's name without .json
	Data []byte
}

// Corpus returns the files of the json/v2 corpus decompressed into the
// directory $ANYDEC_CORPUS (zstd -d on Go 1.27's
// src/encoding/json/internal/jsontest/_embed/*.zst), in name order. It skips
// tb's test or benchmark when the variable is unset, and fails it when a
// file cannot be read.
func Corpus(tb testing.TB) []CorpusFile {
	tb.Helper()
	dir := os.Getenv("ANYDEC_CORPUS")
	if dir == "" {
		tb.Skip("ANYDEC_CORPUS unset: the json/v2 corpus is not here")
	}
	paths, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		tb.Fatal(err)
	}
	files := make([]CorpusFile, 0, len(paths))
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			tb.Fatal(err)
		}
		files = append(files, CorpusFile{Name: strings.TrimSuffix(filepath.Base(p), ".json"), Data: data})
	}
	return files
}
