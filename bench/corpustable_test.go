//go:build bench_full

package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/bench/internal/corpus"
	"github.com/safejson/safejson/internal/engine"
)

func TestCorpusInputs(t *testing.T) {
	ins, err := corpusInputs()
	require.NoError(t, err)
	require.Len(t, ins, 2*(len(corpus.Files())+2)+len(corpus.ShapedFiles()), "every file and both item counts, typed and any, and the shaped files")
	shapes := map[string]int{}
	for i, in := range ins {
		shapes[in.Shape]++
		want := []string{shapeTyped, shapeShaped, shapeAny}
		if i > 0 && ins[i-1].File == in.File {
			want = []string{shapeShaped, shapeAny}
		}
		assert.Contains(t, want, in.Shape, in.Slug())
		assert.Equal(t, in.File+"/"+in.Shape, in.Slug())
		// What is encoded is what encoding/json decodes: encoding it writes
		// the same bytes as encoding the file decoded into any.
		var generic any
		require.NoError(t, json.Unmarshal(in.Data, &generic))
		g, err := json.Marshal(generic)
		require.NoError(t, err)
		v, err := json.Marshal(in.Value)
		require.NoError(t, err)
		switch in.Shape {
		case shapeAny:
			assert.Equal(t, string(g), string(v), in.Slug())
		case shapeShaped:
			// A loose struct writes the file's values, some of them as
			// maps (keys sorted), so compare through any.
			var back any
			require.NoError(t, json.Unmarshal(v, &back))
			b, err := json.Marshal(back)
			require.NoError(t, err)
			assert.Equal(t, string(g), string(b), in.Slug())
		default:
			assert.Equal(t, len(g), len(v), "%s: the typed struct writes as many bytes as the file's any", in.Slug())
		}
		assert.NotSame(t, in.New(), in.New(), "a fresh target per call")
	}
	assert.Equal(t, map[string]int{shapeTyped: len(corpus.Files()) + 2, shapeShaped: len(corpus.ShapedFiles()), shapeAny: len(corpus.Files()) + 2}, shapes)
	got, err := selectInputs(ins, "^twitter_status/")
	require.NoError(t, err)
	assert.Len(t, got, 3)
	_, err = selectInputs(ins, "no-such-row")
	assert.Error(t, err)
}

// quickCorpus runs the corpus table on the rows matching expr, once, in the
// smallest batches.
func quickCorpus(t *testing.T, expr string, ps []peer) CorpusReport {
	t.Helper()
	ins, err := corpusInputs()
	require.NoError(t, err)
	ins, err = selectInputs(ins, expr)
	require.NoError(t, err)
	return runCorpus(corpusConfig{Inputs: ins, Peers: ps, Engine: engine.Default(), Runs: 1, Batch: time.Millisecond})
}

func TestCorpusTable(t *testing.T) {
	ps := peers(engine.Default())
	rep := quickCorpus(t, "^(citm_catalog|twitter_status|items-20)/", ps)
	assert.Equal(t, corpusKind, rep.Kind)
	require.Len(t, rep.Peers, len(ps))
	require.Len(t, rep.Encode, 8)
	require.Len(t, rep.Decode, 8)
	assert.Equal(t, "citm_catalog/typed", rep.Encode[0].Slug)
	assert.Equal(t, "citm_catalog/shaped", rep.Encode[1].Slug)
	assert.Equal(t, "items-20/any", rep.Decode[7].Slug)
	for _, rows := range [][]CorpusRow{rep.Encode, rep.Decode} {
		for _, row := range rows {
			assert.Empty(t, row.Notes, "%s: safejson gives encoding/json's result", row.Slug)
			assert.Positive(t, row.Size, row.Slug)
			var sj, std, fast *PeerResult
			for i := range row.Peers {
				r := &row.Peers[i]
				assert.Equal(t, ps[i].Name, r.Peer)
				assert.Positive(t, r.Ns, "%s %s is timed", row.Slug, r.Peer)
				assert.Len(t, r.RunsNs, 1, row.Slug)
				switch r.Peer {
				case peerSafejson:
					sj = r
				case peerStd:
					std = r
				}
				if r.Peer == row.Fastest {
					fast = r
				}
			}
			require.NotNil(t, sj)
			require.NotNil(t, std)
			require.NotNil(t, fast, "%s: a fastest compatible peer (encoding/json at least)", row.Slug)
			assert.Empty(t, sj.Differs, row.Slug)
			assert.Empty(t, sj.Err, row.Slug)
			assert.Empty(t, std.Differs, "%s: encoding/json is its own reference", row.Slug)
			assert.NotEqual(t, peerSafejson, row.Fastest)
			assert.Empty(t, fast.Differs, "%s: the fastest writes encoding/json's bytes", row.Slug)
			for i, r := range row.Peers {
				// A peer with its own rules (json/v2) is never the fastest,
				// even on a row where it happens to write encoding/json's
				// bytes (rank skips it).
				if r.Peer != peerSafejson && !ps[i].OwnRules && r.compatible() {
					assert.LessOrEqual(t, fast.Ns, r.Ns, "%s: %s is faster than the fastest", row.Slug, r.Peer)
				}
			}
			assert.InDelta(t, sj.Ns/fast.Ns, row.VsFastest, 1e-9, row.Slug)
			assert.InDelta(t, sj.Ns/std.Ns, row.VsStd, 1e-9, row.Slug)
			assert.Positive(t, sj.Allocs, "%s: safejson allocates at least its result", row.Slug)
		}
	}
	var md bytes.Buffer
	writeCorpusMarkdown(&md, rep)
	assert.Contains(t, md.String(), "| citm_catalog typed | ")
	assert.Contains(t, md.String(), "**Decode ")
	assert.Equal(t, 2, strings.Count(md.String(), "| Row | Size | safejson | sonic ConfigStd |"))
}

