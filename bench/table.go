package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/safejson/safejson/internal/engine"
)

// tableConfig says what runTable measures and how long.
type tableConfig struct {
	Cases  []Case
	Engine engine.Engine
	// Runs is the number of timed batches per encoder; the median is reported.
	Runs int
	// Batch is the calibrated duration of one batch.
	Batch time.Duration
	// Clock times the batches; the zero value means wallClock.
	Clock clock
	// Progress receives one line per step; nil for none.
	Progress io.Writer
}

// clock returns the configured clock, wallClock by default.
func (cfg tableConfig) clock() clock {
	if cfg.Clock.now == nil {
		return wallClock
	}
	return cfg.Clock
}

// Report is the result of the table: the machine and one row per case.
type Report struct {
	Machine Machine `json:"machine"`
	Runs    int     `json:"runs"`
	BatchNs int64   `json:"batch_ns"`
	// Clock is what the times measure: "wall" (elapsed) or "cpu" (process CPU
	// time, garbage collector included).
	Clock string `json:"clock"`
	Rows  []Row  `json:"rows"`
}

// Row holds every figure of one case.
type Row struct {
	Case string `json:"case"`
	Slug string `json:"slug"`
	// Size is the length of After's output in bytes.
	Size   int    `json:"size_bytes"`
	Before Result `json:"before"`
	After  Result `json:"after"`
	Engine Result `json:"engine"`
	Std    Result `json:"std"`
	// Speedup is Before's time over After's, 0 when either failed.
	Speedup float64 `json:"speedup,omitempty"`
	// AfterVsEngine is After's time over the raw engine's, 0 when the engine
	// failed or does not apply.
	AfterVsEngine float64 `json:"after_vs_engine,omitempty"`
	// AllocsPerOp and BytesPerOp are After's heap allocations per call.
	AllocsPerOp float64 `json:"after_allocs_per_op"`
	BytesPerOp  float64 `json:"after_bytes_per_op"`
	// Notes are the warnings found while checking outputs; none is expected.
	Notes []string `json:"notes,omitempty"`
}

// Result is one encoder's figures on one case.
type Result struct {
	// Ns is the median time per call, in nanoseconds; for a failing encoder, the
	// time to its error.
	Ns float64 `json:"ns_per_op,omitempty"`
	// MinNs is the fastest run's time per call: on a busy machine, the least
	// disturbed one.
	MinNs float64 `json:"min_ns_per_op,omitempty"`
	// RunsNs are the times per call of every run.
	RunsNs []float64 `json:"runs_ns_per_op,omitempty"`
	// Iterations is the calls per run.
	Iterations int `json:"iterations_per_run,omitempty"`
	// Err is the encoder's error, if any.
	Err string `json:"error,omitempty"`
	// Rejected says the error is an *engine.Rejected.
	Rejected bool `json:"rejected,omitempty"`
	// NA, when set, says why the encoder does not apply to the case.
	NA string `json:"not_applicable,omitempty"`
	// Out is the encoder's output.
	Out []byte `json:"-"`
}

// ok reports whether the encoder ran and succeeded.
func (r Result) ok() bool { return r.NA == "" && r.Err == "" }

// results returns the row's results in encoder order.
func (r *Row) results() [numEncoders]*Result {
	return [numEncoders]*Result{encBefore: &r.Before, encAfter: &r.After, encEngine: &r.Engine, encStd: &r.Std}
}

// runTable encodes every case with every encoder, checks the outputs agree, then
// times them.
func runTable(cfg tableConfig) Report {
	cfg.Clock = cfg.clock()
	rep := Report{Machine: currentMachine(cfg.Engine), Runs: cfg.Runs, BatchNs: cfg.Batch.Nanoseconds(), Clock: cfg.Clock.name}
	for i, c := range cfg.Cases {
		if cfg.Progress != nil {
			fmt.Fprintf(cfg.Progress, "bench: [%d/%d] %s\n", i+1, len(cfg.Cases), c.Name)
		}
		row := runCase(c, cfg)
		if cfg.Progress != nil {
			for _, n := range row.Notes {
				fmt.Fprintf(cfg.Progress, "bench: WARNING: %s: %s\n", c.Name, n)
			}
		}
		rep.Rows = append(rep.Rows, row)
	}
	return rep
}

