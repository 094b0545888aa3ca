package benchdata

import (
	"os"
	"path/filepath"
	"strings"
)

// CorpusFile is one file of the json/v2 corpus.
type CorpusFile struct {
	Name string // the file's name without .json
	Data []byte
}

// Corpus returns the files of the json/v2 corpus decompressed into the
// directory $ANYDEC_CORPUS (zstd -d on Go 1.27's
// src/encoding/json/internal/jsontest/_embed/*.zst), in name order; none
// if the variable is unset.
func Corpus() ([]CorpusFile, error) {
	dir := os.Getenv("ANYDEC_CORPUS")
	if dir == "" {
		return nil, nil
	}
	paths, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, err
	}
	files := make([]CorpusFile, 0, len(paths))
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		files = append(files, CorpusFile{Name: strings.TrimSuffix(filepath.Base(p), ".json"), Data: data})
	}
	return files, nil
}
