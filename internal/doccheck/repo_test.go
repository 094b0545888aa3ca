package doccheck

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// maxTracked is the largest file git may track outside dataDirs: anything
// bigger is build output or data that belongs elsewhere.
const maxTracked = 1 << 20

// dataDirs are the directories whose files the tests read: the only places a
// tracked file may be larger than maxTracked. A directory is added here by
// name, with the test that reads it.
var dataDirs = []string{
	"testdata/",                      // the root package's fuzz corpus
	"engine/testdata/",               // the source of the program engine's tests build
	"internal/conformance/testdata/", // the conformance fuzz corpus
	"jsonv2/testdata/",               // jsonv2's fuzz corpus
	"safe/testdata/",                 // safe's fuzz corpus
}

// executableFormat names the executable or object format b starts with (ELF,
// Mach-O, PE, an ar archive such as Go's .a), or "" for none of them.
func executableFormat(b []byte) string {
	switch {
	case bytes.HasPrefix(b, []byte("\x7fELF")):
		return "ELF"
	case bytes.HasPrefix(b, []byte("!<arch>\n")):
		return "ar archive"
	case len(b) >= 4:
		switch binary.BigEndian.Uint32(b) {
		case 0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe, 0xcafebabe:
			return "Mach-O"
		}
	}
	// PE: a DOS header whose e_lfanew (at 0x3c) points at "PE\0\0".
	if bytes.HasPrefix(b, []byte("MZ")) && len(b) >= 0x40 {
		off := int(binary.LittleEndian.Uint32(b[0x3c:]))
		if off >= 0 && off+4 <= len(b) && string(b[off:off+4]) == "PE\x00\x00" {
			return "PE"
		}
	}
	return ""
}

// trackedProblems returns one line per file git tracks in the repository at
// root that is an executable or object file, or larger than maxTracked
// outside dataDirs.
func trackedProblems(root string) ([]string, error) {
	out, err := exec.Command("git", "-C", root, "ls-files", "-z", "--cached").Output()
	if err != nil {
		return nil, fmt.Errorf("git ls-files: %w", err)
	}
	var problems []string
	for _, name := range strings.Split(strings.TrimRight(string(out), "\x00"), "\x00") {
		if name == "" {
			continue
		}
		f, err := os.Open(filepath.Join(root, filepath.FromSlash(name)))
		if err != nil {
			if os.IsNotExist(err) {
				continue // deleted in the work tree, not yet in the index
			}
			return nil, err
		}
		head := make([]byte, 4096)
		n, _ := io.ReadFull(f, head)
		fi, err := f.Stat()
		f.Close()
		if err != nil {
			return nil, err
		}
		if fi.IsDir() {
			continue // a submodule
		}
		if format := executableFormat(head[:n]); format != "" {
			problems = append(problems, fmt.Sprintf("%s: a compiled %s file", name, format))
			continue
		}
		if fi.Size() > maxTracked && !inDataDir(name) {
			problems = append(problems, fmt.Sprintf("%s: %d bytes, over %d outside the data directories the tests read", name, fi.Size(), maxTracked))
		}
	}
	return problems, nil
}

func inDataDir(name string) bool {
	for _, d := range dataDirs {
		if strings.HasPrefix(name, d) {
			return true
		}
	}
	return false
}

// TestNoBuildOutputTracked: git tracks no executable and no large file
// outside the data directories, so that a clone carries sources only.
func TestNoBuildOutputTracked(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	require.NoError(t, err)
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("SKIPPED: no git on this machine: the tracked files cannot be listed")
	}
	if err := exec.Command("git", "-C", root, "rev-parse", "--is-inside-work-tree").Run(); err != nil {
		t.Skip("SKIPPED: not a git checkout: the tracked files cannot be listed")
	}
	problems, err := trackedProblems(root)
	require.NoError(t, err)
	assert.Empty(t, problems, "build output or large files tracked by git: git rm --cached them (and ignore them in .gitignore), or add a data directory the tests read to dataDirs")
	for _, d := range dataDirs {
		fi, err := os.Stat(filepath.Join(root, filepath.FromSlash(d)))
		if assert.NoError(t, err, "dataDirs names %s, which does not exist: drop it", d) {
			assert.True(t, fi.IsDir(), d)
		}
	}
}

// TestTrackedProblems runs the check on a repository made for it: a
// compiled program and a large file outside the data directories are
// reported, the same large file in a data directory and sources are not.
func TestTrackedProblems(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("SKIPPED: no git on this machine")
	}
	self, err := os.Executable() // this test binary: an ELF, Mach-O or PE file
	require.NoError(t, err)
	prog, err := os.ReadFile(self)
	require.NoError(t, err)

	dir := t.TempDir()
	big := bytes.Repeat([]byte("{\"a\":1}\n"), maxTracked/8+1)
	files := map[string][]byte{
		"main.go":              []byte("package main\n\nfunc main() {}\n"),
		"bench/bench":          prog,
		"docs/huge.json":       big,
		"testdata/corpus.json": big,
		"small.json":           big[:100],
		"lib.a":                []byte("!<arch>\n__.PKGDEF"),
	}
	for name, b := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, b, 0o644))
	}
	git := func(args ...string) {
		out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput()
		require.NoError(t, err, "git %v: %s", args, out)
	}
	git("init", "-q")
	git("add", ".")

	problems, err := trackedProblems(dir)
	require.NoError(t, err)
	require.Len(t, problems, 3, "%q", problems)
	assert.Regexp(t, `^bench/bench: a compiled (ELF|Mach-O|PE) file$`, problems[0])
	assert.Regexp(t, `^docs/huge.json: \d+ bytes, over 1048576 outside the data directories`, problems[1])
	assert.Equal(t, "lib.a: a compiled ar archive file", problems[2])

	git("rm", "-q", "--cached", "bench/bench", "docs/huge.json", "lib.a")
	problems, err = trackedProblems(dir)
	require.NoError(t, err)
	assert.Empty(t, problems, "once removed from the index, the files left in the work tree are not tracked")
}

func TestExecutableFormat(t *testing.T) {
	pe := make([]byte, 0x80)
	copy(pe, "MZ")
	binary.LittleEndian.PutUint32(pe[0x3c:], 0x40)
	copy(pe[0x40:], "PE\x00\x00")
	for _, c := range []struct {
		b    []byte
		want string
	}{
		{[]byte("\x7fELF\x02\x01\x01"), "ELF"},
		{[]byte{0xcf, 0xfa, 0xed, 0xfe, 7, 0, 0, 1}, "Mach-O"},
		{[]byte{0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 2}, "Mach-O"},
		{pe, "PE"},
		{[]byte("MZ is how this text starts, and it is no program at all; not one bit of it, no."), ""},
		{[]byte("!<arch>\n"), "ar archive"},
		{[]byte("package main\n"), ""},
		{[]byte{}, ""},
	} {
		assert.Equal(t, c.want, executableFormat(c.b), "%q", c.b)
	}
}