// runCase fills one row.
func runCase(c Case, cfg tableConfig) Row {
	row := Row{Case: c.Name, Slug: c.Slug}
	encs := encoders(c, cfg.Engine)
	res := row.results()
	marshals := make([]func() ([]byte, error), numEncoders)
	for i, e := range encs {
		r := res[i]
		if e.marshal == nil {
			r.NA = e.na
			continue
		}
		out, err := call(e.marshal)
		if err != nil {
			r.Err = err.Error()
			r.Rejected = engine.IsRejected(err)
			if isPanic(err) {
				continue
			}
		} else {
			r.Out = out
		}
		marshals[i] = e.marshal
	}
	row.Size = len(row.After.Out)
	row.Notes = checkOutputs(&row)

	perRun, sizes, panics := timeInterleaved(marshals, cfg.Runs, cfg.Batch, cfg.clock())
	for i, r := range res {
		if panics[i] != nil {
			// It passed once, then panicked: not timed, reported.
			*r = Result{Err: panics[i].Error()}
			row.Notes = append(row.Notes, encoderNames[i]+" panicked while timed: "+r.Err)
			continue
		}
		r.RunsNs = perRun[i]
		r.Ns = median(perRun[i])
		if len(perRun[i]) > 0 {
			r.MinNs = slices.Min(perRun[i])
		}
		r.Iterations = sizes[i]
	}
	if row.After.ok() {
		if err := recovered(func() {
			row.AllocsPerOp, row.BytesPerOp = allocs(encs[encAfter].marshal, sizes[encAfter])
		}); err != nil {
			row.Notes = append(row.Notes, "after panicked while counting allocations: "+err.Error())
		}
	}
	if row.Before.ok() && row.After.ok() && row.After.Ns > 0 {
		row.Speedup = row.Before.Ns / row.After.Ns
	}
	if row.Engine.ok() && row.After.ok() && row.Engine.Ns > 0 {
		row.AfterVsEngine = row.After.Ns / row.Engine.Ns
	}
	return row
}

// checkOutputs returns what is wrong with the row's outputs: After must succeed
// with valid JSON, equal to Before's and, where encoding/json succeeds, to its.
func checkOutputs(row *Row) []string {
	var notes []string
	b, a, e, s := &row.Before, &row.After, &row.Engine, &row.Std
	if !a.ok() {
		notes = append(notes, "After (safejson) failed: "+a.Err)
	} else if !json.Valid(a.Out) {
		notes = append(notes, "After (safejson) wrote invalid JSON")
	}
	if b.Err != "" {
		notes = append(notes, "Before (safe) failed: "+b.Err)
	}
	if a.ok() && b.ok() && !bytes.Equal(a.Out, b.Out) {
		notes = append(notes, "After (safejson) and Before (safe) wrote different bytes: "+firstDiff(a.Out, b.Out))
	}
	if a.ok() && s.ok() && !bytes.Equal(a.Out, s.Out) {
		notes = append(notes, "After (safejson) and encoding/json wrote different bytes: "+firstDiff(a.Out, s.Out))
	}
	if e.ok() && s.ok() && !bytes.Equal(e.Out, s.Out) {
		notes = append(notes, "the raw engine and encoding/json wrote different bytes: "+firstDiff(e.Out, s.Out))
	}
	if e.Err != "" && !e.Rejected {
		notes = append(notes, "the raw engine failed without an *engine.Rejected: "+e.Err)
	}
	return notes
}

// firstDiff describes where x and y first differ.
func firstDiff(x, y []byte) string {
	i := 0
	for i < len(x) && i < len(y) && x[i] == y[i] {
		i++
	}
	around := func(b []byte) string {
		lo, hi := max(0, i-20), min(len(b), i+20)
		return fmt.Sprintf("%q", b[lo:hi])
	}
	return fmt.Sprintf("at byte %d (lengths %d, %d): %s vs %s", i, len(x), len(y), around(x), around(y))
}