// TestCorpusDifferingPeerIsMarked: a peer that writes other bytes or decodes
// another value is marked and never the fastest, however fast it is.
func TestCorpusDifferingPeerIsMarked(t *testing.T) {
	ps := peers(engine.Default())
	liar := peer{
		Name: "liar", Label: "liar",
		Marshal:   func(any) ([]byte, error) { return []byte(`{}`), nil },
		Unmarshal: func([]byte, any) error { return nil },
	}
	broken := peer{
		Name: "broken", Label: "broken",
		Marshal:   func(any) ([]byte, error) { panic("boom") },
		Unmarshal: func([]byte, any) error { panic("boom") },
	}
	ps = append(ps, liar, broken)
	rep := quickCorpus(t, "^items-20/typed$", ps)
	for _, row := range append(rep.Encode, rep.Decode...) {
		r := row.Peers[len(ps)-2]
		assert.NotEmpty(t, r.Differs, row.Slug)
		assert.NotEqual(t, "liar", row.Fastest, row.Slug)
		assert.Empty(t, row.Notes)
		b := row.Peers[len(ps)-1]
		assert.Equal(t, "panic: boom", b.Err, row.Slug)
		assert.Zero(t, b.Ns, "a panicking peer is not timed")
	}
	assert.Contains(t, rep.Encode[0].Peers[len(ps)-2].Differs, "writes at byte 0 (lengths 2, 3261)")
	assert.Contains(t, rep.Decode[0].Peers[len(ps)-2].Differs, "decodes another value")

	var md bytes.Buffer
	writeCorpusMarkdown(&md, rep)
	assert.Contains(t, md.String(), " ≠ |")
	assert.Contains(t, md.String(), "- ≠ liar, encode items-20/typed: writes at byte 0")
	assert.Contains(t, md.String(), "- error: broken, decode items-20/typed: panic: boom")
}

func TestRankSkipsOwnRulesAndErrors(t *testing.T) {
	ps := []peer{{Name: peerSafejson}, {Name: "a"}, {Name: "v2", OwnRules: true}, {Name: "b"}, {Name: peerStd}}
	results := []PeerResult{{Ns: 30}, {Ns: 10, Err: "x"}, {Ns: 5}, {Ns: 20}, {Ns: 60}}
	fastest, vsFastest, vsStd := rank(results, ps, 4)
	assert.Equal(t, "b", fastest)
	assert.InDelta(t, 1.5, vsFastest, 1e-9)
	assert.InDelta(t, 0.5, vsStd, 1e-9)
}

func TestCorpusCommandJSONChartAndFrom(t *testing.T) {
	dir := t.TempDir()
	chart := filepath.Join(dir, "corpus.svg")
	var stdout, stderr bytes.Buffer
	require.NoError(t, run([]string{"-corpus", "-quick", "-runs", "1", "-case", "^(items-20|string_unicode)/typed$", "-json", "-chart", chart}, &stdout, &stderr), stderr.String())
	var rep CorpusReport
	require.NoError(t, json.Unmarshal(stdout.Bytes(), &rep))
	assert.Equal(t, corpusKind, rep.Kind)
	require.Len(t, rep.Encode, 2)
	require.Len(t, rep.Decode, 2)
	assert.Contains(t, stderr.String(), "bench: corpus [4/4] decode items-20 typed")
	svg, err := os.ReadFile(chart)
	require.NoError(t, err)
	requireWellFormedXML(t, svg)
	assert.Contains(t, string(svg), "encode string_unicode typed")
	assert.Contains(t, string(svg), "decode items-20 typed")

	// -from knows a saved corpus report and renders the same chart.
	saved := filepath.Join(dir, "r.json")
	require.NoError(t, os.WriteFile(saved, stdout.Bytes(), 0o644))
	chart2 := filepath.Join(dir, "again.svg")
	var md bytes.Buffer
	require.NoError(t, run([]string{"-from", saved, "-chart", chart2}, &md, io.Discard))
	svg2, err := os.ReadFile(chart2)
	require.NoError(t, err)
	assert.Equal(t, string(svg), string(svg2))
	assert.Contains(t, md.String(), "| string_unicode typed | ")
	assert.Error(t, run([]string{"-corpus", "-case", "no-such-row"}, io.Discard, io.Discard))
}

func TestHTTPCorpusRoute(t *testing.T) {
	c, err := routeCase("twitter_status")
	require.NoError(t, err)
	assert.IsType(t, &corpus.Twitter{}, c.Value)
	rep, err := runHTTP(httpConfig{Case: c, Engine: engine.Default(), Duration: 100 * time.Millisecond, Rounds: 1, Conns: 2, Warmup: 10 * time.Millisecond})
	require.NoError(t, err)
	assert.Empty(t, rep.Notes, "every server answers encoding/json's bytes")
	assert.Equal(t, "twitter_status typed", rep.Case)
	want, err := json.Marshal(c.Value)
	require.NoError(t, err)
	assert.Equal(t, len(want), rep.Size)
	for _, r := range rep.Rows {
		assert.Positive(t, r.Requests, r.Server)
		assert.Zero(t, r.Errors, r.Server)
	}
	_, err = routeCase("no_such_file")
	assert.Error(t, err)
	items, err := routeCase("items-20")
	require.NoError(t, err)
	assert.Equal(t, Cases()[0].Name, items.Name)
}
