package main

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestWorkspaceVersions: the bench builds with the same module versions
// inside the repository's go.work as from its own go.mod (GOWORK=off), in
// both builds: a version the workspace raises is raised in go.mod too.
func TestWorkspaceVersions(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	work, err := exec.Command("go", "env", "GOWORK").Output()
	require.NoError(t, err)
	if strings.TrimSpace(string(work)) == "" {
		t.Skip("SKIPPED: not inside a go.work: nothing to compare")
	}
	versions := func(gowork, tags string) map[string]string {
		cmd := exec.Command("go", "list", "-tags", tags, "-deps", "-test", "-f", "{{with .Module}}{{.Path}} {{.Version}}{{end}}", "./...")
		cmd.Env = append(cmd.Environ(), "GOWORK="+gowork)
		out, err := cmd.Output()
		require.NoError(t, err, "GOWORK=%s go list -tags %q", gowork, tags)
		mods := map[string]string{}
		for _, l := range strings.Split(string(out), "\n") {
			path, version, ok := strings.Cut(l, " ")
			if ok && !strings.HasPrefix(path, "github.com/safejson/safejson") { // safejson's own: replaced by a directory
				mods[path] = version
			}
		}
		return mods
	}
	for _, tags := range []string{"", fullTag} {
		off := versions("off", tags)
		assert.NotEmpty(t, off)
		assert.Equal(t, off, versions(strings.TrimSpace(string(work)), tags),
			"-tags %q: go.mod's versions (GOWORK=off) against the workspace's: raise go.mod's (GOWORK=off go get MODULE@VERSION)", tags)
	}
}
