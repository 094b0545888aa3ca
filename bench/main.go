// Command bench measures safejson on this machine the way the seed measured its
// Node.js change: a before/after table (package safe alone against safejson with
// its engine), with the raw engine and encoding/json beside them.
//
//	go run ./bench                      # the table, median of 15 runs, process CPU time
//	go run ./bench -clock wall          # elapsed time instead (the table flags a loaded machine)
//	go run ./bench -quick               # a smoke run of a few seconds
//	go run ./bench -chart docs/bench.svg
//	go run ./bench -json > r.json       # every figure, machine-readable
//	go run ./bench -from r.json -chart c.svg   # table and chart of a saved run
//	go run ./bench -engine goccy        # any engine of engine.All()
//	go run ./bench -from r.json -seed   # the seed's Node.js figures beside this run's
//	go run ./bench -markdown docs/benchmarks.md -section table-go1.26
//	                                    # also rewrite that generated section of the docs
//
// The default build needs safejson and its engines only. The features that
// need more are compiled in by the bench_full build tag; the default build
// hands them to it (go run -tags bench_full), so these work as written:
//
//	go run ./bench -corpus              # the json/v2 corpus: safejson against every peer, encode and decode
//	go run ./bench -text                # Valid, Compact, Indent, HTMLEscape against encoding/json's on the corpus
//	go run ./bench -http                # req/s of a route returning 20 objects
//	go run ./bench -http -route citm_catalog   # the route returns citm_catalog typed
//	go run ./bench -load                # wrk through gin and net/http, encoding/json and safejson (docs/load.md)
//	go run -tags bench_full ./bench -load -duration 5s -check   # the short form of scripts/test.sh
//
// Progress goes to stderr, results to stdout.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
	"time"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		var status exitStatus
		switch {
		case errors.As(err, &status):
			os.Exit(int(status))
		case !errors.Is(err, flag.ErrHelp):
			fmt.Fprintln(os.Stderr, err)
		}
		os.Exit(2)
	}
}

