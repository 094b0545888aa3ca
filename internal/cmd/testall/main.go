// Command testall runs the parts of the whole test suite that
// scripts/test.sh lists, and reports: go run ./internal/cmd/testall < PLAN.
//
// The plan (its grammar: ParsePlan) names the toolchain modes, the parts and
// their commands; the driver expands {module} over every module of the
// repository, runs the parts of each Go toolchain in a lane of their own,
// side by side, prints each part's output and times when it ends, and ends
// with a table of every part: result, wall-clock and CPU time, failing
// commands. A failing command does not stop its part, nor a failing part the
// others.
//
// The environment:
//
//	QUICK=1                  only the parts the plan's quick line matches
//	PARTS=REGEXP             only the parts whose name (or name as written in the plan) matches
//	JOBS=N                   N parts at a time (default 2 with 2 cores or more, else 1)
//	ALLOW_MISSING_TOOLCHAIN=1  a Go toolchain that cannot be had skips its parts without failing the run
//
// With -n it prints the parts that would run, with their commands, and runs
// nothing. Exit 1 when a part failed, when the run was interrupted, or when
// a Go toolchain could not be had; 2 when the plan is wrong.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"
)

func main() {
	os.Exit(run())
}

func run() int {
	dryRun := flag.Bool("n", false, "print the parts and their commands; run nothing")
	flag.Parse()
	t0 := time.Now()
	stdout, stderr := io.Writer(os.Stdout), io.Writer(os.Stderr)

	root, err := os.Getwd()
	if err != nil {
		fmt.Fprintln(stderr, "testall:", err)
		return 2
	}
	modules, err := Modules(root)
	if err != nil {
		fmt.Fprintln(stderr, "testall: the modules:", err)
		return 2
	}
	plan, err := ParsePlan(os.Stdin, modules)
	if err != nil {
		fmt.Fprintln(stderr, "testall:", err)
		return 2
	}
	var partsRE *regexp.Regexp
	if s := os.Getenv("PARTS"); s != "" {
		if partsRE, err = regexp.Compile(s); err != nil {
			fmt.Fprintln(stderr, "testall: PARTS:", err)
			return 2
		}
	}
	quick := os.Getenv("QUICK") != ""
	jobs := 1
	if runtime.NumCPU() >= 2 {
		jobs = 2
	}
	if s := os.Getenv("JOBS"); s != "" {
		if jobs, err = strconv.Atoi(s); err != nil || jobs < 1 {
			fmt.Fprintf(stderr, "testall: JOBS=%s: want a number of parts at a time, 1 or more\n", s)
			return 2
		}
	}
	parts, notRun := plan.Select(quick, partsRE)
	if *dryRun {
		for _, p := range parts {
			fmt.Fprintf(stdout, "%s [%s]\n", p.Name, strings.Join(p.Mode.Env, " "))
			for _, c := range p.Commands {
				fmt.Fprintf(stdout, "\t%s\n", c)
			}
		}
		for _, p := range notRun {
			fmt.Fprintf(stdout, "%s: not run\n", p.Name)
		}
		return 0
	}

	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer cancel()
	logDir, err := os.MkdirTemp(os.Getenv("TMPDIR"), "safejson-test.")
	if err != nil {
		fmt.Fprintln(stderr, "testall:", err)
		return 2
	}

	have := Toolchains(ctx, parts, stdout, stderr)
	noProgram := Programs(ctx, plan.Needs, parts, stdout, stderr)
	env, stop := Services(ctx, root, plan.Services, parts, stdout, stderr)
	defer stop()

	results := map[*Part]Result{}
	var runnable []*Part
	for _, p := range parts {
		switch tc := p.Mode.Toolchain(); {
		case !have[tc]:
			results[p] = Result{Status: "SKIPPED: no " + tc, NoToolchain: true}
		case noProgram[p] != "":
			results[p] = Result{Status: "SKIPPED: no " + noProgram[p]}
		default:
			runnable = append(runnable, p)
		}
	}
	r := &partRunner{root: root, logDir: logDir, env: append(os.Environ(), env...), out: stdout, t0: t0}
	if jobs >= 2 {
		fmt.Fprintf(stdout, "--- %d parts at a time, one lane per Go toolchain (JOBS=%d)\n", jobs, jobs)
	}
	for p, res := range runAll(ctx, runnable, jobs, r.run) {
		results[p] = res
	}
	stop()
	keep := r.keepLog.Load()
	for _, res := range results {
		keep = keep || res.Status == "FAIL"
	}

	var selection []string
	if quick {
		selection = append(selection, "QUICK=1")
	}
	if partsRE != nil {
		selection = append(selection, "PARTS="+partsRE.String())
	}
	s := &Summary{
		Parts: parts, Results: results, NotRun: notRun, Selection: strings.Join(selection, ", "),
		Wall: time.Since(t0), Jobs: jobs, LogDir: logDir,
		AllowMissing: os.Getenv("ALLOW_MISSING_TOOLCHAIN") != "",
		Interrupted:  ctx.Err() != nil,
	}
	code := s.Write(stdout, stderr)
	if !keep {
		os.RemoveAll(logDir)
	}
	return code
}
