package doccheck

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/testutil"
)

// pathPlaceholder is where the README's install commands name the checkout
// of this repository.
const pathPlaceholder = "/path/to/safejson"

// installCommands returns the commands of the README's Install section: its
// first ```sh block, one command per line, comments left to the shell.
func installCommands(readme string) ([]string, error) {
	_, sec, ok := strings.Cut(readme, "\n## Install\n")
	if !ok {
		return nil, fmt.Errorf("README.md has no ## Install section")
	}
	sec, _, _ = strings.Cut(sec, "\n## ")
	_, block, ok := strings.Cut(sec, "```sh\n")
	if !ok {
		return nil, fmt.Errorf("the Install section has no ```sh block")
	}
	block, _, _ = strings.Cut(block, "```")
	var cmds []string
	for _, l := range strings.Split(block, "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			cmds = append(cmds, l)
		}
	}
	return cmds, nil
}

// quickStarts returns the complete programs (```go blocks starting with
// "package main") of the README's "Quick start" sections.
func quickStarts(path, readme string) ([]block, error) {
	var out []block
	for _, sec := range strings.Split(readme, "\n## ")[1:] {
		if !strings.HasPrefix(sec, "Quick start") {
			continue
		}
		bs, err := goBlocks(path, sec)
		if err != nil {
			return nil, err
		}
		for _, b := range bs {
			if strings.HasPrefix(b.Code, "package main\n") {
				out = append(out, b)
			}
		}
	}
	return out, nil
}

// printedComment is a call of fmt.Println followed by a comment: the line
// the program prints, as the README shows it.
var printedComment = regexp.MustCompile(`(?m)^\s*fmt\.Println\(.*\)\s*// (.+)$`)

// TestInstallRecipe: the README's Install commands, run as written in a
// fresh module outside this repository (and outside its go.work), with
// every quick-start program of the README as a package of that module, give
// a go.mod that builds on its own (GOWORK=off), requires sonic and goccy at
// least at safejson's versions, and keeps them after `go get` of gin; the
// programs that do not serve run and print what the README says they print.
func TestInstallRecipe(t *testing.T) {
	if testing.Short() || testutil.RaceEnabled {
		t.Skip("runs the go command on a scratch module: not under -short or -race")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	require.NoError(t, err)
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	require.NoError(t, err)
	cmds, err := installCommands(string(readme))
	require.NoError(t, err)
	programs, err := quickStarts(filepath.Join(root, "README.md"), string(readme))
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(programs), 2, "the README's quick starts are complete programs")

	dir := t.TempDir()
	env := append(os.Environ(), "GOWORK=off") // as a module of its own, wherever it is
	run := func(name string, args ...string) (string, error) {
		cmd := exec.Command(name, args...)
		cmd.Dir, cmd.Env = dir, env
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		err := cmd.Run()
		return out.String(), err
	}
	// The proxy: the recipe resolves gin and the engines through it.
	if out, err := run("go", "list", "-m", "-versions", "github.com/gin-gonic/gin"); err != nil {
		t.Skipf("SKIPPED: the module proxy cannot be reached, the install recipe is not tried: %v\n%s", err, out)
	}
	out, err := run("go", "mod", "init", "example.com/newcomer")
	require.NoError(t, err, out)

	// The programs first: the recipe's go mod tidy reads their imports.
	writePrograms(t, dir, programs)
	for _, c := range cmds {
		c = strings.ReplaceAll(c, pathPlaceholder, root)
		out, err := run("sh", "-c", c)
		require.NoError(t, err, "the README's install command %q:\n%s", c, out)
	}
	gomod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	require.NoError(t, err)
	t.Logf("go.mod after the install commands:\n%s", gomod)
	for _, m := range []string{"github.com/safejson/safejson ", "github.com/bytedance/sonic ", "github.com/goccy/go-json "} {
		assert.Contains(t, string(gomod), "\t"+m, "go.mod requires %s", m)
	}

	out, err = run("go", "build", "./...")
	require.NoError(t, err, "GOWORK=off go build of the quick starts:\n%s", out)
	out, err = run("go", "vet", "./...")
	require.NoError(t, err, "go vet of the quick starts:\n%s", out)
	out, err = run("go", "get", "github.com/gin-gonic/gin")
	require.NoError(t, err, "go get github.com/gin-gonic/gin:\n%s", out)
	out, err = run("go", "build", "./...")
	require.NoError(t, err, "go build after go get of gin:\n%s", out)

	// The engines at least at safejson's versions, after go get of gin.
	ours := requirements(t, filepath.Join(root, "go.mod"))
	theirs := requirements(t, filepath.Join(dir, "go.mod"))
	for _, m := range []string{"github.com/bytedance/sonic", "github.com/goccy/go-json"} {
		require.NotEmpty(t, ours[m], "safejson's go.mod requires %s", m)
		assert.GreaterOrEqual(t, compareVersions(theirs[m], ours[m]), 0, "%s: the newcomer's go.mod has %s, safejson's %s", m, theirs[m], ours[m])
	}

	for i, p := range programs {
		if strings.Contains(p.Code, ".Run(") {
			continue // a server: built above, not run
		}
		out, err := run("go", "run", fmt.Sprintf("./quickstart%d", i+1))
		require.NoError(t, err, "%s: go run:\n%s", p, out)
		if m := printedComment.FindStringSubmatch(p.Code); m != nil {
			lines := strings.Split(strings.TrimSpace(out), "\n")
			assert.Equal(t, m[1], lines[len(lines)-1], "%s prints what the README says", p)
		}
	}
}