// run is the command: it parses args, measures, and writes results to stdout
// and progress to stderr.
func run(args []string, stdout, stderr io.Writer) (err error) {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage of bench: go run ./bench [flags]: the before/after table.\n"+
			"-corpus, -text, -http and -load run in the %s build (peers, corpus, servers), which this command starts for them.\n", fullTag)
		fs.PrintDefaults()
	}
	var (
		engineName = fs.String("engine", "", "engine to measure, one of engine.All() (default engine.Default())")
		asJSON     = fs.Bool("json", false, "write every figure as JSON instead of markdown")
		runs       = fs.Int("runs", 15, "timed batches per encoder and case; the median is reported")
		batch      = fs.Duration("batch", 10*time.Millisecond, "duration of one timed batch, on the clock of -clock")
		clockName  = fs.String("clock", "cpu", "what batches are timed with: cpu (process CPU time, garbage collector included; wall where the OS does not report it) or wall (elapsed time: what a caller waits, the machine's load included)")
		quick      = fs.Bool("quick", false, "smoke run: 3 runs of 1 ms batches; HTTP: 300 ms per encoder")
		chart      = fs.String("chart", "", "also draw the table as an SVG chart into this file")
		caseRE     = fs.String("case", "", "only the cases whose slug or name matches this regexp (with -from: the rows of the saved run)")
		from       = fs.String("from", "", "measure nothing: render the table (and -chart) of a report saved with -json")
		doHTTP     = fs.Bool("http", false, "measure an HTTP route per encoder instead of the table")
		duration   = fs.Duration("duration", 5*time.Second, "HTTP: load time per encoder, split over the rounds")
		conns      = fs.Int("conns", 10, "HTTP: concurrent keep-alive connections of the closed-loop client")
		rounds     = fs.Int("rounds", 3, "HTTP: rounds over the encoders, in rotating order")
		route      = fs.String("route", "items-20", "HTTP: what the route returns: items-20 (the seed's 20 objects), or a corpus file typed: "+strings.Join(routeNames, ", "))
		doText     = fs.Bool("text", false, "measure Valid, Compact, Indent and HTMLEscape against encoding/json's on the json/v2 corpus instead of the table; -case matches Func/file")
		doCorpus   = fs.Bool("corpus", false, "measure the json/v2 corpus (typed and any, encode and decode) against every peer instead of the table; -case matches file/shape")
		mdFile     = fs.String("markdown", "", "also write the markdown tables into this file, between the markers of -section (docs/benchmarks.md)")
		seed       = fs.Bool("seed", false, "print the seed's Node.js figures beside this run's (or a saved run's) Before and After, instead of the table")
		section    = fs.String("section", "", "with -markdown: the section to rewrite, between <!-- BEGIN bench NAME --> and <!-- END bench NAME -->")
		doLoad     = fs.Bool("load", false, "load test: wrk drives gin and net/http servers, each with encoding/json and with safejson, with bad values and hostile bodies mixed in (-duration per server, default 60s; -conns; -server)")
		loadCheck  = fs.Bool("check", false, "load: exit 1 when a safejson server answers wrong, a server crashes, leaks goroutines or grows its RSS by more than -max-growth")
		maxGrowth  = fs.Int64("max-growth", 512, "load -check: MiB of RSS growth after the warm-up that fail it")
		warmup     = fs.Duration("warmup", 0, "load: warm-up per server before the measured load (default duration/6, at most 10s)")
		threads    = fs.Int("threads", 2, "load: wrk threads")
		serverRE   = fs.String("server", "", "load: only the servers whose name matches this regexp, of "+strings.Join(loadServerNames, ", "))
		loadServe  = fs.String("load-serve", "", "internal: run as the load test's server of this name")
		loadLife   = fs.Duration("load-life", 10*time.Minute, "internal: the load test server's lifetime")
	)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("bench: unexpected arguments %q", fs.Args())
	}
	full := *doLoad || *loadServe != "" || *doHTTP || *doText || *doCorpus || (*from != "" && savedKind(*from) == corpusKind)
	if full && runFull == nil {
		// Before -markdown: the bench_full build writes the section itself.
		return delegateFull(args, stdout, stderr)
	}
	switch {
	case (*mdFile == "") != (*section == ""):
		return fmt.Errorf("bench: -markdown and -section go together")
	case *mdFile != "" && *asJSON:
		return fmt.Errorf("bench: -markdown writes markdown: not with -json")
	case *mdFile != "":
		// The tables go to stdout as usual, and into the file's section.
		var buf bytes.Buffer
		out := stdout
		stdout = io.MultiWriter(out, &buf)
		defer func() {
			if err == nil {
				if err = writeSection(*mdFile, *section, buf.Bytes()); err == nil {
					fmt.Fprintf(stderr, "bench: section %s of %s written\n", *section, *mdFile)
				}
			}
		}()
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	ff := fullFlags{
		Load: *doLoad, LoadServe: *loadServe, LoadLife: *loadLife, HTTP: *doHTTP, Text: *doText, Corpus: *doCorpus,
		Duration: *duration, DurationSet: set["duration"], Warmup: *warmup, Conns: *conns, ConnsSet: set["conns"],
		Threads: *threads, Server: *serverRE, Check: *loadCheck, MaxGrowth: *maxGrowth << 20, JSON: *asJSON, From: *from,
		Case: *caseRE, Chart: *chart, Route: *route, Rounds: *rounds,
	}
	if *loadServe != "" || *doLoad {
		return runFull(ff, stdout, stderr)
	}
	if *quick {
		if !set["runs"] {
			*runs = 3
		}
		if !set["batch"] {
			*batch = time.Millisecond
		}
		if !set["duration"] {
			*duration = 300 * time.Millisecond
		}
	}
	switch {
	case *runs < 1:
		return fmt.Errorf("bench: -runs must be at least 1")
	case *batch <= 0, *duration <= 0:
		return fmt.Errorf("bench: -batch and -duration must be positive")
	case *conns < 1 || *conns > 1024:
		return fmt.Errorf("bench: -conns must be in [1, 1024]")
	case *rounds < 1 || *rounds > 100:
		return fmt.Errorf("bench: -rounds must be in [1, 100]")
	}
	eng, err := engineByName(*engineName)
	if err != nil {
		return err
	}
	clk, err := clockByName(*clockName)
	if err != nil && !set["clock"] {
		clk, err = wallClock, nil // the default, where the OS reports no process CPU time
	}
	if err != nil {
		return err
	}

	if full {
		ff.Engine, ff.Runs, ff.Batch, ff.Clock, ff.Duration = eng, *runs, *batch, clk, *duration
		return runFull(ff, stdout, stderr)
	}

	var rep Report
	if *from != "" {
		if rep, err = readReport(*from); err != nil {
			return err
		}
		if rep.Rows, err = selectRows(rep.Rows, *caseRE); err != nil {
			return err
		}
	} else {
		cases, err := selectCases(Cases(), *caseRE)
		if err != nil {
			return err
		}
		rep = runTable(tableConfig{Cases: cases, Engine: eng, Runs: *runs, Batch: *batch, Clock: clk, Progress: stderr})
	}
	if *chart != "" {
		if err := os.WriteFile(*chart, drawChart(rep), 0o644); err != nil {
			return fmt.Errorf("bench: writing the chart: %w", err)
		}
		fmt.Fprintf(stderr, "bench: chart written to %s\n", *chart)
	}
	if *asJSON {
		return writeJSON(stdout, rep)
	}
	if *seed {
		writeSeedMarkdown(stdout, rep)
		return nil
	}
	writeMarkdown(stdout, rep)
	return nil
}

