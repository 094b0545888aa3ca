package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"github.com/safejson/safejson/internal/engine"
)

// fullTag is the build tag that compiles the features needing the peer
// libraries (sonic and goccy called directly, segmentio/encoding,
// json-iterator), the json/v2 corpus (zstd) or HTTP servers (gin): -load,
// -http, -text and -corpus. The default build leaves them out, so that
// `go run ./bench` downloads and compiles safejson and its engines only.
const fullTag = "bench_full"

// routeNames are what -http -route can return: the seed's 20 objects, or a
// file of the json/v2 corpus typed (routeCase; TestRouteNames checks the list).
var routeNames = []string{"items-20", "canada_geometry", "citm_catalog", "golang_source", "string_escaped", "string_unicode", "synthea_fhir", "twitter_status"}

// loadServerNames are the servers of the load test: framework × codec.
var loadServerNames = []string{"gin/encoding-json", "gin/safejson", "net-http/encoding-json", "net-http/safejson"}

// corpusKind is CorpusReport.Kind: a run saved with -corpus -json.
const corpusKind = "corpus"

// fullFlags are the flags of the features of the bench_full build.
type fullFlags struct {
	Load      bool
	LoadServe string
	LoadLife  time.Duration
	HTTP      bool
	Text      bool
	Corpus    bool

	Duration    time.Duration
	DurationSet bool
	Warmup      time.Duration
	Conns       int
	ConnsSet    bool
	Threads     int
	Server      string
	Check       bool
	MaxGrowth   int64
	JSON        bool
	From        string
	Case        string
	Chart       string
	Route       string
	Rounds      int

	Engine engine.Engine
	Runs   int
	Batch  time.Duration
	Clock  clock
}

// exitStatus is the exit status of a command run for this one: main exits
// with it, the command having said why.
type exitStatus int

func (e exitStatus) Error() string { return fmt.Sprintf("exit status %d", int(e)) }

// delegateFull runs the command with args in the bench_full build: `go run
// -tags bench_full DIR args`, DIR this package's source directory, with the
// build tags this binary was built with added.
func delegateFull(args []string, stdout, stderr io.Writer) error {
	dir, err := sourceDir()
	if err != nil {
		return fmt.Errorf("bench: this flag needs the bench_full build: go run -tags %s ./bench %s (%v)", fullTag, strings.Join(args, " "), err)
	}
	tags := fullTag
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			if s.Key == "-tags" && s.Value != "" {
				tags += "," + s.Value
			}
		}
	}
	goArgs := append([]string{"run", "-tags", tags, dir}, args...)
	fmt.Fprintf(stderr, "bench: %s needs the peer libraries, the corpus or the servers: running go %s (the first time, the go command downloads and compiles them)\n",
		fullFlagNames(args), strings.Join(goArgs, " "))
	cmd := exec.Command("go", goArgs...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, stdout, stderr
	if err := cmd.Run(); err != nil {
		if ee := (*exec.ExitError)(nil); errors.As(err, &ee) && ee.ExitCode() > 0 {
			return exitStatus(ee.ExitCode())
		}
		return fmt.Errorf("bench: go run -tags %s: %w", tags, err)
	}
	return nil
}

// fullFlagNames returns the flags of args that need the bench_full build.
func fullFlagNames(args []string) string {
	var names []string
	for _, a := range args {
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		switch name {
		case "load", "load-serve", "http", "text", "corpus", "from":
			if strings.HasPrefix(a, "-") {
				names = append(names, "-"+name)
			}
		}
	}
	return strings.Join(names, " ")
}

// sourceDir returns the directory of this package's source files, where the
// go command finds it for `go run`.
func sourceDir() (string, error) {
	_, file, _, ok := runtime.Caller(0)
	if ok && filepath.IsAbs(file) {
		dir := filepath.Dir(file)
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
	}
	out, err := exec.Command("go", "list", "-f", "{{.Dir}}", "github.com/safejson/safejson/bench").Output()
	if err != nil {
		return "", fmt.Errorf("the bench's source directory is not known (built with -trimpath?) and go list cannot find it: %w", err)
	}
	return strings.TrimSpace(string(out)), nil
}
