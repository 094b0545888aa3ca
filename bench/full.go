//go:build bench_full

package main

import (
	"io"
	"os"
	"time"
)

// runFull runs what needs the peer libraries, the corpus or the HTTP servers:
// -load, -http, -text and -corpus.
var runFull = func(f fullFlags, stdout, stderr io.Writer) error {
	switch {
	case f.LoadServe != "":
		return serveLoad(f.LoadServe, f.LoadLife, os.Stdin, stdout)
	case f.Load:
		return loadCommand(loadCommandConfig{
			Duration: f.Duration, DurationSet: f.DurationSet, Warmup: f.Warmup, Conns: f.Conns, ConnsSet: f.ConnsSet,
			Threads: f.Threads, Server: f.Server, Check: f.Check, MaxGrowth: f.MaxGrowth, JSON: f.JSON, From: f.From,
		}, stdout, stderr)
	case f.HTTP:
		c, err := routeCase(f.Route)
		if err != nil {
			return err
		}
		rep, err := runHTTP(httpConfig{
			Case: c, Engine: f.Engine, Duration: f.Duration, Rounds: f.Rounds, Conns: f.Conns,
			Warmup: min(f.Duration/10, 500*time.Millisecond), Progress: stderr,
		})
		if err != nil {
			return err
		}
		if f.JSON {
			return writeJSON(stdout, rep)
		}
		writeHTTPMarkdown(stdout, rep)
		return nil
	case f.Text:
		return runText(textConfig{Case: f.Case, Engine: f.Engine, Runs: f.Runs, Batch: f.Batch, Clock: f.Clock}, stdout, stderr)
	default: // -corpus, or -from a saved corpus run
		return runCorpusCommand(corpusCommand{
			From: f.From, Case: f.Case, Engine: f.Engine, Runs: f.Runs, Batch: f.Batch, Clock: f.Clock,
			JSON: f.JSON, Chart: f.Chart,
		}, stdout, stderr)
	}
}
