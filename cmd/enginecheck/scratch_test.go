package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pubengine "github.com/safejson/safejson/engine"
	"github.com/safejson/safejson/internal/flavor"
	"github.com/safejson/safejson/internal/race"
)

// scratch writes a module outside the repository that requires safejson
// (replaced by this checkout) with the given extra go.mod lines, and runs
// `go run github.com/safejson/safejson/cmd/enginecheck args...` in it, as a
// user would. It returns the output and the exit status.
func scratch(t *testing.T, extra string, args ...string) (string, int) {
	t.Helper()
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	dir := t.TempDir()
	gomod := "module example.com/scratch\n\ngo 1.26\n\nrequire github.com/safejson/safejson v0.0.0-00010101000000-000000000000\n\n" +
		"replace github.com/safejson/safejson => " + root + "\n" + extra
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.go"), []byte("package main\n\nimport \"github.com/safejson/safejson\"\n\nfunc main() { _, _ = safejson.Marshal(1) }\n"), 0o644))
	env := append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	// -e: tidy also looks at the tests of safejson's packages, which an old goccy cannot build.
	tidy := exec.Command("go", "mod", "tidy", "-e")
	tidy.Dir, tidy.Env = dir, env
	out, err := tidy.CombinedOutput()
	require.NoError(t, err, "%s", out)
	// Nothing but safejson and what it links: no test dependency in the user's module graph.
	deps := exec.Command("go", "list", "-deps", "github.com/safejson/safejson/cmd/enginecheck")
	deps.Dir, deps.Env = dir, env
	out, err = deps.CombinedOutput()
	require.NoError(t, err, "%s", out)
	assert.NotContains(t, string(out), "github.com/stretchr/testify")
	mod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	require.NoError(t, err)
	assert.NotContains(t, string(mod), "github.com/stretchr/testify")
	run := exec.Command("go", append([]string{"run", "github.com/safejson/safejson/cmd/enginecheck"}, args...)...)
	run.Dir, run.Env = dir, env
	out, err = run.CombinedOutput()
	code := 0
	if ee := (*exec.ExitError)(nil); errors.As(err, &ee) {
		code = ee.ExitCode()
	} else {
		require.NoError(t, err, "%s", out)
	}
	return string(out), code
}

// engineLine matches enginecheck's line for one linked engine.
func engineLine(name, version, verdict string) *regexp.Regexp {
	return regexp.MustCompile(`(?m)^  ` + name + ` +\S+ +` + regexp.QuoteMeta(version) + ` +native, ` + verdict + `$`)
}

// TestScratchModule is the check from a user's module: one that replaces
// sonic and goccy by older releases (v1.15.3, v0.11.2: not verified; goccy
// v0.11.2 writes some of the corpus differently, and crashes the process on
// recursive types; on the json/v2 flavour only sonic, as goccy v0.11.2 has
// no json/v2 API to build on), and one with nothing but safejson in its go.mod (the
// verified versions).
func TestScratchModule(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds two scratch modules and runs the corpus in each")
	}
	var names []string
	for _, e := range pubengine.All() {
		names = append(names, e.Name())
	}
	if race.Enabled || !slices.Equal(names, []string{"sonic", "goccy", "std"}) || runtime.GOARCH != "amd64" || os.Getenv("GOARCH") != "" && os.Getenv("GOARCH") != runtime.GOARCH {
		t.Skipf("runs once per toolchain, in the default amd64 build without -race (here: %v on %s, race %v)", names, runtime.GOARCH, race.Enabled)
	}
	linked := pubengine.Linked()
	std := linked[len(linked)-1]

	t.Run("old", func(t *testing.T) {
		if flavor.V2 {
			// goccy v0.11.2 has no json/v2 API (goccy/go-json/v2, jsontext),
			// which the json/v2 column and package jsonv2 build on: such a
			// module does not build on this flavour, and minimal version
			// selection never picks it (safejson requires v0.12.0). Only
			// sonic is replaced here; v1.15.3 writes the corpus as v1.15.5.
			out, code := scratch(t, "replace github.com/bytedance/sonic => github.com/bytedance/sonic v1.15.3\n", "-hang", "3s")
			assert.Equal(t, 0, code, out)
			assert.Regexp(t, engineLine("sonic", "v1.15.3", "not verified"), out)
			assert.Regexp(t, engineLine("goccy", required(t, "github.com/goccy/go-json"), "verified"), out)
			assert.Regexp(t, `(?m)^\d+ cases × 4 columns, \d+ results, 0 differences$`, out)
			assert.Contains(t, out, "\nverdict: OK, not verified: ")
			return
		}
		out, code := scratch(t, "replace (\n\tgithub.com/bytedance/sonic => github.com/bytedance/sonic v1.15.3\n\tgithub.com/goccy/go-json => github.com/goccy/go-json v0.11.2\n)\n", "-hang", "3s")
		assert.Equal(t, 1, code, out)
		assert.Regexp(t, engineLine("sonic", "v1.15.3", "not verified"), out)
		assert.Regexp(t, engineLine("goccy", "v0.11.2", "not verified"), out)
		// Its stack overflow (or, on a loaded machine, its climb to one: "hung")
		// is reported, and the run goes on after it.
		assert.Regexp(t, `(?m)^crash: recursive/named-slice-of-itself on goccy: (runtime: goroutine stack exceeds|hung: )`, out)
		assert.Contains(t, out, "  recursive/named-slice-of-itself on goccy:\n      the process crashed: ")
		assert.Contains(t, out, "  diff/invalid-number on goccy:\n", "a difference is listed")
		assert.Regexp(t, `(?m)^\d+ cases × 4 columns, \d+ results, \d+ differences$`, out)
		assert.Contains(t, out, "\nverdict: FAIL: ")
	})

	t.Run("verified", func(t *testing.T) {
		out, code := scratch(t, "")
		assert.Equal(t, 0, code, out)
		for _, in := range linked[:len(linked)-1] {
			want := required(t, in.Module)
			assert.Regexp(t, engineLine(in.Engine.Name(), want, "verified"), out)
		}
		assert.Contains(t, out, ", 0 differences\n")
		if std.Verified {
			assert.Contains(t, out, "\nverdict: verified: ")
		} else {
			// This Go release was not run by go generate ./engine.
			assert.Contains(t, out, "\nverdict: OK, not verified: ")
		}
	})
}

// required is the version of module safejson's go.mod requires.
func required(t *testing.T, module string) string {
	data, err := os.ReadFile("../../go.mod")
	require.NoError(t, err)
	m := regexp.MustCompile(`(?m)^\s*(?:require\s+)?` + regexp.QuoteMeta(module) + `\s+(v\S+)`).FindStringSubmatch(string(data))
	require.NotNil(t, m, module)
	return strings.TrimSpace(m[1])
}
