package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/engine"
	"github.com/safejson/safejson/internal/options"
)

// quickReport runs the whole table once, in the smallest batches, and is shared
// by the tests that look at its rows.
func quickReport(t *testing.T) Report {
	t.Helper()
	return runTable(tableConfig{Cases: Cases(), Engine: engine.Default(), Runs: 2, Batch: time.Millisecond})
}

func TestTableRows(t *testing.T) {
	rep := quickReport(t)
	cases := Cases()
	require.Len(t, rep.Rows, len(cases))
	rows := map[string]Row{}
	for i, row := range rep.Rows {
		require.Equal(t, cases[i].Slug, row.Slug, "rows in case order")
		require.Equal(t, cases[i].Name, row.Case)
		rows[row.Slug] = row
	}
	assert.Equal(t, engine.Default().Name(), rep.Machine.Engine)
	assert.NotEmpty(t, rep.Machine.CPU)

	for _, row := range rep.Rows {
		t.Run(row.Slug, func(t *testing.T) {
			require.Empty(t, row.After.Err, "safejson must not fail on data")
			require.Empty(t, row.Before.Err, "safe must not fail on data")
			assert.True(t, json.Valid(row.After.Out), "After writes valid JSON")
			assert.Equal(t, string(row.Before.Out), string(row.After.Out), "Before and After write the same bytes")
			if row.Std.ok() {
				assert.Equal(t, string(row.Std.Out), string(row.After.Out), "After writes what encoding/json writes")
			}
			assert.Equal(t, len(row.After.Out), row.Size)
			assert.Empty(t, row.Notes)
			for i, r := range row.results() {
				if r.NA != "" {
					continue
				}
				assert.Len(t, r.RunsNs, rep.Runs, encoderNames[i])
				assert.Positive(t, r.Ns, encoderNames[i])
				assert.LessOrEqual(t, r.MinNs, r.Ns, encoderNames[i])
				assert.Positive(t, r.MinNs, encoderNames[i])
				assert.Positive(t, r.Iterations, encoderNames[i])
			}
			assert.Positive(t, row.Speedup)
			// After hands back a fresh slice: at least one allocation, of at least its length.
			assert.GreaterOrEqual(t, row.AllocsPerOp, 1.0)
			assert.GreaterOrEqual(t, row.BytesPerOp, float64(row.Size))
		})
	}

	// The shapes the table stands for.
	assert.InDelta(t, 3100, rows["items-20"].Size, 300, "20 objects are about 3.1 KB, as in the seed")
	assert.InDelta(t, 80*1024, rows["items-500"].Size, 4*1024, "500 objects are about 80 KB")
	assert.JSONEq(t, string(rows["items-20"].After.Out), string(rows["maps-20"].After.Out))
	assert.Equal(t, string(rows["items-20"].After.Out), string(rows["nodes-20"].After.Out))
	assert.Equal(t, `{"a":1}`, string(rows["selfmap"].After.Out), "the cyclic member is omitted")
	redacted := string(rows["replacer-20"].After.Out)
	assert.Equal(t, 20, strings.Count(redacted, `"email":"***"`))
	assert.NotContains(t, redacted, "@example.com")
	for _, slug := range []string{"items-20", "items-500", "maps-20", "nodes-20", "deep-struct-500", "deep-struct-3000", "deep-map-3000"} {
		assert.True(t, rows[slug].Std.ok(), "encoding/json accepts %s", slug)
	}
	for _, slug := range []string{"nan-20", "func-20", "circular-20", "selfmap"} {
		assert.NotEmpty(t, rows[slug].Std.Err, "encoding/json rejects %s", slug)
		assert.Positive(t, rows[slug].Std.Ns, "time to encoding/json's error is measured")
	}
	assert.Equal(t, "no replacer", rows["replacer-20"].Engine.NA)
	assert.Equal(t, "no replacer", rows["replacer-20"].Std.NA)

	// The routes After took, which the footnotes of slower rows are written from.
	for _, row := range rep.Rows {
		require.NotNil(t, row.Route, row.Slug)
	}
	assert.NotEqual(t, "safe", rows["items-20"].Route.Wrote, "plain data goes to an engine")
	assert.Equal(t, Route{Wrote: "safe", Fallback: "prescan"}, *rows["selfmap"].Route, "a cycle never goes to an engine")
	assert.Equal(t, Route{Wrote: "safe"}, *rows["replacer-20"].Route, "only the reference encoder calls a replacer")
	if rep.Machine.Load >= 0 {
		require.NotNil(t, rep.LoadEnd, "the load at the end is read where the one at the start is")
		assert.GreaterOrEqual(t, *rep.LoadEnd, 0.0)
	}
}

