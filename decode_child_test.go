package safejson_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// Work that may exhaust memory runs in a child process: the test binary run
// again for one test, with a memory watchdog that ends the child when its
// memory passes a limit. The bound is on memory, never on time: the watchdog
// only samples.

const childEnv = "SAFEJSON_TEST_CHILD"

// inChild runs work in a child process that may use at most limit bytes, and
// fails t if the child fails or passes the limit. In the child itself, it
// runs work and returns.
func inChild(t *testing.T, limit uint64, work func(t *testing.T)) {
	t.Helper()
	if os.Getenv(childEnv) == t.Name() {
		debug.SetMemoryLimit(int64(limit / 2))
		go watchdog(limit)
		work(t)
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^"+strings.ReplaceAll(t.Name(), "/", "$/^")+"$", "-test.v")
	cmd.Env = append(os.Environ(), childEnv+"="+t.Name())
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	if errors.Is(err, syscall.ENOEXEC) {
		// Under user-mode emulation (go test -exec qemu-…) the test binary
		// cannot run itself: bound what the work allocates instead.
		t.Logf("no child process (%v): the work runs here, its allocation bounded", err)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		work(t)
		runtime.ReadMemStats(&after)
		require.Less(t, after.TotalAlloc-before.TotalAlloc, limit, "bytes allocated")
		return
	}
	require.NoError(t, err, "child process:\n%s", out.String())
	require.Contains(t, out.String(), "--- PASS: "+t.Name(), "child process:\n%s", out.String())
}

// watchdog ends the process with status 3 when its memory passes limit.
func watchdog(limit uint64) {
	samples := []metrics.Sample{{Name: "/memory/classes/total:bytes"}}
	for {
		metrics.Read(samples)
		used := samples[0].Value.Uint64()
		if rss := residentBytes(); rss > used {
			used = rss
		}
		if used > limit {
			fmt.Printf("watchdog: %d MB in use, more than the limit of %d MB\n", used>>20, limit>>20)
			os.Exit(3)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// residentBytes is the resident set size on Linux, 0 elsewhere.
func residentBytes() uint64 {
	if runtime.GOOS != "linux" {
		return 0
	}
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) < 2 {
		return 0
	}
	pages, _ := strconv.ParseUint(f[1], 10, 64)
	return pages * uint64(os.Getpagesize())
}
