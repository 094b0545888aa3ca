//go:build bench_full

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/safejson/safejson/bench/internal/corpus"
	"github.com/safejson/safejson/internal/benchdata"
	"github.com/safejson/safejson/internal/engine"
)

// corpusInput is one row of the corpus tables: a JSON document and the Go
// value it decodes to, typed or as any.
type corpusInput struct {
	// File is the corpus file, or the seed's items-20 / items-500.
	File string
	// Shape is shapeTyped, shapeShaped or shapeAny.
	Shape string
	// Data is the document as the file has it: what decoders decode.
	Data []byte
	// Value is Data decoded by encoding/json: what encoders encode (a pointer
	// to the typed struct, or the any).
	Value any
	// New returns a fresh decoding target, a pointer.
	New func() any
}

// Slug names the row in benchmark names, -case and -json: file/shape.
func (in corpusInput) Slug() string { return in.File + "/" + in.Shape }

// Name is the row's label.
func (in corpusInput) Name() string { return in.File + " " + in.Shape }

// corpusInputs returns the rows of the corpus tables, in order: every corpus
// file typed, then shaped where corpus.ShapedFiles has a loose type for it,
// then as any; then the seed's 20 and 500 items typed and as any.
func corpusInputs() ([]corpusInput, error) {
	var ins []corpusInput
	add := func(file, shape string, data []byte, newTarget func() any) error {
		in := corpusInput{File: file, Shape: shape, Data: data, New: newTarget}
		v := in.New()
		if err := json.Unmarshal(data, v); err != nil {
			return fmt.Errorf("bench: encoding/json cannot decode %s into %T: %w", file, v, err)
		}
		if shape == shapeAny {
			v = *v.(*any)
		}
		in.Value = v
		ins = append(ins, in)
		return nil
	}
	newAny := func() any { return new(any) }
	shaped := map[string]func() any{}
	for _, f := range corpus.ShapedFiles() {
		shaped[f.Name] = f.New
	}
	for _, f := range corpus.Files() {
		data, err := corpus.Load(f.Name)
		if err != nil {
			return nil, err
		}
		if err := add(f.Name, shapeTyped, data, f.New); err != nil {
			return nil, err
		}
		if s, ok := shaped[f.Name]; ok {
			if err := add(f.Name, shapeShaped, data, s); err != nil {
				return nil, err
			}
		}
		if err := add(f.Name, shapeAny, data, newAny); err != nil {
			return nil, err
		}
	}
	for _, n := range []int{20, 500} {
		data, err := json.Marshal(benchdata.Items(n))
		if err != nil {
			return nil, err
		}
		file := fmt.Sprintf("items-%d", n)
		if err := add(file, shapeTyped, data, func() any { return new([]benchdata.Item) }); err != nil {
			return nil, err
		}
		if err := add(file, shapeAny, data, newAny); err != nil {
			return nil, err
		}
	}
	return ins, nil
}

// The shapes of a row: the file's struct (corpus.Files), its loose struct
// with any, []any, maps and json.RawMessage (corpus.ShapedFiles), or any.
const (
	shapeTyped  = "typed"
	shapeShaped = "shaped"
	shapeAny    = "any"
)

