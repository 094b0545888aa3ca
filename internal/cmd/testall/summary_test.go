package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func summaryOf(results ...Result) *Summary {
	s := &Summary{Results: map[*Part]Result{}, Wall: 90 * time.Second, Jobs: 2, LogDir: "/tmp/logs"}
	for i, r := range results {
		p := &Part{Name: fmt.Sprintf("part%d go1.26", i)}
		s.Parts = append(s.Parts, p)
		s.Results[p] = r
	}
	return s
}

func write(s *Summary) (code int, out, loud string) {
	var o, l strings.Builder
	code = s.Write(&o, &l)
	return code, o.String(), l.String()
}

func TestSummaryPassed(t *testing.T) {
	s := summaryOf(
		Result{Status: "ok", Wall: 65 * time.Second, CPU: 125 * time.Second},
		Result{Status: "ok", Wall: 2500 * time.Millisecond, CPU: 3 * time.Second},
	)
	code, out, loud := write(s)
	assert.Equal(t, 0, code)
	assert.Empty(t, loud)
	assert.Contains(t, out, "=== summary (wall clock 1m30s, JOBS=2;")
	assert.Contains(t, out, fmt.Sprintf("%-44s %-8s %8s %8s  \n", "part0 go1.26", "ok", "1m05s", "2m05s"))
	assert.Contains(t, out, fmt.Sprintf("%-44s %-8s %8s %8s\n", "total", "", "1m30s", "2m08s"), "CPU: the sum of the parts")
	assert.True(t, strings.HasSuffix(out, "all parts passed\n"))
	assert.NotContains(t, out, "/tmp/logs")
}

func TestSummaryFailed(t *testing.T) {
	s := summaryOf(
		Result{Status: "ok"},
		Result{Status: "FAIL", Failed: []string{"go vet ./...", "go test ./..."}},
		Result{Status: "SKIPPED: no qemu-aarch64-static"},
		Result{Status: "FAIL", Failed: []string{"@gofmt"}},
	)
	s.NotRun = []*Part{{Name: "arm64 go1.27"}}
	s.Selection = "PARTS=go1.26"
	code, out, loud := write(s)
	assert.Equal(t, 1, code)
	assert.Contains(t, out, fmt.Sprintf("%-44s %-8s %8s %8s  %s\n", "part1 go1.26", "FAIL", "0m00s", "0m00s", "go vet ./...; go test ./..."))
	assert.Contains(t, out, fmt.Sprintf("%-44s %-8s %8s %8s  \n", "part2 go1.26", "SKIPPED", "0m00s", "0m00s"))
	assert.Contains(t, out, fmt.Sprintf("%-44s %-8s\n", "arm64 go1.27", "not run"))
	assert.Contains(t, out, "the parts' logs: /tmp/logs\n")
	assert.NotContains(t, out, "all parts passed")
	assert.Contains(t, loud, "!!! NOT RUN (PARTS=go1.26): 1 parts, listed above\n")
	assert.Contains(t, loud, "!!! SKIPPED: part2 go1.26 (no qemu-aarch64-static)\n")
	assert.Contains(t, loud, "!!! FAILED: 2 parts: part1 go1.26, part3 go1.26\n")
}

func TestSummaryMissingToolchain(t *testing.T) {
	s := summaryOf(Result{Status: "ok"}, Result{Status: "SKIPPED: no go1.27.3", NoToolchain: true})
	code, _, loud := write(s)
	assert.Equal(t, 1, code, "CI must not pass without a toolchain")
	assert.Contains(t, loud, "!!! SKIPPED: part1 go1.26 (no go1.27.3)")
	assert.Contains(t, loud, "!!! FAILED: a Go toolchain could not be had (ALLOW_MISSING_TOOLCHAIN=1 accepts that)")

	s.AllowMissing = true
	code, out, loud := write(s)
	assert.Equal(t, 0, code)
	assert.Contains(t, loud, "!!! SKIPPED: part1 go1.26 (no go1.27.3)")
	assert.NotContains(t, loud, "FAILED")
	assert.Contains(t, out, "all parts passed")

	// A skip for a missing program alone does not fail the run.
	code, _, _ = write(summaryOf(Result{Status: "SKIPPED: no wrk"}))
	assert.Equal(t, 0, code)
}

func TestSummaryAdvisory(t *testing.T) {
	s := summaryOf(Result{Status: "ok"}, Result{Status: "FAIL", Failed: []string{"go test ./..."}}, Result{Status: "SKIPPED: no go1.28rc1", NoToolchain: true})
	s.Parts[1].Advisory, s.Parts[2].Advisory = true, true
	code, out, loud := write(s)
	assert.Equal(t, 0, code, "an advisory part fails nothing, nor its missing toolchain")
	assert.Contains(t, out, fmt.Sprintf("%-44s %-8s %8s %8s  %s\n", "part1 go1.26", "FAIL", "0m00s", "0m00s", "go test ./..."))
	assert.Contains(t, loud, "!!! ADVISORY (reported, fails nothing): part1 go1.26 (FAIL), part2 go1.26 (SKIPPED: no go1.28rc1)\n")
	assert.NotContains(t, loud, "FAILED")
	assert.Contains(t, out, "all parts passed")

	s.Parts[1].Advisory = false
	code, _, loud = write(s)
	assert.Equal(t, 1, code)
	assert.Contains(t, loud, "!!! FAILED: 1 parts: part1 go1.26\n")
}

func TestSummaryInterrupted(t *testing.T) {
	s := summaryOf(Result{Status: "ok"}, Result{Status: "SKIPPED: interrupted"})
	s.Interrupted = true
	code, _, loud := write(s)
	assert.Equal(t, 1, code)
	assert.Contains(t, loud, "!!! INTERRUPTED: the parts not started were skipped")
}

func TestSecs(t *testing.T) {
	assert.Equal(t, "0m00s", secs(999*time.Millisecond))
	assert.Equal(t, "1m05s", secs(65*time.Second))
	assert.Equal(t, "125m00s", secs(125*time.Minute))
}

func TestPrintLog(t *testing.T) {
	dir := t.TempDir()
	short := filepath.Join(dir, "short.log")
	require.NoError(t, os.WriteFile(short, []byte("one\ntwo\n"), 0o644))
	var b strings.Builder
	cut, err := printLog(&b, short)
	require.NoError(t, err)
	assert.False(t, cut)
	assert.Equal(t, "one\ntwo\n", b.String())

	long := filepath.Join(dir, "long.log")
	var lines []string
	for i := range 1500 {
		lines = append(lines, fmt.Sprintf("line %d\n", i))
	}
	require.NoError(t, os.WriteFile(long, []byte(strings.Join(lines, "")), 0o644))
	b.Reset()
	cut, err = printLog(&b, long)
	require.NoError(t, err)
	assert.True(t, cut)
	want := strings.Join(lines[:600], "") +
		"\n[... 600 lines left out: the whole log is " + long + " (kept) ...]\n\n" +
		strings.Join(lines[1200:], "")
	assert.Equal(t, want, b.String())
}

func TestFileName(t *testing.T) {
	assert.Equal(t, "compat_gin_go1.27_nojsonv2", fileName("compat/gin go1.27 nojsonv2"))
	assert.Equal(t, "-tags_safejson_std_go1.26", fileName("-tags safejson_std go1.26"))
}
