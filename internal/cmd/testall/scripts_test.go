package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// earlyReader matches a pipe into a command that may stop reading before
// the writer is done: grep -q (or --quiet, --silent, -m N) exits at its
// first match, head at its last line. The writer then dies of SIGPIPE, and
// under `set -o pipefail` the pipeline fails: `go list … | grep -q x && ok`
// reports "no" although x is there, and only when the output is large or
// slow (a cold module cache). A here-string (grep -q x <<<"$out") or a
// reader that reads to the end (awk 'NR <= n') has no such race.
var earlyReader = regexp.MustCompile(`\|\s*(grep\s+(-\S+\s+)*(-[a-zA-Z]*[qm][a-zA-Z0-9]*|--quiet|--silent|--max-count\S*)(\s|$)|head(\s|$))`)

// scriptLines returns the shell lines of a script, a line continued with a
// trailing backslash or pipe joined to the next, comments removed.
func scriptLines(src string) []string {
	var out []string
	cur := ""
	for _, line := range strings.Split(src, "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "#") || t == "" && cur == "" {
			continue
		}
		cur += " " + t
		if strings.HasSuffix(t, `\`) || strings.HasSuffix(t, "|") || strings.HasSuffix(t, "&&") || strings.HasSuffix(t, "||") {
			cur = strings.TrimSuffix(cur, `\`)
			continue
		}
		out = append(out, strings.TrimSpace(cur))
		cur = ""
	}
	return out
}

func TestScriptsNoPipeIntoQuietGrep(t *testing.T) {
	root := filepath.Join("..", "..", "..")
	scripts, err := filepath.Glob(filepath.Join(root, "scripts", "*.sh"))
	require.NoError(t, err)
	require.NotEmpty(t, scripts)
	scripts = append(scripts, filepath.Join(root, ".ci", "run"))
	for _, path := range scripts {
		src, err := os.ReadFile(path)
		require.NoError(t, err)
		for _, line := range scriptLines(string(src)) {
			// A pipeline whose status is thrown away cannot give a wrong verdict.
			if earlyReader.MatchString(line) && !strings.HasSuffix(line, "|| true") {
				t.Errorf("%s: a pipe into a reader that may stop early (use a here-string or read to the end): %s", filepath.Base(path), line)
			}
		}
	}
}

func TestEarlyReaderPattern(t *testing.T) {
	for _, bad := range []string{
		`echo "$deps" | grep -qE "^x" && got=yes`,
		`go list -deps ./engine | grep -q x`,
		`go list | grep -E -q x`,
		`go list | grep --quiet x`,
		`go list | grep -m1 x`,
		`go list | grep -c -m 2 x`,
		`cat f | head -20`,
		`go list | head`,
	} {
		assert.True(t, earlyReader.MatchString(bad), bad)
	}
	for _, good := range []string{
		`grep -qE "^x" <<<"$deps" && got=yes`,
		`grep -q '^verdict: ' "$LOG/x.md"`,
		`go list | grep -E x | sort`,
		`grep -v x "$out" | awk 'NR <= 300 { print }'`,
		`go list | grep -w goexperiment`,
	} {
		assert.False(t, earlyReader.MatchString(good), good)
	}
	assert.Equal(t, []string{`a | grep -q x && y`, `b`}, scriptLines("# c\na |\n\tgrep -q x &&\n\ty\nb\n"))
}
