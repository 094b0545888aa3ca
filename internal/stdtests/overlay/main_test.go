package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const src = `package json

// TestKeep stays.
func TestKeep(t *testing.T) {}

// TestDrop's doc comment stays; the function goes.
func TestDrop(t *testing.T) {
	if true {
	}
}

func (T) TestDrop() {} // a method of the same name stays

func TestLast(t *testing.T) {
}`

func TestDropFuncs(t *testing.T) {
	out, n, err := dropFuncs("x_test.go", []byte(src), []string{"TestDrop", "TestLast", "TestMissing"})
	require.NoError(t, err)
	assert.Equal(t, 2, n)
	assert.Equal(t, `package json

// TestKeep stays.
func TestKeep(t *testing.T) {}

// TestDrop's doc comment stays; the function goes.

func (T) TestDrop() {} // a method of the same name stays

`, string(out))

	_, _, err = dropFuncs("x_test.go", []byte("package json\nfunc {"), nil)
	assert.Error(t, err, "a file that does not parse fails the run")
}

func TestRun(t *testing.T) {
	goroot, out := t.TempDir(), t.TempDir()
	dir := filepath.Join(goroot, "src", "encoding", "json")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "encode_test.go"), []byte(src), 0o644))
	policy := filepath.Join(out, "expected.txt")
	require.NoError(t, os.WriteFile(policy, []byte("# comment\nskip TestX why\ndrop TestDrop why not\n"), 0o644))

	require.NoError(t, run(goroot, policy, "/pkg", out))
	var overlay struct{ Replace map[string]string }
	data, err := os.ReadFile(filepath.Join(out, "overlay.json"))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(data, &overlay))
	assert.Equal(t, map[string]string{"/pkg/encode_test.go": filepath.Join(out, "encode_test.go")}, overlay.Replace,
		"only the files the toolchain has")
	copied, err := os.ReadFile(filepath.Join(out, "encode_test.go"))
	require.NoError(t, err)
	assert.NotContains(t, string(copied), "func TestDrop(")
	assert.Contains(t, string(copied), "func TestLast(")
}