// selectInputs keeps the rows whose slug matches expr; all for "".
func selectInputs(ins []corpusInput, expr string) ([]corpusInput, error) {
	if expr == "" {
		return ins, nil
	}
	re, err := regexp.Compile(expr)
	if err != nil {
		return nil, fmt.Errorf("bench: -case: %w", err)
	}
	var out []corpusInput
	for _, in := range ins {
		if re.MatchString(in.Slug()) {
			out = append(out, in)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("bench: -case %q matches no row of the corpus (rows are file/typed, file/shaped and file/any)", expr)
	}
	return out, nil
}

// CorpusReport is the result of the corpus tables.
type CorpusReport struct {
	// Kind is "corpus": it tells a saved corpus report from the seed table's.
	Kind    string  `json:"kind"`
	Machine Machine `json:"machine"`
	Runs    int     `json:"runs"`
	BatchNs int64   `json:"batch_ns"`
	Clock   string  `json:"clock"`
	// Reference names the peer every other is compared with, and the
	// ratios are to: encoding/json when empty.
	Reference string `json:"reference,omitempty"`
	// Peers are the columns, in order.
	Peers  []PeerInfo  `json:"peers"`
	Encode []CorpusRow `json:"encode"`
	Decode []CorpusRow `json:"decode"`
	// V2 is the same tables for encoding/json/v2's API, against
	// encoding/json/v2, on a toolchain that has it (corpus_v2.go).
	V2 *CorpusReport `json:"v2,omitempty"`
}

// PeerInfo describes a column.
type PeerInfo struct {
	Name     string `json:"name"`
	Label    string `json:"label"`
	OwnRules bool   `json:"own_rules,omitempty"`
}

// CorpusRow holds every figure of one row of one table.
type CorpusRow struct {
	Row  string `json:"row"`
	Slug string `json:"slug"`
	// Size is encoding/json's output (encode) or the input (decode), in bytes.
	Size int `json:"size_bytes"`
	// Peers are in the report's column order.
	Peers []PeerResult `json:"peers"`
	// Fastest is the fastest peer other than safejson that gives encoding/json's
	// result on this row (encoding/json itself included).
	Fastest string `json:"fastest_compatible,omitempty"`
	// VsFastest and VsStd are safejson's time over Fastest's and over
	// encoding/json's: below 1 is faster.
	VsFastest float64 `json:"safejson_vs_fastest,omitempty"`
	VsStd     float64 `json:"safejson_vs_std,omitempty"`
	// Notes are what went wrong with safejson; none is expected.
	Notes []string `json:"notes,omitempty"`
}

// PeerResult is one peer's figures on one row.
type PeerResult struct {
	Peer       string    `json:"peer"`
	Ns         float64   `json:"ns_per_op,omitempty"`
	MinNs      float64   `json:"min_ns_per_op,omitempty"`
	RunsNs     []float64 `json:"runs_ns_per_op,omitempty"`
	Iterations int       `json:"iterations_per_run,omitempty"`
	Allocs     float64   `json:"allocs_per_op"`
	Bytes      float64   `json:"bytes_per_op"`
	Err        string    `json:"error,omitempty"`
	// Differs says where the peer's result first differs from encoding/json's
	// (its bytes, or the value it decodes); empty when it is the same.
	Differs string `json:"differs,omitempty"`
}

// compatible reports whether r may count as the fastest: it gave
// encoding/json's result.
func (r PeerResult) compatible() bool { return r.Err == "" && r.Differs == "" && r.Ns > 0 }

// corpusConfig says what runCorpus measures and how long.
type corpusConfig struct {
	Inputs   []corpusInput
	Peers    []peer
	Engine   engine.Engine
	Runs     int
	Batch    time.Duration
	Clock    clock
	Progress io.Writer
	// Ref is the peer every other is compared with, and the ratios are to;
	// encoding/json when unset.
	Ref *peer
	// Same reports whether an encoder's output is the reference's; nil
	// means the same bytes. (encoding/json/v2 writes map members in random
	// order.)
	Same func(got, want []byte) bool
}

// ref is the reference peer of the run.
func (cfg corpusConfig) ref() peer {
	if cfg.Ref != nil {
		return *cfg.Ref
	}
	return peer{Name: peerStd, Label: "encoding/json", Marshal: json.Marshal, Unmarshal: json.Unmarshal}
}

// op is encode or decode.
type op int

const (
	opEncode op = iota
	opDecode
)

func (o op) String() string { return [...]string{"encode", "decode"}[o] }

// runCorpus fills both tables: for each row, every peer's result is checked
// against encoding/json's, then all peers are timed in interleaved rounds.
func runCorpus(cfg corpusConfig) CorpusReport {
	if cfg.Clock.now == nil {
		cfg.Clock = wallClock
	}
	rep := CorpusReport{
		Kind: corpusKind, Machine: currentMachine(cfg.Engine),
		Runs: cfg.Runs, BatchNs: cfg.Batch.Nanoseconds(), Clock: cfg.Clock.name, Reference: cfg.ref().Label,
	}
	for _, p := range cfg.Peers {
		rep.Peers = append(rep.Peers, PeerInfo{Name: p.Name, Label: p.Label, OwnRules: p.OwnRules})
	}
	total := 2 * len(cfg.Inputs)
	step := 0
	for _, o := range []op{opEncode, opDecode} {
		for _, in := range cfg.Inputs {
			step++
			progress(cfg.Progress, "bench: corpus [%d/%d] %s %s", step, total, o, in.Name())
			row := corpusRow(in, o, cfg)
			for _, n := range row.Notes {
				progress(cfg.Progress, "bench: WARNING: %s %s: %s", o, row.Slug, n)
			}
			if o == opEncode {
				rep.Encode = append(rep.Encode, row)
			} else {
				rep.Decode = append(rep.Decode, row)
			}
		}
	}
	return rep
}

// corpusCall returns the call that peer p makes on in for o.
func corpusCall(p peer, in corpusInput, o op) func() ([]byte, error) {
	if o == opEncode {
		v := in.Value
		return func() ([]byte, error) { return p.Marshal(v) }
	}
	data := in.Data
	return func() ([]byte, error) { return nil, p.Unmarshal(data, in.New()) }
}

// decoded decodes in with p and returns the value, for the comparison with
// encoding/json's.
func decoded(p peer, in corpusInput) (v any, err error) {
	v = in.New()
	if perr := recovered(func() { err = p.Unmarshal(in.Data, v) }); perr != nil {
		return nil, perr
	}
	return v, err
}

// corpusRow checks and times one row.
func corpusRow(in corpusInput, o op, cfg corpusConfig) CorpusRow {
	row := CorpusRow{Row: in.Name(), Slug: in.Slug(), Peers: make([]PeerResult, len(cfg.Peers))}
	ref := cfg.ref()
	std := slices.IndexFunc(cfg.Peers, func(p peer) bool { return p.Name == ref.Name })
	calls := make([]func() ([]byte, error), len(cfg.Peers))
	var want []byte
	var wantValue any
	if o == opEncode {
		want, _ = ref.Marshal(in.Value)
		row.Size = len(want)
	} else {
		wantValue, _ = decoded(ref, in)
		row.Size = len(in.Data)
	}
	for i, p := range cfg.Peers {
		r := &row.Peers[i]
		r.Peer = p.Name
		calls[i] = corpusCall(p, in, o)
		var err error
		if o == opEncode {
			var out []byte
			out, err = call(calls[i])
			switch {
			case err != nil:
				r.Err = err.Error()
			case cfg.Same == nil && !bytes.Equal(out, want), cfg.Same != nil && !cfg.Same(out, want):
				r.Differs = "writes " + firstDiff(out, want)
			}
		} else {
			var v any
			v, err = decoded(p, in)
			switch {
			case err != nil:
				r.Err = err.Error()
			case !reflect.DeepEqual(v, wantValue):
				r.Differs = "decodes " + valueDiff(v, wantValue)
			}
		}
		if isPanic(err) {
			calls[i] = nil // it would panic on every call
		}
	}
	perRun, sizes, panics := timeInterleaved(calls, cfg.Runs, cfg.Batch, cfg.Clock)
	for i := range cfg.Peers {
		r := &row.Peers[i]
		if panics[i] != nil {
			r.Err = panics[i].Error()
			continue
		}
		if calls[i] == nil {
			continue
		}
		r.RunsNs = perRun[i]
		r.Ns = median(perRun[i])
		if len(perRun[i]) > 0 {
			r.MinNs = slices.Min(perRun[i])
		}
		r.Iterations = sizes[i]
		if err := recovered(func() { r.Allocs, r.Bytes = allocs(calls[i], max(1, min(sizes[i], 50))) }); err != nil {
			r.Err = err.Error()
		}
	}
	row.Fastest, row.VsFastest, row.VsStd = rank(row.Peers, cfg.Peers, std)
	i := slices.IndexFunc(cfg.Peers, func(p peer) bool { return p.Name == peerSafejson })
	if i < 0 {
		return row
	}
	sj := row.Peers[i]
	if sj.Err != "" {
		row.Notes = append(row.Notes, "safejson failed: "+sj.Err)
	}
	if sj.Differs != "" {
		row.Notes = append(row.Notes, "safejson "+sj.Differs)
	}
	return row
}

// rank returns the fastest compatible peer other than safejson and safejson's
// ratios to it and to encoding/json (0 when either is missing). A peer that
// differs from encoding/json, fails, or follows its own rules never counts.
func rank(results []PeerResult, ps []peer, std int) (fastest string, vsFastest, vsStd float64) {
	var sj *PeerResult
	best := -1
	for i := range results {
		r := &results[i]
		switch {
		case ps[i].Name == peerSafejson:
			sj = r
		case ps[i].OwnRules || !r.compatible():
		case best < 0 || r.Ns < results[best].Ns:
			best = i
		}
	}
	if best >= 0 {
		fastest = ps[best].Name
	}
	if sj == nil || sj.Ns <= 0 {
		return fastest, 0, 0
	}
	if best >= 0 {
		vsFastest = sj.Ns / results[best].Ns
	}
	if std >= 0 && results[std].Ns > 0 {
		vsStd = sj.Ns / results[std].Ns
	}
	return fastest, vsFastest, vsStd
}

// valueDiff describes how a decoded value differs from encoding/json's: by
// where their encodings by encoding/json first differ, or, when those are the
// same, by the Go values themselves.
func valueDiff(got, want any) string {
	g, gerr := json.Marshal(got)
	w, werr := json.Marshal(want)
	if gerr == nil && werr == nil && !bytes.Equal(g, w) {
		return "another value (re-encoded by encoding/json, " + firstDiff(g, w) + ")"
	}
	return fmt.Sprintf("another Go value with the same JSON: %s", shorten(fmt.Sprintf("%#v", got), 120))
}

// writeCorpusMarkdown writes both tables, then the differences found.
func writeCorpusMarkdown(w io.Writer, rep CorpusReport) {
	ref := rep.refLabel()
	fmt.Fprintf(w, "%s\n\n", rep.Machine.Line())
	fmt.Fprintf(w, "Median of %d interleaved runs, each a batch of about %s; %s. KB = 1024 bytes. "+
		"≠: the peer's result differs from %s's (see below); it does not count as the fastest compatible peer.\n\n",
		rep.Runs, time.Duration(rep.BatchNs), clockNote(rep.Clock), ref)
	writeCorpusTable(w, rep, "Encode (Marshal of the value encoding/json decodes; size: "+ref+"'s output)", rep.Encode)
	fmt.Fprintln(w)
	writeCorpusTable(w, rep, "Decode (Unmarshal into a fresh typed struct or any; size: the input)", rep.Decode)
	var notes []string
	for _, t := range []struct {
		o    op
		rows []CorpusRow
	}{{opEncode, rep.Encode}, {opDecode, rep.Decode}} {
		for _, row := range t.rows {
			for i, r := range row.Peers {
				label := rep.Peers[i].Label
				switch {
				case r.Differs != "":
					notes = append(notes, fmt.Sprintf("- ≠ %s, %s %s: %s", label, t.o, row.Slug, cell(shorten(r.Differs, 240))))
				case r.Err != "":
					notes = append(notes, fmt.Sprintf("- error: %s, %s %s: %s", label, t.o, row.Slug, cell(shorten(r.Err, 240))))
				}
			}
			for _, n := range row.Notes {
				notes = append(notes, fmt.Sprintf("- **WARNING** %s %s: %s", t.o, row.Slug, cell(n)))
			}
		}
	}
	if len(notes) > 0 {
		fmt.Fprintf(w, "\n%s\n", strings.Join(notes, "\n"))
	}
	if rep.V2 != nil {
		fmt.Fprintf(w, "\n**The json/v2 API: the same rows through encoding/json/v2's functions, against encoding/json/v2 (its own defaults)**\n\n")
		writeCorpusMarkdown(w, *rep.V2)
	}
}

// refLabel names the peer the report compares with.
func (rep CorpusReport) refLabel() string {
	if rep.Reference != "" {
		return rep.Reference
	}
	return "encoding/json"
}

// writeCorpusTable writes one table.
func writeCorpusTable(w io.Writer, rep CorpusReport, title string, rows []CorpusRow) {
	fmt.Fprintf(w, "**%s**\n\n| Row | Size |", title)
	for _, p := range rep.Peers {
		fmt.Fprintf(w, " %s |", p.Label)
	}
	fmt.Fprintf(w, " fastest compatible | safejson ÷ fastest | safejson ÷ %s | allocs/op: safejson · fastest |\n", rep.refLabel())
	fmt.Fprint(w, "|---|---:|")
	for range rep.Peers {
		fmt.Fprint(w, "---:|")
	}
	fmt.Fprintln(w, "---|---:|---:|---:|")
	for _, row := range rows {
		name := row.Row
		if len(row.Notes) > 0 {
			name = "⚠ " + name
		}
		fmt.Fprintf(w, "| %s | %s |", cell(name), formatSize(row.Size, true))
		fast := slices.IndexFunc(rep.Peers, func(p PeerInfo) bool { return p.Name == row.Fastest })
		sj := slices.IndexFunc(rep.Peers, func(p PeerInfo) bool { return p.Name == peerSafejson })
		for i, r := range row.Peers {
			c := formatDuration(r.Ns)
			switch {
			case r.Err != "":
				c = "error"
			case r.Differs != "":
				c += " ≠"
			}
			if i == fast {
				c = "**" + c + "**"
			}
			fmt.Fprintf(w, " %s |", c)
		}
		fastLabel, fastAllocs := "—", "—"
		if fast >= 0 {
			fastLabel = rep.Peers[fast].Label
			fastAllocs = formatAllocs(row.Peers[fast].Allocs, true)
		}
		sjAllocs := "—"
		if sj >= 0 {
			sjAllocs = formatAllocs(row.Peers[sj].Allocs, row.Peers[sj].Err == "")
		}
		fmt.Fprintf(w, " %s | %s | %s | %s · %s |\n", fastLabel, formatRatio2(row.VsFastest), formatRatio2(row.VsStd), sjAllocs, fastAllocs)
	}
}

// corpusChart is the chart of both corpus tables: a group per row and table,
// a bar per peer.
func corpusChart(rep CorpusReport) chartSpec {
	colors := []string{"#1565c0", "#ef6c00", "#6a1b9a", "#00838f", "#ad1457", "#2e7d32", "#9e9e9e"}
	clockName := "wall"
	if rep.Clock == "cpu" {
		clockName = "CPU"
	}
	spec := chartSpec{
		Title:    "safejson on the json/v2 corpus: time per call, log scale (shorter is faster)",
		Subtitle: fmt.Sprintf("%s · median of %d runs · %s time", rep.Machine.Line(), rep.Runs, clockName),
		Footer:   "≠ in a subtitle: that peer's result differs from encoding/json's. Under each row: size · safejson ÷ fastest compatible peer.",
	}
	for i, p := range rep.Peers {
		key := strings.Map(func(r rune) rune {
			if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
				return r
			}
			return -1
		}, p.Name)
		spec.Series = append(spec.Series, chartSeries{Key: key, Label: p.Label, LegendLabel: p.Label, Color: colors[i%len(colors)]})
	}
	for _, t := range []struct {
		o    op
		rows []CorpusRow
	}{{opEncode, rep.Encode}, {opDecode, rep.Decode}} {
		for _, row := range t.rows {
			sub := formatSize(row.Size, true)
			if row.VsFastest > 0 {
				sub += " · " + formatRatio2(row.VsFastest) + " " + row.Fastest
			}
			var differ []string
			g := chartGroup{Name: t.o.String() + " " + row.Row, Warn: len(row.Notes) > 0}
			for i, r := range row.Peers {
				g.Bars = append(g.Bars, chartBar{Ns: r.Ns, Err: r.Err})
				if r.Differs != "" {
					differ = append(differ, rep.Peers[i].Name)
				}
			}
			if len(differ) > 0 {
				sub += " · ≠ " + strings.Join(differ, ", ")
			}
			g.Subtitle = sub
			spec.Groups = append(spec.Groups, g)
		}
	}
	return spec
}

