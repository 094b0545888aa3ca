// Package corpus is the real-world JSON the Go team benchmarks encoding/json/v2
// with (canada_geometry, citm_catalog, golang_source, string_escaped,
// string_unicode, synthea_fhir, twitter_status), with a typed Go struct for
// each file, written here.
//
// The files are not in this repository: they ship zstd-compressed with Go 1.27
// in $GOROOT/src/encoding/json/internal/jsontest/_embed. Load finds them in the
// GOROOT of the Go 1.27 release scripts/test.sh runs (Toolchain), asking `go env
// GOROOT` of it (the go command downloads that toolchain the first time), so
// that the bench runs the same on Go 1.26 and Go 1.27.
package corpus

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/klauspost/compress/zstd"

	"github.com/safejson/safejson/internal/toolchain"
)

// Toolchain returns the Go release whose GOROOT holds the corpus: Go 1.27's,
// by the rule of internal/toolchain ($GO127 when set, else the newest patch
// release the module proxy lists, else the pinned one).
var Toolchain = sync.OnceValue(func() string {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	r, _ := toolchain.For(ctx, "1.27")
	return r.Toolchain
})

// embedDir is where the corpus lies in a Go 1.27 GOROOT.
var embedDir = filepath.Join("src", "encoding", "json", "internal", "jsontest", "_embed")

// File is one file of the corpus.
type File struct {
	// Name is the file's name without .json.zst, as in Go's benchmarks.
	Name string
	// New returns a pointer to a zero value of the file's typed struct.
	New func() any
}

// Files returns the corpus, in Go's order (alphabetical).
func Files() []File {
	return []File{
		{"canada_geometry", func() any { return new(Canada) }},
		{"citm_catalog", func() any { return new(CITM) }},
		{"golang_source", func() any { return new(GolangSource) }},
		{"string_escaped", func() any { return new(UnicodeBlocks) }},
		{"string_unicode", func() any { return new(UnicodeBlocks) }},
		{"synthea_fhir", func() any { return new(FHIRBundle) }},
		{"twitter_status", func() any { return new(Twitter) }},
	}
}

// Dir returns the directory of the corpus in the Go 1.27 GOROOT, or why it
// cannot be had. The go command is asked once per process.
var Dir = sync.OnceValues(func() (string, error) {
	tc := Toolchain()
	cmd := exec.Command("go", "env", "GOROOT")
	cmd.Env = append(os.Environ(), "GOTOOLCHAIN="+tc)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("corpus: the JSON corpus ships with %s, and `GOTOOLCHAIN=%s go env GOROOT` failed (is the go command on PATH, and can it download %s?): %w: %s",
			tc, tc, tc, err, strings.TrimSpace(stderr.String()))
	}
	dir := filepath.Join(strings.TrimSpace(string(out)), embedDir)
	if _, err := os.Stat(filepath.Join(dir, "citm_catalog.json.zst")); err != nil {
		return "", fmt.Errorf("corpus: no JSON corpus in the %s GOROOT: %w", tc, err)
	}
	return dir, nil
})

// decoder decompresses the files; DecodeAll is safe for concurrent use.
var decoder = sync.OnceValues(func() (*zstd.Decoder, error) {
	return zstd.NewReader(nil, zstd.WithDecoderConcurrency(1))
})

// Load returns the JSON of the file called name (without .json.zst).
func Load(name string) ([]byte, error) {
	if strings.ContainsAny(name, `/\`) || name == "" {
		return nil, errors.New("corpus: bad file name " + fmt.Sprintf("%q", name))
	}
	dir, err := Dir()
	if err != nil {
		return nil, err
	}
	compressed, err := os.ReadFile(filepath.Join(dir, name+".json.zst"))
	if err != nil {
		return nil, fmt.Errorf("corpus: %w", err)
	}
	dec, err := decoder()
	if err != nil {
		return nil, fmt.Errorf("corpus: zstd: %w", err)
	}
	data, err := dec.DecodeAll(compressed, nil)
	if err != nil {
		return nil, fmt.Errorf("corpus: decompressing %s: %w", name, err)
	}
	return data, nil
}
