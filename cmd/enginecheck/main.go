// Command enginecheck runs safejson's conformance corpus against the engines
// your program links, from your own module, so that it builds with your
// go.mod (the sonic and goccy versions Go's minimum version selection picked
// for you, which may be newer than safejson's) and your Go:
//
//	go run github.com/safejson/safejson/cmd/enginecheck
//	go run -tags safejson_goccy github.com/safejson/safejson/cmd/enginecheck   # the build tags you build with
//
// Run it after `go get -u` (or any change to go.mod that moves sonic or
// goccy), after a Go upgrade, and in CI. It needs nothing in your go.mod but
// safejson.
//
// It prints the engines linked (engine.Linked: module version, native or
// not, verified or not), puts every case of the corpus through package safe
// alone and through safejson with each engine, compares each with what the
// case expects (encoding/json's bytes, or safejson's documented substitute),
// and prints the differences and one verdict line:
//
//	verdict: verified          every result as expected, and every version linked is one this release of safejson verified
//	verdict: OK, not verified  every result as expected, on versions safejson was not verified with
//	verdict: FAIL              a difference (listed above it)
//
// The exit status is 1 on FAIL, 2 when the check could not run. The corpus
// runs in a child process: an engine that crashes the process on a value
// (a fatal stack overflow no recover catches) is reported, and the run goes
// on after it. What the raw engine does with a value is shown but not
// judged: only safejson's output is.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime/debug"
	"strings"
	"sync/atomic"
	"time"

	pubengine "github.com/safejson/safejson/engine"
	"github.com/safejson/safejson/internal/conformance"
	"github.com/safejson/safejson/internal/corpus"
	"github.com/safejson/safejson/internal/engine"
)

// result is one line of the child's report.
type result struct {
	Case, Engine, Status, Raw string
	Problems                  []string `json:",omitempty"`
}

func main() {
	child := flag.Bool("child", false, "internal: run the corpus from case -from and report each result as a JSON line")
	from := flag.Int("from", 0, "internal: with -child, the index of the first case")
	skipRaw := flag.String("skipraw", "", "internal: with -child, CASE\\tENGINE lines whose raw engine is not run")
	verbose := flag.Bool("v", false, "print every result, not only the differences")
	hang := flag.Duration("hang", 10*time.Second, "a column still running after this long is stopped and reported as hung (the corpus's values take milliseconds)")
	flag.Parse()
	if *child {
		runChild(os.Stdout, *from, *skipRaw, *hang)
		return
	}
	os.Exit(check(os.Stdout, *verbose, *hang))
}

// The child's output lines: "T\tCASE\tCOLUMN" before each column runs (the
// trace), "R\t{json}" after each case, "D" at the end. A column that runs
// longer than hang ends the process (exit status 3, "hung" on stderr): an
// engine stuck on a value would otherwise burn CPU and memory for ever.
func runChild(w io.Writer, from int, skipRaw string, hang time.Duration) {
	// A runaway recursion dies at 256 MB of stack rather than Go's 1 GB: the
	// same crash, sooner, with less memory.
	debug.SetMaxStack(256 << 20)
	var progress atomic.Int64
	progress.Store(time.Now().UnixNano())
	if hang > 0 {
		go func() {
			for range time.Tick(hang / 10) {
				if time.Since(time.Unix(0, progress.Load())) > hang {
					fmt.Fprintf(os.Stderr, "hung: still running after %v\n", hang)
					os.Exit(3)
				}
			}
		}()
	}
	skip := map[string]bool{}
	for _, l := range strings.Split(skipRaw, "\n") {
		skip[l] = true
	}
	cases := corpus.Cases()
	cfg := conformance.Config{
		Trace:   prefixWriter{w, "T\t", &progress},
		SkipRaw: func(c, e string) bool { return skip[c+"\t"+e] },
	}
	for _, c := range cases[min(from, len(cases)):] {
		for _, r := range conformance.RunCases([]*corpus.Case{c}, engine.All(), cfg) {
			b, _ := json.Marshal(result{Case: r.Case.Name, Engine: r.Engine, Status: r.Status.String(), Raw: r.RawSummary(), Problems: r.Problems})
			fmt.Fprintf(w, "R\t%s\n", b)
		}
	}
	fmt.Fprintln(w, "D")
}

// prefixWriter writes each trace line with a prefix, in one write.
type prefixWriter struct {
	w        io.Writer
	prefix   string
	progress *atomic.Int64 // the time of the last line
}

func (p prefixWriter) Write(b []byte) (int, error) {
	p.progress.Store(time.Now().UnixNano())
	_, err := p.w.Write(append([]byte(p.prefix), b...))
	return len(b), err
}