// writeMarkdown writes the report as the seed's table, with the extra columns,
// then the warnings.
func writeMarkdown(w io.Writer, rep Report) {
	fmt.Fprintf(w, "%s\n\n", rep.Machine.Line())
	fmt.Fprintf(w, "Median of %d runs, each a batch of about %s; %s. KB = 1024 bytes.\n\n",
		rep.Runs, time.Duration(rep.BatchNs), clockNote(rep.Clock))
	fmt.Fprintf(w, "| Case | Size | Before | After | Speedup | Raw engine (%s) | encoding/json | After / raw | Allocs/op (After) |\n", rep.Machine.Engine)
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|---:|---:|---:|")
	for _, r := range rep.Rows {
		name := r.Case
		if len(r.Notes) > 0 {
			name = "⚠ " + name
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
			cell(name), formatSize(r.Size, r.After.ok()),
			timeCell(&r.Before, true), timeCell(&r.After, true), formatRatio(r.Speedup),
			timeCell(&r.Engine, true), timeCell(&r.Std, false),
			formatRatio(r.AfterVsEngine), formatAllocs(r.AllocsPerOp, r.After.ok()))
	}
	var notes []string
	for _, r := range rep.Rows {
		for _, n := range r.Notes {
			notes = append(notes, fmt.Sprintf("- **WARNING** %s: %s", r.Case, cell(n)))
		}
	}
	if len(notes) > 0 {
		fmt.Fprintf(w, "\n%s\n", strings.Join(notes, "\n"))
	}
}

// clockNote says what the times of a report measure.
func clockNote(name string) string {
	if name == "cpu" {
		return "times are process CPU time per call (garbage collector included), not elapsed time"
	}
	return "times are elapsed (wall) time per call"
}

// timeCell formats one encoder's cell: its time, or what went wrong and how
// long it took to go wrong; the error message itself only when withMessage.
func timeCell(r *Result, withMessage bool) string {
	switch {
	case r.NA != "":
		return "n/a (" + r.NA + ")"
	case r.Err == "":
		return formatDuration(r.Ns)
	case r.Ns == 0: // a panic: never timed
		return cell(shorten(r.Err, 48))
	case r.Rejected:
		return fmt.Sprintf("rejects (%s)", formatDuration(r.Ns))
	case withMessage:
		return fmt.Sprintf("error: %s (%s)", cell(shorten(r.Err, 48)), formatDuration(r.Ns))
	}
	return fmt.Sprintf("error (%s)", formatDuration(r.Ns))
}

// cell escapes what would break a markdown table cell.
func cell(s string) string {
	s = strings.ReplaceAll(s, "|", `\|`)
	return strings.ReplaceAll(s, "\n", " ")
}

// shorten cuts s to at most n runes, marking the cut.
func shorten(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// formatDuration writes ns the way the seed does: µs with one decimal below
// 1 ms (two below 1 µs), whole µs with thousands separators above; ns below
// 0.1 µs.
func formatDuration(ns float64) string {
	us := ns / 1000
	switch {
	case ns <= 0:
		return "—"
	case us < 0.1:
		return fmt.Sprintf("%.0f ns", ns)
	case us < 1:
		return fmt.Sprintf("%.2f µs", us)
	case us < 1000:
		return fmt.Sprintf("%.1f µs", us)
	}
	return thousands(int64(us+0.5)) + " µs"
}

// thousands writes n with commas between groups of three digits.
func thousands(n int64) string {
	s := fmt.Sprint(n)
	if n < 0 {
		return "-" + thousands(-n)
	}
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// formatRatio writes a speedup: one decimal from 1, two significant digits
// below, "—" for none.
func formatRatio(x float64) string {
	switch {
	case x <= 0:
		return "—"
	case x >= 1:
		return fmt.Sprintf("%.1f×", x)
	case x >= 0.01:
		return fmt.Sprintf("%.2f×", x)
	}
	// One significant digit, in plain decimals as the seed writes ~0.00002×.
	return fmt.Sprintf("~%.*f×", int(-math.Floor(math.Log10(x))), x)
}

// formatSize writes n bytes as KB (1024 bytes) with one decimal, or in bytes
// below 1 KB.
func formatSize(n int, ok bool) string {
	switch {
	case !ok:
		return "—"
	case n < 1024:
		return fmt.Sprintf("%d B", n)
	}
	return fmt.Sprintf("%.1f KB", float64(n)/1024)
}

// formatAllocs writes allocations per call, rounded as go test does.
func formatAllocs(x float64, ok bool) string {
	if !ok {
		return "—"
	}
	return fmt.Sprintf("%.0f", x)
}

// formatRatio2 writes a ratio with two decimals, "—" for none.
func formatRatio2(x float64) string {
	if x <= 0 {
		return "—"
	}
	return fmt.Sprintf("%.2f×", x)
}