// selectCases keeps the cases whose slug or name matches expr; all for "".
func selectCases(cases []Case, expr string) ([]Case, error) {
	if expr == "" {
		return cases, nil
	}
	re, err := regexp.Compile(expr)
	if err != nil {
		return nil, fmt.Errorf("bench: -case: %w", err)
	}
	var out []Case
	for _, c := range cases {
		if re.MatchString(c.Slug) || re.MatchString(c.Name) {
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("bench: -case %q matches no case", expr)
	}
	return out, nil
}

// selectRows keeps the rows of a saved report whose slug or name matches
// expr; all for "".
func selectRows(rows []Row, expr string) ([]Row, error) {
	if expr == "" {
		return rows, nil
	}
	re, err := regexp.Compile(expr)
	if err != nil {
		return nil, fmt.Errorf("bench: -case: %w", err)
	}
	var out []Row
	for _, r := range rows {
		if re.MatchString(r.Slug) || re.MatchString(r.Case) {
			out = append(out, r)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("bench: -case %q matches no row of the saved run", expr)
	}
	return out, nil
}

// readReport reads a report written by -json.
func readReport(path string) (Report, error) {
	var rep Report
	b, err := os.ReadFile(path)
	if err != nil {
		return rep, fmt.Errorf("bench: -from: %w", err)
	}
	if err := json.Unmarshal(b, &rep); err != nil {
		return rep, fmt.Errorf("bench: -from %s: %w", path, err)
	}
	if len(rep.Rows) == 0 {
		return rep, fmt.Errorf("bench: -from %s: no rows", path)
	}
	return rep, nil
}

// savedKind returns the kind of the report saved at path: corpusKind for the
// corpus tables, "" for the seed's table or a file that cannot be read (which
// readReport then reports).
func savedKind(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	var probe struct {
		Kind string `json:"kind"`
	}
	_ = json.Unmarshal(b, &probe)
	return probe.Kind
}

// writeJSON writes v indented, with a final newline.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