// TestTableExplainsItself: under the table, what each column means, the
// load and what it does to the clock used, and one footnote per reason
// After is slower than Before on a row, shared by the rows it explains.
func TestTableExplainsItself(t *testing.T) {
	load := func(l float64) *float64 { return &l }
	row := func(name string, before, after float64, route *Route) Row {
		return Row{Case: name, Size: 10, Before: Result{Ns: before}, After: Result{Ns: after}, Engine: Result{Err: "rejected", Rejected: true, Ns: 1000},
			Std: Result{Err: "json: unsupported value", Ns: 500}, Speedup: before / after, Route: route}
	}
	prescan := &Route{Wrote: "safe", Fallback: "prescan"}
	rep := Report{
		Machine: Machine{CPU: "test CPU", Cores: 2, GOMAXPROCS: 2, Go: "go1.26", GOOS: "linux", GOARCH: "amd64", Engine: "sonic", Load: 0.2},
		Runs:    15, BatchNs: 20e6, Clock: "cpu", LoadEnd: load(0.3),
		Rows: []Row{
			row("faster", 200, 100, &Route{Wrote: "sonic"}),
			row("cycle", 100, 150, prescan),
			row("chosen", 100, 110, &Route{Wrote: "safe"}),
			row("deep", 400, 500, prescan),
			row("quirk", 100, 101, &Route{Wrote: "safe", Fallback: "quirk"}),
			row("saved before routes", 100, 120, nil),
		},
	}
	var b strings.Builder
	writeMarkdown(&b, rep)
	md := b.String()
	assert.Contains(t, md, "| faster | ")
	assert.Contains(t, md, "| cycle¹ | ")
	assert.Contains(t, md, "| chosen² | ")
	assert.Contains(t, md, "| deep¹ | ", "one footnote per reason")
	assert.Contains(t, md, "| quirk³ | ")
	assert.Contains(t, md, "| saved before routes⁴ | ")
	assert.Contains(t, md, "\n¹ route `safe (prescan)`: the pre-scan found a cycle")
	assert.Contains(t, md, "\n² route `safe`: decoded JSON's shape")
	assert.Contains(t, md, "\n³ route `safe (quirk)`: ")
	assert.Contains(t, md, "\n⁴ After slower than Before; the route it took is not in this saved run.")
	assert.NotContains(t, md, "⁵")
	for _, col := range []string{"**Before**", "**After**", "**Speedup**", "**Raw engine**", "**encoding/json**", "**After / raw**", "**Allocs/op**"} {
		assert.Contains(t, md, col, "the legend names every column")
	}
	assert.Contains(t, md, "times are process CPU time per call")
	assert.Contains(t, md, "Load average 0.20 at the start, 0.30 at the end, on 2 cores: a quiet machine.")

	rep.LoadEnd = load(3.1)
	b.Reset()
	writeMarkdown(&b, rep)
	assert.Contains(t, b.String(), "Load average 0.20 at the start, 3.10 at the end, on 2 cores: other processes were running. Process CPU time")
	rep.Clock = "wall"
	b.Reset()
	writeMarkdown(&b, rep)
	assert.Contains(t, b.String(), "**Loaded machine, wall-clock times.** Load average 0.20 at the start, 3.10 at the end, on 2 cores")
	assert.Contains(t, b.String(), "times are elapsed (wall) time per call")

	assert.Equal(t, "¹", footnoteMark(1))
	assert.Equal(t, "¹²", footnoteMark(12))
	assert.Equal(t, "¹⁰", footnoteMark(10))
}

func TestDefaultClockIsCPU(t *testing.T) {
	if _, ok := processCPUTime(); !ok {
		t.Skip("SKIPPED: this OS reports no process CPU time: the default clock is wall")
	}
	var stdout bytes.Buffer
	require.NoError(t, run([]string{"-quick", "-runs", "1", "-case", "^selfmap$", "-json"}, &stdout, io.Discard))
	var rep Report
	require.NoError(t, json.Unmarshal(stdout.Bytes(), &rep))
	assert.Equal(t, "cpu", rep.Clock)
}

