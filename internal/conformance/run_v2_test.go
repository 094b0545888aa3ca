//go:build goexperiment.jsonv2 && go1.27

package conformance

import (
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"errors"
	"math"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/corpus"
	"github.com/safejson/safejson/internal/testutil"
)

// v2Column is the json/v2 column over the corpus, run once for the tests
// that read it.
var v2Column = sync.OnceValue(func() []V2Result { return RunV2(corpus.Cases(), V2Engines(), V2Sets()) })

// needV2Column skips a test of the whole column under -race: the column
// checks the bytes engines write, which the race detector does not change,
// and the run without -race on the same toolchain checks it.
func needV2Column(t *testing.T) {
	t.Helper()
	if testutil.RaceEnabled {
		t.Skip("the json/v2 column runs without -race (it checks bytes, not concurrency)")
	}
}

// TestV2DocUpToDate: docs/conformance-v2.md is what the json/v2 column
// gives: a difference that appears or disappears (an engine upgrade, a new
// case) fails here until the document is regenerated.
func TestV2DocUpToDate(t *testing.T) {
	needV2Column(t)
	doc, err := os.ReadFile("../../" + V2DocPath)
	require.NoError(t, err)
	require.Equal(t, V2Doc(v2Column(), V2Sets()), string(doc),
		"docs/conformance-v2.md is stale: regenerate it with `GOTOOLCHAIN=$(go run ./internal/cmd/toolchain 1.27) go run ./internal/conformance/cmd/report -docs` from the repository root")
}

// TestV2SetsAreStdOptions: every set's std options are accepted by
// encoding/json/v2 and the engines (no panic on a plain value).
func TestV2SetsAreStdOptions(t *testing.T) {
	for _, s := range V2Sets() {
		for _, e := range V2Engines() {
			want, err := V2StdMarshal(map[string]any{"a": []int{1}}, s)
			require.NoError(t, err, s.Name)
			got, err := e.Marshal(map[string]any{"a": []int{1}}, s)
			require.NoError(t, err, s.Name)
			assert.Equal(t, string(want), string(got), "%s on %s", s.Name, e.Name)
		}
	}
}

// TestV2Verdicts: each verdict from a made-up engine, a panic recovered.
func TestV2Verdicts(t *testing.T) {
	none := V2Sets()[0]
	cases := []*corpus.Case{
		{Name: "t/int", Value: 1},
		{Name: "t/map", Value: map[string]int{"a": 1, "b": 2, "c": 3}},
		{Name: "t/nan", Value: math.NaN()},
		{Name: "t/nan-in-map", Value: map[string]float64{"a": math.NaN(), "b": math.Inf(1)}},
		{Name: "t/dies", Value: 1, StdDies: true},
		{Name: "t/deep", Value: 1, Deep: true},
	}
	engine := func(f func(v any, s V2Set) ([]byte, error)) []V2Engine {
		return []V2Engine{{Name: "e", Marshal: f}}
	}
	verdicts := func(es []V2Engine, sets ...V2Set) []string {
		var out []string
		for _, r := range RunV2(cases, es, sets) {
			out = append(out, r.Case.Name+" "+r.Verdict.String())
		}
		return out
	}
	// encoding/json/v2 itself, with the members of the map in another order.
	reversed := engine(func(v any, s V2Set) ([]byte, error) {
		if _, ok := v.(map[string]int); ok {
			return []byte(`{"c":3,"b":2,"a":1}`), nil
		}
		return jsonv2.Marshal(v, s.Std...)
	})
	assert.Equal(t, []string{"t/int identical", "t/map identical", "t/nan same error", "t/nan-in-map same error", "t/dies std dies", "t/deep identical"},
		verdicts(reversed, none))
	deterministic := V2Sets()[1]
	require.True(t, deterministic.Deterministic)
	assert.Equal(t, "t/map differs", verdicts(reversed, deterministic)[1], "the order counts under Deterministic")
	indent := V2Sets()[2]
	require.True(t, indent.Indented)
	assert.Equal(t, "t/deep not run", verdicts(reversed, indent)[5])

	assert.Equal(t, []string{"t/int engine fails", "t/map engine fails", "t/nan other error", "t/nan-in-map other error", "t/dies std dies", "t/deep engine fails"},
		verdicts(engine(func(any, V2Set) ([]byte, error) { return nil, errors.New("no") }), none))
	assert.Equal(t, []string{"t/int engine panics", "t/map engine panics", "t/nan engine panics", "t/nan-in-map engine panics", "t/dies std dies", "t/deep engine panics"},
		verdicts(engine(func(any, V2Set) ([]byte, error) { panic("boom") }), none))
	assert.Equal(t, []string{"t/int differs", "t/map differs", "t/nan engine accepts", "t/nan-in-map engine accepts", "t/dies std dies", "t/deep differs"},
		verdicts(engine(func(any, V2Set) ([]byte, error) { return []byte("null"), nil }), none))
}

// TestV2ErrorKind: where an error happened is left out of its kind, what
// happened is not.
func TestV2ErrorKind(t *testing.T) {
	_, a := jsonv2.Marshal(struct{ F float64 }{math.NaN()})
	_, b := jsonv2.Marshal([]any{1, math.NaN()}, jsontext.WithIndent("  "))
	_, c := jsonv2.Marshal(math.Inf(1))
	require.Error(t, a)
	assert.Contains(t, a.Error(), `within "/F"`)
	assert.Equal(t, "*SemanticError: json: cannot marshal from Go T: unsupported value: NaN", V2ErrorKind(a))
	assert.Equal(t, V2ErrorKind(a), V2ErrorKind(b))
	assert.NotEqual(t, V2ErrorKind(a), V2ErrorKind(c))
}

// TestV2Report: the document and the TSV name every result that is not
// encoding/json/v2's answer.
func TestV2Report(t *testing.T) {
	cases := []*corpus.Case{{Name: "t/a", Value: 1, File: "internal/corpus/x.go", Line: 3}, {Name: "t/b", Value: true}}
	sets := V2Sets()[:2]
	es := []V2Engine{{Name: "e", Marshal: func(v any, s V2Set) ([]byte, error) {
		if v == true {
			return []byte("false"), nil
		}
		return jsonv2.Marshal(v, s.Std...)
	}}}
	results := RunV2(cases, es, sets)
	doc := V2Doc(results, sets)
	assert.Contains(t, doc, "| e | **all** | 2 | 0 | 0 | 2 | 0 | 0 | 0 | 0 | 0 | 0 |")
	assert.Contains(t, doc, `| [t/b](../#L0) | e | all | differs | wrote "true" | wrote "false" |`)
	var tsv strings.Builder
	require.NoError(t, WriteV2TSV(&tsv, results))
	assert.Equal(t, "t/a\tnone\te\tidentical\t\nt/a\tdeterministic\te\tidentical\t\nt/b\tnone\te\tdiffers\twrote \"false\"\nt/b\tdeterministic\te\tdiffers\twrote \"false\"\n", tsv.String())
	assert.Equal(t, "json/v2 column: e: 2 of encoding/json/v2's answer, 2 differing (2 other bytes, 0 engine errors, 0 accepted, 0 other errors, 0 panics), 0 where encoding/json/v2 dies, 0 not run", V2VerdictLine(results))
}
