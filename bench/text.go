//go:build bench_full

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"time"

	"github.com/safejson/safejson"
	"github.com/safejson/safejson/bench/internal/corpus"
	"github.com/safejson/safejson/internal/engine"
)

// textFunc is one of encoding/json's functions on JSON text, as
// encoding/json and as safejson has it, writing into dst.
type textFunc struct {
	name          string
	std, safejson func(dst *bytes.Buffer, src []byte)
}

// textFuncs are Valid, Compact, Indent (a tab per level) and HTMLEscape.
var textFuncs = []textFunc{
	{"Valid", func(_ *bytes.Buffer, src []byte) { json.Valid(src) }, func(_ *bytes.Buffer, src []byte) { safejson.Valid(src) }},
	{"Compact", func(dst *bytes.Buffer, src []byte) { _ = json.Compact(dst, src) }, func(dst *bytes.Buffer, src []byte) { _ = safejson.Compact(dst, src) }},
	{"Indent", func(dst *bytes.Buffer, src []byte) { _ = json.Indent(dst, src, "", "\t") }, func(dst *bytes.Buffer, src []byte) { _ = safejson.Indent(dst, src, "", "\t") }},
	{"HTMLEscape", json.HTMLEscape, safejson.HTMLEscape},
}

// textConfig is what runText measures.
type textConfig struct {
	Case   string // a regexp over "Func/file"
	Engine engine.Engine
	Runs   int
	Batch  time.Duration
	Clock  clock
}

// runText measures encoding/json's and safejson's Valid, Compact, Indent and
// HTMLEscape on each file of the json/v2 corpus, interleaved, and writes the
// table to w (progress to progress).
func runText(cfg textConfig, w, progress io.Writer) error {
	re, err := regexp.Compile(cfg.Case)
	if err != nil {
		return fmt.Errorf("bench: -case: %w", err)
	}
	type row struct {
		fn, file  string
		size      int
		std, safe float64
	}
	var rows []row
	for _, fn := range textFuncs {
		for _, f := range corpus.Files() {
			if !re.MatchString(fn.name + "/" + f.Name) {
				continue
			}
			src, err := corpus.Load(f.Name)
			if err != nil {
				return err
			}
			fmt.Fprintf(progress, "bench: %s/%s\n", fn.name, f.Name)
			var dst bytes.Buffer
			call := func(impl func(*bytes.Buffer, []byte)) func() ([]byte, error) {
				return func() ([]byte, error) { dst.Reset(); impl(&dst, src); return nil, nil }
			}
			perRun, _, panics := timeInterleaved([]func() ([]byte, error){call(fn.std), call(fn.safejson)}, cfg.Runs, cfg.Batch, cfg.Clock)
			for _, p := range panics {
				if p != nil {
					return fmt.Errorf("bench: %s/%s: %w", fn.name, f.Name, p)
				}
			}
			rows = append(rows, row{fn.name, f.Name, len(src), median(perRun[0]), median(perRun[1])})
		}
	}
	fmt.Fprintf(w, "%s\n\n", currentMachine(cfg.Engine).Line())
	fmt.Fprintf(w, "Median of %d interleaved runs, each a batch of about %s; %s; MB/s = 10^6 bytes of input per second. "+
		"Speedup: encoding/json's time over safejson's.\n\n", cfg.Runs, cfg.Batch, clockNote(cfg.Clock.name))
	fmt.Fprintln(w, "| Function | File | Size | encoding/json | safejson | Speedup |")
	fmt.Fprintln(w, "|---|---|---:|---:|---:|---:|")
	for _, r := range rows {
		mbs := func(ns float64) string { return fmt.Sprintf("%.0f MB/s", float64(r.size)/ns*1e3) }
		fmt.Fprintf(w, "| %s | %s | %.0f KB | %s | %s | %.2f× |\n", r.fn, r.file, float64(r.size)/1024, mbs(r.std), mbs(r.safe), r.std/r.safe)
	}
	return nil
}