func TestCommandQuickJSONAndChart(t *testing.T) {
	chart := filepath.Join(t.TempDir(), "bench.svg")
	var stdout, stderr bytes.Buffer
	err := run([]string{"-quick", "-runs", "1", "-case", "^(items-20|selfmap|replacer-20)$", "-json", "-chart", chart}, &stdout, &stderr)
	require.NoError(t, err, stderr.String())

	var rep Report
	require.NoError(t, json.Unmarshal(stdout.Bytes(), &rep))
	require.Len(t, rep.Rows, 3)
	assert.Equal(t, []string{"items-20", "replacer-20", "selfmap"}, []string{rep.Rows[0].Slug, rep.Rows[1].Slug, rep.Rows[2].Slug})
	assert.Equal(t, 1, rep.Runs)
	assert.Contains(t, stderr.String(), "bench: [3/3] {a, self} circular (fallback)")

	svg, err := os.ReadFile(chart)
	require.NoError(t, err)
	requireWellFormedXML(t, svg)

	// -from renders the same chart and the table of the saved report.
	saved := filepath.Join(t.TempDir(), "r.json")
	require.NoError(t, os.WriteFile(saved, stdout.Bytes(), 0o644))
	chart2 := filepath.Join(t.TempDir(), "again.svg")
	var md bytes.Buffer
	require.NoError(t, run([]string{"-from", saved, "-chart", chart2}, &md, io.Discard))
	svg2, err := os.ReadFile(chart2)
	require.NoError(t, err)
	assert.Equal(t, string(svg), string(svg2))
	assert.Regexp(t, `\| \{a, self\} circular \(fallback\)[¹²³⁴⁵⁶⁷⁸⁹⁰]* \| 7 B \| `, md.String())
	assert.Error(t, run([]string{"-from", filepath.Join(t.TempDir(), "missing.json")}, io.Discard, io.Discard))
	for _, want := range []string{"20 objects", "{a, self} circular (fallback)", "n/a (no replacer)", rep.Machine.CPU} {
		assert.Contains(t, string(svg), want)
	}
	// Four bars for a case every encoder runs, two for the replacer case.
	bar := fmt.Sprintf("<rect x=\"%d.0\"", chartLabelWidth(rep))
	assert.Equal(t, 4+2+4-countNonPositive(rep), strings.Count(string(svg), bar))
}

// countNonPositive counts the results of rep that have no time to draw.
func countNonPositive(rep Report) int {
	n := 0
	for _, row := range rep.Rows {
		for _, r := range row.results() {
			if r.NA == "" && r.Ns <= 0 {
				n++
			}
		}
	}
	return n
}

func requireWellFormedXML(t *testing.T, doc []byte) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(doc))
	for {
		_, err := dec.Token()
		if errors.Is(err, io.EOF) {
			return
		}
		require.NoError(t, err)
	}
}

func TestCommandMarkdown(t *testing.T) {
	var stdout, stderr bytes.Buffer
	require.NoError(t, run([]string{"-quick", "-runs", "1", "-case", "items-20"}, &stdout, &stderr), stderr.String())
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	require.GreaterOrEqual(t, len(lines), 5)
	assert.True(t, strings.HasPrefix(lines[0], "Machine: "), lines[0])
	assert.Contains(t, lines[0], "engine "+engine.Default().Name())
	assert.True(t, strings.HasPrefix(lines[4], "| Case | Size | Before | After | Speedup |"), lines[4])
	row := lines[6]
	assert.Regexp(t, `^\| 20 objects[¹²³⁴⁵⁶⁷⁸⁹⁰]* \| 3.2 KB \| `, row, "a footnote mark where a noisy quick run times After slower")
	assert.Equal(t, 10, strings.Count(row, "|"), row)
	assert.NotContains(t, stdout.String(), "WARNING")
}

func TestCommandRejectsBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-engine", "no-such-engine"},
		{"-runs", "0"},
		{"-case", "no-such-case"},
		{"-case", "("},
		{"-conns", "0"},
		{"-clock", "sundial"},
		{"stray"},
	} {
		err := run(args, io.Discard, io.Discard)
		assert.Error(t, err, "%q", args)
	}
}

func TestEngineByName(t *testing.T) {
	for _, e := range engine.All() {
		got, err := engineByName(e.Name())
		require.NoError(t, err)
		assert.Equal(t, e.Name(), got.Name())
	}
	def, err := engineByName("")
	require.NoError(t, err)
	assert.Equal(t, engine.Default().Name(), def.Name())
	assert.True(t, planFor(def).IsZero(), "the default engine is measured as the default plan")
	for _, e := range engine.All()[1:] {
		assert.Equal(t, e.Name(), planFor(e).Name(), "another engine is measured alone")
	}
}

