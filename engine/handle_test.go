package engine_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/engine"
)

func TestHandles(t *testing.T) {
	all := engine.All()
	require.NotEmpty(t, all)
	assert.Equal(t, engine.Default(), all[0])
	assert.Equal(t, "std", all[len(all)-1].Name())
	seen := map[engine.Engine]bool{}
	for _, e := range all {
		assert.False(t, e.IsZero())
		assert.False(t, seen[e], "%v listed twice", e)
		seen[e] = true
		got, ok := engine.Lookup(e.Name())
		require.True(t, ok, e.Name())
		assert.True(t, got == e, "Lookup(%q) is the handle All lists", e.Name())
		assert.Equal(t, e.Name(), e.String())
	}
	for _, name := range []string{"", "encoding/json", "default"} {
		got, ok := engine.Lookup(name)
		assert.False(t, ok, name)
		assert.True(t, got.IsZero(), name)
	}

	var zero engine.Engine
	assert.True(t, zero.IsZero())
	assert.Equal(t, "", zero.Name())
	assert.Equal(t, "default", zero.String())
	assert.False(t, seen[zero], "the zero value names no engine")

	// All returns the caller's own slice.
	all[0] = engine.Engine{}
	assert.False(t, engine.All()[0].IsZero())
}

// TestNoBuildTags: the public surface is the same under every build tag.
func TestNoBuildTags(t *testing.T) {
	files, err := filepath.Glob("*.go")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		for _, line := range strings.Split(string(b), "\n") {
			assert.False(t, strings.HasPrefix(line, "//go:build") || strings.HasPrefix(line, "// +build"), "%s: %s", f, line)
		}
	}
}
