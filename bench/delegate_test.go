package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDefaultBuildNeedsOnlySafejson: the default build of the command (no
// bench_full tag) links no module that safejson itself does not, so that `go
// run ./bench` downloads and compiles safejson and its engines only.
func TestDefaultBuildNeedsOnlySafejson(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	modules := func(pkg string, tags string) []string {
		out, err := exec.Command("go", "list", "-tags", tags, "-deps", "-f", "{{with .Module}}{{.Path}}{{end}}", pkg).Output()
		require.NoError(t, err, "go list -deps %s", pkg)
		var mods []string
		for _, m := range strings.Fields(string(out)) {
			if !slices.Contains(mods, m) {
				mods = append(mods, m)
			}
		}
		slices.Sort(mods)
		return mods
	}
	want := append(modules("github.com/safejson/safejson", ""), "github.com/safejson/safejson/bench")
	slices.Sort(want)
	assert.Equal(t, want, modules(".", ""), "the default build's modules: safejson's own and the bench")
	full := modules(".", fullTag)
	for _, m := range []string{"github.com/gin-gonic/gin", "github.com/segmentio/encoding", "github.com/json-iterator/go", "github.com/klauspost/compress"} {
		assert.Contains(t, full, m, "the bench_full build links the peers, gin and zstd")
	}
}

func TestFullFlagNames(t *testing.T) {
	assert.Equal(t, "-corpus", fullFlagNames([]string{"-corpus", "-clock", "cpu"}))
	assert.Equal(t, "-http", fullFlagNames([]string{"--http", "-route=citm_catalog"}))
	assert.Equal(t, "-from -load", fullFlagNames([]string{"-from=r.json", "-load"}))
	assert.Equal(t, "", fullFlagNames([]string{"-case", "load"}), "a flag's value is not a flag")
}

func TestSourceDir(t *testing.T) {
	dir, err := sourceDir()
	require.NoError(t, err)
	here, err := os.Getwd()
	require.NoError(t, err)
	assert.Equal(t, here, dir)
	_, err = os.Stat(filepath.Join(dir, "delegate.go"))
	assert.NoError(t, err)
}