// corpusCommand is what `go run ./bench -corpus` was asked.
type corpusCommand struct {
	// From, when set, is a saved -json corpus report to render instead of
	// measuring.
	From   string
	Case   string
	Engine engine.Engine
	Runs   int
	Batch  time.Duration
	Clock  clock
	JSON   bool
	Chart  string
}

// runCorpusCommand measures (or reads) the corpus tables and writes them.
func runCorpusCommand(cmd corpusCommand, stdout, stderr io.Writer) error {
	var rep CorpusReport
	if cmd.From != "" {
		b, err := os.ReadFile(cmd.From)
		if err != nil {
			return fmt.Errorf("bench: -from: %w", err)
		}
		if err := json.Unmarshal(b, &rep); err != nil {
			return fmt.Errorf("bench: -from %s: %w", cmd.From, err)
		}
		if len(rep.Encode)+len(rep.Decode) == 0 {
			return fmt.Errorf("bench: -from %s: no rows", cmd.From)
		}
	} else {
		ins, err := corpusInputs()
		if err != nil {
			return err
		}
		if ins, err = selectInputs(ins, cmd.Case); err != nil {
			return err
		}
		rep = runCorpus(corpusConfig{
			Inputs: ins, Peers: peers(cmd.Engine), Engine: cmd.Engine,
			Runs: cmd.Runs, Batch: cmd.Batch, Clock: cmd.Clock, Progress: stderr,
		})
		if ref, ps := v2Peers(); ps != nil {
			v2 := runCorpus(corpusConfig{
				Inputs: ins, Peers: ps, Ref: &ref, Same: v2Same, Engine: cmd.Engine,
				Runs: cmd.Runs, Batch: cmd.Batch, Clock: cmd.Clock, Progress: stderr,
			})
			rep.V2 = &v2
		}
	}
	if cmd.Chart != "" {
		if err := os.WriteFile(cmd.Chart, renderChart(corpusChart(rep)), 0o644); err != nil {
			return fmt.Errorf("bench: writing the chart: %w", err)
		}
		fmt.Fprintf(stderr, "bench: chart written to %s\n", cmd.Chart)
	}
	if cmd.JSON {
		return writeJSON(stdout, rep)
	}
	writeCorpusMarkdown(stdout, rep)
	return nil
}
