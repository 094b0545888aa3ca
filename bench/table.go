package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/safejson/safejson"
	"github.com/safejson/safejson/internal/engine"
	"github.com/safejson/safejson/internal/plan"
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
	// LoadEnd is the 1-minute load average when the run ended (Machine.Load
	// is the one at its start); nil where there is none.
	LoadEnd *float64 `json:"load_avg_1m_end,omitempty"`
	Rows    []Row    `json:"rows"`
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
	// Route is the way After took on the case, read from safejson.ReadStats
	// around one call made after the timed runs (afterRoute).
	Route *Route `json:"after_route,omitempty"`
	// Notes are the warnings found while checking outputs; none is expected.
	Notes []string `json:"notes,omitempty"`
}

// Route is the way one safejson call took, as its counters say: which
// encoder wrote the bytes and, when the value went elsewhere than its first
// route, why (the keys of safejson.Stats' Encodes and EncodeFallbacks).
type Route struct {
	// Wrote is the encoder that wrote the bytes: an engine, or "safe" (the
	// reference encoder, Before's code).
	Wrote string `json:"wrote"`
	// Fallback is why the value left its first route: "rejected",
	// "panicked", "quirk" or "prescan"; "" when it did not.
	Fallback string `json:"fallback,omitempty"`
}

func (r Route) String() string {
	if r.Fallback == "" {
		return r.Wrote
	}
	return r.Wrote + " (" + r.Fallback + ")"
}