func TestFormats(t *testing.T) {
	for ns, want := range map[float64]string{
		29_600:        "29.6 µs",
		887_700:       "887.7 µs",
		12_471_000:    "12,471 µs",
		300:           "0.30 µs",
		1_500:         "1.5 µs",
		45:            "45 ns",
		1_234_567_000: "1,234,567 µs",
	} {
		assert.Equal(t, want, formatDuration(ns), "%v ns", ns)
	}
	for x, want := range map[float64]string{6.3: "6.3×", 0.95: "0.95×", 0.34: "0.34×", 0.0000241: "~0.00002×", 0: "—"} {
		assert.Equal(t, want, formatRatio(x), "%v", x)
	}
	assert.Equal(t, "3.2 KB", formatSize(3261, true))
	assert.Equal(t, "—", formatSize(0, false))
	assert.Equal(t, "7 B", formatSize(7, true))
	assert.Equal(t, "10 µs", decadeLabel(4))
	assert.Equal(t, "100 ns", decadeLabel(2))
	assert.Equal(t, "1 ms", decadeLabel(6))
	assert.Equal(t, `a \| b`, cell("a | b"))
	assert.Equal(t, "abc…", shorten("abcdef", 4))
	assert.Equal(t, 2.5, median([]float64{4, 1, 2, 3}))
	assert.Equal(t, 3.0, median([]float64{5, 1, 3}))
}

func TestCheckOutputsFlagsDifferences(t *testing.T) {
	row := Row{
		Before: Result{Out: []byte(`{"a":1}`)},
		After:  Result{Out: []byte(`{"a":2}`)},
		Engine: Result{Err: "boom"},
		Std:    Result{Out: []byte(`{"a":1}`)},
	}
	notes := checkOutputs(&row)
	require.Len(t, notes, 3, notes)
	assert.Contains(t, notes[0], "After (safejson) and Before (safe) wrote different bytes: at byte 5")
	assert.Contains(t, notes[1], "encoding/json")
	assert.Contains(t, notes[2], "without an *engine.Rejected")

	row = Row{After: Result{Err: "json: unsupported value: NaN"}, Before: Result{Out: []byte(`[]`)}}
	notes = checkOutputs(&row)
	require.Len(t, notes, 1)
	assert.Contains(t, notes[0], "After (safejson) failed")
}

func TestCallRecoversPanics(t *testing.T) {
	_, err := call(func() ([]byte, error) { panic("boom") })
	require.Error(t, err)
	assert.True(t, isPanic(err))
	assert.Equal(t, "panic: boom", err.Error())

	// A panicking encoder is reported in its cell and never timed.
	c := Case{Name: "x", Slug: "x", Value: 1}
	row := runCase(c, tableConfig{Engine: panicEngine{engine.Default()}, Runs: 1, Batch: time.Millisecond})
	assert.Equal(t, "panic: engine exploded", row.Engine.Err)
	assert.Zero(t, row.Engine.Ns)
	assert.Equal(t, "panic: engine exploded", timeCell(&row.Engine, true))
	assert.Equal(t, "1", string(row.Std.Out), "the other encoders still run")
}

func TestPanicWhileTimedStopsOnlyThatEncoder(t *testing.T) {
	calls := 0
	late := func() ([]byte, error) {
		calls++
		if calls > 3 {
			panic("exploded late")
		}
		return nil, nil
	}
	fine := func() ([]byte, error) { return []byte("1"), nil }
	perRun, sizes, panics := timeInterleaved([]func() ([]byte, error){late, nil, fine}, 3, time.Millisecond, wallClock)
	require.Error(t, panics[0])
	assert.Equal(t, "panic: exploded late", panics[0].Error())
	assert.NoError(t, panics[1])
	assert.NoError(t, panics[2])
	assert.Nil(t, perRun[1])
	assert.Zero(t, sizes[1])
	assert.Len(t, perRun[2], 3, "the other encoders are still timed")
	assert.Positive(t, sizes[2])
}

// panicEngine is an engine whose Append panics.
type panicEngine struct{ engine.Engine }

func (panicEngine) Append([]byte, any, options.Output) ([]byte, error) { panic("engine exploded") }

func TestCPUClock(t *testing.T) {
	clk, err := clockByName("cpu")
	require.NoError(t, err, "Linux reports process CPU time")
	assert.Equal(t, "cpu", clk.name)
	before, ok := processCPUTime()
	require.True(t, ok)
	now := clk.now()
	after, _ := processCPUTime()
	assert.LessOrEqual(t, before, now, "the cpu clock reads the process CPU time")
	assert.LessOrEqual(t, now, after, "the cpu clock reads the process CPU time")
	wall, err := clockByName("wall")
	require.NoError(t, err)
	assert.Equal(t, "wall", wall.name)
	_, err = clockByName("sundial")
	assert.EqualError(t, err, `bench: -clock "sundial": want wall or cpu`)

	var stdout bytes.Buffer
	require.NoError(t, run([]string{"-quick", "-runs", "1", "-case", "^items-20$", "-clock", "cpu", "-json"}, &stdout, io.Discard))
	var rep Report
	require.NoError(t, json.Unmarshal(stdout.Bytes(), &rep))
	assert.Equal(t, "cpu", rep.Clock)
	require.Len(t, rep.Rows, 1)
	assert.Positive(t, rep.Rows[0].After.Ns)
}
