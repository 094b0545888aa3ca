// Command report prints safejson's conformance table: every case of the corpus
// (internal/corpus) on package safe alone and on safejson through every engine of
// this build, as markdown, with what each raw engine did, then a one-line
// verdict. It exits 1 when any result is a failure (a difference the cases do
// not list, or a listed one that no longer happens).
//
//	go run ./internal/conformance/cmd/report                   # the table
//	go run ./internal/conformance/cmd/report -docs             # also rewrite docs/differences.md's known-differences section
//	go run ./internal/conformance/cmd/report -engines sonic    # only some engines
//	go run ./internal/conformance/cmd/report -tsv              # one line per result, to compare runs
//	go run ./internal/conformance/cmd/report -skip 'recursive/' # leave out cases (one that crashes an engine)
//	go run ./internal/conformance/cmd/report -hang 0           # no hang guard (default: 1m per encode)
//	go run ./internal/conformance/cmd/report -linked           # then a line per engine linked: name, module, version (go generate ./engine reads them)
//	go run -tags safejson_goccy ./internal/conformance/cmd/report
//	GOTOOLCHAIN=$(go run ./internal/cmd/toolchain 1.27) go run ./internal/conformance/cmd/report -v2  # the json/v2 column
//
// On Go 1.27 (default GOEXPERIMENT) -docs also rewrites docs/conformance-v2.md,
// the json/v2 column.
//
// Run it from the repository (docs/differences.md is found by walking up to
// go.mod).
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	pubengine "github.com/safejson/safejson/engine"
	"github.com/safejson/safejson/internal/conformance"
	"github.com/safejson/safejson/internal/corpus"
	"github.com/safejson/safejson/internal/engine"
)

func main() {
	docs := flag.Bool("docs", false, "rewrite the known-differences section of the repository's docs/differences.md from the cases")
	engines := flag.String("engines", "", "comma-separated engine names to run (default: every engine of this build)")
	tsv := flag.Bool("tsv", false, "print one tab-separated line per result (case, engine, status, raw engine) instead of the table")
	skip := flag.String("skip", "", "leave out the cases whose name matches this regular expression (e.g. one that crashes an engine)")
	tracePath := flag.String("trace", "", "write each case and column to this file before running it (after a crash, its last line names the culprit)")
	hang := flag.Duration("hang", time.Minute, "record an encode still running after this long as hung and go on without it (0: wait for ever); a guard against infinite loops, not a measure of speed")
	linked := flag.Bool("linked", false, "after the table, print `linked: NAME MODULE VERSION` for each engine of this build, its version from the build information")
	v2 := flag.Bool("v2", false, "print the json/v2 column instead: every case × the engines with encoding/json/v2's API × its option sets, against encoding/json/v2 (Go 1.27, default GOEXPERIMENT); with -tsv one line per result")
	flag.Parse()
	if *v2 {
		os.Exit(runV2(*tsv))
	}
	cfg := conformance.Config{HangLimit: *hang}
	if *tracePath != "" {
		f, err := os.Create(*tracePath)
		if err != nil {
			fmt.Fprintln(os.Stderr, "report:", err)
			os.Exit(2)
		}
		defer f.Close()
		cfg.Trace = f
	}
	if *linked {
		defer printLinked()
	}
	if err := run(cfg, *docs, *engines, *tsv, *skip); err != nil {
		fmt.Fprintln(os.Stderr, "report:", err)
		os.Exit(2)
	}
}

func run(cfg conformance.Config, rewriteDocs bool, names string, tsv bool, skip string) error {
	if rewriteDocs {
		path, err := docPath()
		if err != nil {
			return err
		}
		old, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		updated, err := conformance.ReplaceDocSection(old, conformance.DocSection(corpus.Cases()))
		if err != nil {
			return err
		}
		if string(updated) == string(old) {
			fmt.Fprintf(os.Stderr, "%s: known-differences section already up to date\n", path)
		} else if err := os.WriteFile(path, updated, 0o644); err != nil {
			return err
		} else {
			fmt.Fprintf(os.Stderr, "%s: known-differences section rewritten\n", path)
		}
		if err := writeV2Doc(filepath.Dir(filepath.Dir(path))); err != nil {
			return err
		}
	}

	all := engine.All()
	selected := all
	if names != "" {
		selected = nil
		for _, n := range strings.Split(names, ",") {
			i := slices.IndexFunc(all, func(e engine.Engine) bool { return e.Name() == n })
			if i < 0 {
				return fmt.Errorf("no engine %q in this build (it has %s)", n, engineNames(all))
			}
			selected = append(selected, all[i])
		}
	}
	cases := corpus.Cases()
	if skip != "" {
		re, err := regexp.Compile(skip)
		if err != nil {
			return err
		}
		cases = slices.DeleteFunc(slices.Clone(cases), func(c *corpus.Case) bool { return re.MatchString(c.Name) })
		fmt.Fprintf(os.Stderr, "report: -skip %q: %d cases left out\n", skip, len(corpus.Cases())-len(cases))
	}
	results := conformance.RunCases(cases, selected, cfg)
	write := conformance.WriteMarkdown
	if tsv {
		write = conformance.WriteTSV
	}
	if err := write(os.Stdout, results); err != nil {
		return err
	}
	if conformance.Summarize(results).Fail > 0 {
		os.Exit(1)
	}
	return nil
}

// printLinked prints the engines this binary links, as go generate ./engine
// reads them (internal/cmd/verified).
func printLinked() {
	for _, in := range pubengine.Linked() {
		fmt.Printf("linked: %s %s %s\n", in.Engine.Name(), in.Module, in.Version)
	}
}

func engineNames(es []engine.Engine) string {
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return strings.Join(names, ", ")
}

// docPath finds docs/differences.md beside the go.mod of the enclosing module.
func docPath() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "docs", "differences.md"), nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the current directory: run from the repository")
		}
		dir = parent
	}
}