// afterRoute calls marshal once and returns the route its safejson call took.
// The counters, once on, stay on: it is called after every timed run.
func afterRoute(marshal func() ([]byte, error)) *Route {
	before := safejson.ReadStats()
	if _, err := call(marshal); isPanic(err) {
		return nil
	}
	after := safejson.ReadStats()
	grew := func(b, a map[string]uint64) string {
		var keys []string
		for k, n := range a {
			if n > b[k] {
				keys = append(keys, k)
			}
		}
		slices.Sort(keys)
		return strings.Join(keys, "+")
	}
	r := &Route{Wrote: grew(before.Encodes, after.Encodes), Fallback: grew(before.EncodeFallbacks, after.EncodeFallbacks)}
	if r.Wrote == "" {
		return nil
	}
	return r
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
	// The routes last: counting, once on, costs every later call a little.
	for i, c := range cfg.Cases {
		if rep.Rows[i].After.ok() {
			rep.Rows[i].Route = afterRoute(encoders(c, cfg.Engine)[encAfter].marshal)
		}
	}
	if l := loadAvg(); l >= 0 {
		rep.LoadEnd = &l
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
// then what the columns mean, the machine's load, a footnote on every row
// where After is slower than Before, and the warnings.
func writeMarkdown(w io.Writer, rep Report) {
	fmt.Fprintf(w, "%s\n\n", rep.Machine.Line())
	fmt.Fprintf(w, "Median of %d runs, each a batch of about %s; %s. KB = 1024 bytes.\n\n",
		rep.Runs, time.Duration(rep.BatchNs), clockNote(rep.Clock))
	fmt.Fprintf(w, "| Case | Size | Before | After | Speedup | Raw engine (%s) | encoding/json | After / raw | Allocs/op (After) |\n", rep.Machine.Engine)
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|---:|---:|---:|")
	var notes footnotes
	for _, r := range rep.Rows {
		name := r.Case
		if len(r.Notes) > 0 {
			name = "⚠ " + name
		}
		name += notes.mark(slowerReason(r))
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
			cell(name), formatSize(r.Size, r.After.ok()),
			timeCell(&r.Before, true), timeCell(&r.After, true), formatRatio(r.Speedup),
			timeCell(&r.Engine, true), timeCell(&r.Std, false),
			formatRatio(r.AfterVsEngine), formatAllocs(r.AllocsPerOp, r.After.ok()))
	}
	fmt.Fprintf(w, "\n**Before**: the reference encoder alone (package `safe`: a safe encoder without a fast path). "+
		"**After**: safejson (`safejson.Marshal`: the plan, the engine, and the reference encoder where the engine cannot or must not write the value). "+
		"**Speedup**: Before's time over After's (below 1×: After is slower, see the note). "+
		"**Raw engine**: %s alone, with no fallback; *rejects*: it returns an error, timed to the error. "+
		"**encoding/json**: the toolchain's; *error*: timed to the error. "+
		"**After / raw**: After's time over the raw engine's, where the engine writes the value: what safejson adds to the engine (1.0×: nothing). "+
		"**Allocs/op**: After's heap allocations per call.\n", rep.Machine.Engine)
	if load := loadNote(rep); load != "" {
		fmt.Fprintf(w, "\n%s\n", load)
	}
	notes.write(w)
	var warnings []string
	for _, r := range rep.Rows {
		for _, n := range r.Notes {
			warnings = append(warnings, fmt.Sprintf("- **WARNING** %s: %s", r.Case, cell(n)))
		}
	}
	if len(warnings) > 0 {
		fmt.Fprintf(w, "\n%s\n", strings.Join(warnings, "\n"))
	}
}

// footnotes are the notes of a table, each written once and marked on every
// row it explains.
type footnotes []string

// mark returns the mark of note, adding it the first time; "" for no note.
func (f *footnotes) mark(note string) string {
	if note == "" {
		return ""
	}
	n := slices.Index(*f, note)
	if n < 0 {
		*f = append(*f, note)
		n = len(*f) - 1
	}
	return footnoteMark(n + 1)
}

// write writes the notes under a table, a paragraph each.
func (f footnotes) write(w io.Writer) {
	for _, note := range f.all() {
		fmt.Fprintf(w, "\n%s\n", note)
	}
}

// all returns the notes with their marks.
func (f footnotes) all() []string {
	out := make([]string, len(f))
	for i, note := range f {
		out[i] = footnoteMark(i+1) + " " + note
	}
	return out
}

// footnoteMark is the mark of the nth footnote: ¹, ², … ¹⁰ ….
func footnoteMark(n int) string {
	const digits = "⁰¹²³⁴⁵⁶⁷⁸⁹"
	var b strings.Builder
	for _, d := range strconv.Itoa(n) {
		b.WriteString(string([]rune(digits)[d-'0']))
	}
	return b.String()
}

// loadNote says how busy the machine was: the load average at the start and
// at the end of the run, against its cores, and what that does to the clock
// the run used. "" where there is no load average.
func loadNote(rep Report) string {
	m := rep.Machine
	if m.Load < 0 {
		return ""
	}
	s := fmt.Sprintf("Load average %.2f at the start", m.Load)
	peak := m.Load
	if rep.LoadEnd != nil {
		s += fmt.Sprintf(", %.2f at the end", *rep.LoadEnd)
		peak = max(peak, *rep.LoadEnd)
	}
	s += fmt.Sprintf(", on %d cores", m.Cores)
	busy := peak >= 0.5*float64(m.Cores)
	switch {
	case busy && rep.Clock == "wall":
		return "**Loaded machine, wall-clock times.** " + s + ": other processes had the CPU part of the time, and elapsed times count the waits. " +
			"Rerun with the default clock (process CPU time) or on a quiet machine."
	case busy:
		return s + ": other processes were running. Process CPU time counts this process's work only, so the load moves these figures less than elapsed ones, " +
			"though the caches and the cores' clock are shared: read ratios near 1.0× as even."
	default:
		return s + ": a quiet machine."
	}
}

// slowerReason is the footnote of a row where After is slower than Before:
// the route After took (Row.Route) and why that route costs more than
// Before's. "" for a row where After is not slower. Rows with the same
// reason share the footnote.
func slowerReason(r Row) string {
	if r.Speedup <= 0 || r.Speedup >= 1 {
		return ""
	}
	if r.Route == nil {
		return "After slower than Before; the route it took is not in this saved run."
	}
	head := "route `" + r.Route.String() + "`: "
	if r.Route.Wrote != "safe" {
		if r.Engine.ok() && r.Engine.Ns > r.Before.Ns {
			return head + "the engine wrote the value, and the raw engine too is slower than the reference encoder on it."
		}
		return head + "the engine wrote the value at about the raw engine's speed: After against Before is within this run's noise (`-json` has every run's time)."
	}
	const ref = "the reference encoder (Before's code)"
	switch r.Route.Fallback {
	case "prescan":
		return head + "the pre-scan found a cycle, or nesting deeper than an engine goes, and " + ref + " wrote the value: " +
			"After is Before plus the pre-scan, the price of never handing such a value to an engine, which fails on it (on a cycle, after a search that costs far more than the reference encoder's whole write)."
	case "rejected":
		return head + "the engine tried the value and rejected it (a NaN, a func …), then " + ref + " wrote it: After is Before plus the failed attempt."
	case "quirk":
		return head + "the engines reject this type or write other bytes for it, so " + ref + " writes it with no engine attempt: " +
			"After is Before plus the plan's look-up."
	case "":
		if r.Engine.NA != "" {
			return head + "only " + ref + " calls a replacer: After is Before plus the plan's look-up."
		}
		return head + "decoded JSON's shape (`map[string]any`, `[]any` …) holding more than " + strconv.Itoa(plan.MaxDecodedMembers) +
			" map members goes to " + ref + ", which writes it faster than the engines: " +
			"After is Before plus the member count that decides it."
	}
	return head + ref + " wrote the value after a fallback: After is Before plus what led there."
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
