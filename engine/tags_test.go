//go:build !safejson_sonic && !safejson_goccy && !safejson_std

package engine

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBuildTagMatrix checks, with the go command, what each build tag and
// architecture links and that the forbidden combinations fail to compile
// with the message naming the problem. It runs in the default build only:
// the other builds would repeat it.
func TestBuildTagMatrix(t *testing.T) {
	goTool, err := exec.LookPath("go")
	require.NoError(t, err, "the go command runs this test")
	run := func(goarch string, args ...string) (string, error) {
		cmd := exec.Command(goTool, args...)
		cmd.Env = append(os.Environ(), "GOARCH="+goarch, "GOOS=linux", "CGO_ENABLED=0")
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	for _, c := range []struct {
		goarch, tags string
		sonic, goccy bool
	}{
		{"amd64", "", true, true},
		{"arm64", "", true, true},
		{"386", "", false, true},
		{"riscv64", "", false, true},
		{"amd64", "safejson_sonic", true, false},
		{"arm64", "safejson_sonic", true, false},
		{"amd64", "safejson_goccy", false, true},
		{"arm64", "safejson_goccy", false, true},
		{"amd64", "safejson_std", false, false},
		{"386", "safejson_std", false, false},
	} {
		deps, err := run(c.goarch, "list", "-deps", "-tags", c.tags, ".")
		require.NoError(t, err, deps)
		assert.Equal(t, c.sonic, strings.Contains(deps, "github.com/bytedance/sonic"), "%s -tags %q links sonic", c.goarch, c.tags)
		assert.Equal(t, c.goccy, strings.Contains(deps, "github.com/goccy/go-json"), "%s -tags %q links goccy", c.goarch, c.tags)
	}
	for _, c := range []struct{ goarch, tags, message string }{
		{"amd64", "safejson_sonic,safejson_goccy", "safejson_engine_tags_conflict_use_only_one_of_safejson_sonic_safejson_goccy_safejson_std"},
		{"amd64", "safejson_goccy,safejson_std", "safejson_engine_tags_conflict_use_only_one_of_safejson_sonic_safejson_goccy_safejson_std"},
		{"amd64", "safejson_sonic,safejson_std", "safejson_engine_tags_conflict_use_only_one_of_safejson_sonic_safejson_goccy_safejson_std"},
		{"386", "safejson_sonic", "safejson_sonic_needs_amd64_or_arm64_and_go1_27_at_most"},
		{"riscv64", "safejson_sonic", "safejson_sonic_needs_amd64_or_arm64_and_go1_27_at_most"},
	} {
		out, err := run(c.goarch, "build", "-tags", c.tags, "-o", os.DevNull, ".")
		require.Error(t, err, "%s -tags %q must not build", c.goarch, c.tags)
		assert.Contains(t, out, "undefined: "+c.message, "%s -tags %q", c.goarch, c.tags)
	}
}