// writePrograms writes each program as package quickstartN of the module
// in dir.
func writePrograms(t *testing.T, dir string, programs []block) {
	for i, p := range programs {
		pkg := filepath.Join(dir, fmt.Sprintf("quickstart%d", i+1))
		require.NoError(t, os.MkdirAll(pkg, 0o755))
		src := fmt.Sprintf("//line %s:%d\n%s\n", p.File, p.Line, p.Code)
		require.NoError(t, os.WriteFile(filepath.Join(pkg, "main.go"), []byte(src), 0o644))
	}
}

// requirements returns the versions a go.mod requires, by module path.
func requirements(t *testing.T, gomod string) map[string]string {
	out, err := exec.Command("go", "mod", "edit", "-json", gomod).Output()
	require.NoError(t, err)
	var mod struct {
		Require []struct{ Path, Version string }
	}
	require.NoError(t, json.Unmarshal(out, &mod))
	reqs := map[string]string{}
	for _, r := range mod.Require {
		reqs[r.Path] = r.Version
	}
	return reqs
}

// compareVersions compares two release versions vMAJOR.MINOR.PATCH: -1, 0
// or +1; a missing or other version is the lowest.
func compareVersions(a, b string) int {
	parse := func(v string) []int {
		f := strings.Split(strings.TrimPrefix(v, "v"), ".")
		if len(f) != 3 {
			return nil
		}
		n := make([]int, 3)
		for i, s := range f {
			x, err := strconv.Atoi(s)
			if err != nil {
				return nil
			}
			n[i] = x
		}
		return n
	}
	x, y := parse(a), parse(b)
	switch {
	case x == nil && y == nil:
		return 0
	case x == nil:
		return -1
	case y == nil:
		return 1
	}
	for i := range x {
		if x[i] != y[i] {
			if x[i] < y[i] {
				return -1
			}
			return 1
		}
	}
	return 0
}

func TestCompareVersions(t *testing.T) {
	assert.Equal(t, 0, compareVersions("v1.15.5", "v1.15.5"))
	assert.Equal(t, 1, compareVersions("v1.15.10", "v1.15.5"))
	assert.Equal(t, -1, compareVersions("v1.15.0", "v1.15.5"))
	assert.Equal(t, -1, compareVersions("v0.10.5", "v0.12.0"))
	assert.Equal(t, -1, compareVersions("", "v0.12.0"), "no requirement is older than any")
}

func TestInstallCommands(t *testing.T) {
	cmds, err := installCommands("# x\n\n## Install\n\ntext\n\n```sh\ngo mod edit -replace a=/path/to/safejson   # note\n# a comment\n\ngo mod tidy\n```\n\n## Next\n\n```sh\nnot this\n```\n")
	require.NoError(t, err)
	assert.Equal(t, []string{"go mod edit -replace a=/path/to/safejson   # note", "go mod tidy"}, cmds)
	_, err = installCommands("# x\n\n## Usage\n")
	assert.Error(t, err)
}