func check(out io.Writer, verbose bool, hang time.Duration) int {
	fmt.Fprintln(out, "engines linked (engine.Linked):")
	for _, in := range pubengine.Linked() {
		version := in.Version
		if version == "" {
			version = "(no build information)"
		}
		fmt.Fprintf(out, "  %-6s %-28s %-24s %s, %s\n", in.Engine.Name(), in.Module, version,
			map[bool]string{true: "native", false: "NOT NATIVE (hands values to encoding/json)"}[in.Native],
			map[bool]string{true: "verified", false: "not verified"}[in.Verified])
	}
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintln(os.Stderr, "enginecheck:", err)
		return 2
	}
	ncases := len(corpus.Cases())
	var results []result
	var crashes []string
	skipRaw := ""
	from := 0
	for from < ncases {
		cmd := exec.Command(self, "-child", "-from", fmt.Sprint(from), "-skipraw", skipRaw, "-hang", hang.String())
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		stdout, err := cmd.StdoutPipe()
		if err == nil {
			err = cmd.Start()
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "enginecheck:", err)
			return 2
		}
		var lastCase, lastColumn string
		done := false
		sc := bufio.NewScanner(stdout)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "T\t"):
				f := strings.SplitN(line, "\t", 3)
				if len(f) == 3 {
					lastCase, lastColumn = f[1], f[2]
				}
			case strings.HasPrefix(line, "R\t"):
				var r result
				if json.Unmarshal([]byte(line[2:]), &r) == nil {
					results = append(results, r)
				}
			case line == "D":
				done = true
			}
		}
		waitErr := cmd.Wait()
		if done && waitErr == nil {
			break
		}
		// The child died on lastCase, in lastColumn.
		idx := caseIndex(lastCase)
		if idx < 0 {
			fmt.Fprintf(os.Stderr, "enginecheck: the corpus run died before its first case: %v\n%s", waitErr, tail(stderr.String(), 20))
			return 2
		}
		why := firstLine(stderr.String())
		crashes = append(crashes, fmt.Sprintf("%s on %s: %s", lastCase, lastColumn, why))
		// Drop what the dead child reported of that case; run it again
		// without the crashing raw engine, or go on after it.
		results = dropCase(results, lastCase)
		if e, ok := strings.CutSuffix(lastColumn, " raw"); ok && !strings.Contains(skipRaw, lastCase+"\t"+e+"\n") {
			skipRaw += lastCase + "\t" + e + "\n"
			from = idx
			continue
		}
		results = append(results, result{Case: lastCase, Engine: lastColumn, Status: conformance.Fail.String(),
			Problems: []string{"the process crashed: " + why}})
		from = idx + 1
	}

	var fails []result
	for _, r := range results {
		if r.Status == conformance.Fail.String() {
			fails = append(fails, r)
		}
		if verbose {
			fmt.Fprintf(out, "%-50s %-6s %-18s raw: %s\n", r.Case, r.Engine, r.Status, r.Raw)
		}
	}
	for _, c := range crashes {
		fmt.Fprintf(out, "crash: %s (the run went on after it)\n", c)
	}
	if len(fails) > 0 {
		fmt.Fprintf(out, "\ndifferences (%d):\n", len(fails))
		for _, r := range fails {
			fmt.Fprintf(out, "  %s on %s:\n", r.Case, r.Engine)
			for _, p := range r.Problems {
				fmt.Fprintf(out, "      %s\n", p)
			}
		}
	}
	fmt.Fprintf(out, "\n%d cases × %d columns, %d results, %d differences\n", ncases, len(engine.All())+1, len(results), len(fails))
	switch {
	case len(fails) > 0:
		fmt.Fprintln(out, "verdict: FAIL: safejson's output differs from what the corpus expects with the engines this module links; do not ship this engine version (pin the verified one with a replace or exclude, or build with -tags safejson_std), and report it")
		return 1
	case pubengine.Verified():
		fmt.Fprintln(out, "verdict: verified: every result as expected, on engine versions and a Go release this release of safejson verified")
	default:
		fmt.Fprintln(out, "verdict: OK, not verified: every result as expected, on versions this release of safejson was not verified with (listed above)")
	}
	return 0
}

func caseIndex(name string) int {
	for i, c := range corpus.Cases() {
		if c.Name == name {
			return i
		}
	}
	return -1
}

func dropCase(rs []result, name string) []result {
	out := rs[:0]
	for _, r := range rs {
		if r.Case != name {
			out = append(out, r)
		}
	}
	return out
}

// firstLine is the first line of a crash's stderr that says what happened.
func firstLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			return l
		}
	}
	return "exited without a word"
}

func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n") + "\n"
}
