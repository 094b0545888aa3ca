package safejson_test

import (
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson"
	"github.com/safejson/safejson/engine"
	"github.com/safejson/safejson/internal/conformance"
	"github.com/safejson/safejson/internal/corpus"
	"github.com/safejson/safejson/internal/options"
	"github.com/safejson/safejson/safe"
)

// observeEngines are the engine settings every report test runs on: the
// default plan and each compiled-in engine by name.
func observeEngines() map[string]engine.Engine {
	es := map[string]engine.Engine{"default plan": {}}
	for _, e := range engine.All() {
		es[e.Name()] = e
	}
	return es
}

// report is a Substitution with its pointer's text, to compare.
type report struct {
	Path, Reason string
	Type         reflect.Type
}

// reportsOf returns subs as reports.
func reportsOf(subs []safejson.Substitution) []report {
	var r []report
	for _, s := range subs {
		r = append(r, report{s.Path.String(), s.Reason, s.Type})
	}
	return r
}

// collect encodes v under o with a report and returns the output, the
// substitutes reported and the error.
func collect(o safejson.Options, v any) ([]byte, []report, error) {
	var got []safejson.Substitution
	o.OnSubstitute = func(s safejson.Substitution) { got = append(got, s) }
	b, err := o.Marshal(v)
	return b, reportsOf(got), err
}

// strictType is the Go type the *safe.Error of Strict names: the type of the
// std error's value or type.
func strictType(se *safe.Error) reflect.Type {
	var ute *json.UnsupportedTypeError
	if errors.As(se.Err, &ute) {
		return ute.Type
	}
	var uve *json.UnsupportedValueError
	if errors.As(se.Err, &uve) && uve.Value.IsValid() {
		return uve.Value.Type()
	}
	return nil
}

// TestObserveCorpus: on every case of the corpus, the report of each engine
// setting names first what Strict names (pointer, reason, type), reports
// nothing where Strict finds nothing, reports what the reference encoder
// reports, and leaves the bytes as they are without it.
func TestObserveCorpus(t *testing.T) {
	reasons := map[string]bool{}
	checked := 0
	for _, c := range corpus.Cases() {
		if c.Kind == corpus.Panic || c.StdDies && c.Kind != corpus.Substitute || c.Options.Strict || c.Options.Circular == options.CircularError {
			continue
		}
		base := conformance.SafejsonOptions(c.Options)
		strict := base
		strict.Strict = true
		_, serr := strict.Marshal(c.Value)
		var se *safe.Error
		if serr != nil && !errors.As(serr, &se) {
			continue // the user's own error
		}
		plain, perr := base.Marshal(c.Value)
		// The reference encoder's own report.
		var ref []safe.Substitution
		so := safe.Options{
			Circular: base.Circular, Placeholder: base.Placeholder, MaxDepth: base.MaxDepth,
			MaxBreadth: base.MaxBreadth, Replacer: base.Replacer, NoEscapeHTML: base.NoEscapeHTML,
			Prefix: base.Prefix, Indent: base.Indent,
			OnSubstitute: func(s safe.Substitution) { ref = append(ref, s) },
		}
		_, rerr := so.Marshal(c.Value)
		require.Equal(t, perr, rerr, c.Where())
		for name, eng := range observeEngines() {
			o := base
			o.Engine = eng
			want, werr := o.Marshal(c.Value)
			got, subs, err := collect(o, c.Value)
			require.Equal(t, werr, err, "%s %s", c.Where(), name)
			require.Equal(t, string(want), string(got), "%s %s: the report changed the bytes", c.Where(), name)
			require.Equal(t, string(plain), string(got), "%s %s", c.Where(), name)
			if err != nil {
				assert.Empty(t, subs, "%s %s: an encode that fails reports nothing", c.Where(), name)
				continue
			}
			if se == nil {
				assert.Empty(t, subs, "%s %s: Strict finds no substitute", c.Where(), name)
				continue
			}
			require.NotEmpty(t, subs, "%s %s: Strict fails at %q (%s)", c.Where(), name, se.Path, se.Reason)
			assert.Equal(t, se.Path, subs[0].Path, "%s %s", c.Where(), name)
			assert.Equal(t, se.Reason, subs[0].Reason, "%s %s", c.Where(), name)
			if st := strictType(se); st != nil {
				assert.Equal(t, st, subs[0].Type, "%s %s", c.Where(), name)
			}
			assert.Equal(t, reportsOf(ref), subs, "%s %s: every route reports what the reference encoder reports, once", c.Where(), name)
			reasons[subs[0].Reason] = true
			checked++
		}
	}
	t.Logf("%d reports checked against Strict, reasons %v", checked, reasons)
	for _, r := range []string{safe.ReasonCycle, safe.ReasonNonFinite, safe.ReasonUnsupportedType,
		safe.ReasonMapKey, safe.ReasonDepth, safe.ReasonBreadth} {
		assert.True(t, reasons[r], "no corpus case reported %q", r)
	}
}

type observeNode struct {
	Name  string       `json:"name"`
	Next  *observeNode `json:"next,omitempty"`
	Score float64      `json:"score"`
	Hook  func()       `json:"hook"`
}

// TestObserveThree: three substitutes, three reports, in the order of the
// output, each with its pointer, reason and type, on every engine setting.
func TestObserveThree(t *testing.T) {
	n := &observeNode{Name: "a/b~c", Score: math.NaN()}
	n.Next = n
	v := map[string]any{
		"a": []any{1, math.Inf(1)},
		"b": n,
		"c": map[bool]int{true: 1},
	}
	want := []report{
		{Path: "/a/1", Reason: safe.ReasonNonFinite, Type: reflect.TypeFor[float64]()},
		{Path: "/b/next", Reason: safe.ReasonCycle, Type: reflect.TypeFor[*observeNode]()},
		{Path: "/b/score", Reason: safe.ReasonNonFinite, Type: reflect.TypeFor[float64]()},
		{Path: "/b/hook", Reason: safe.ReasonUnsupportedType, Type: reflect.TypeFor[func()]()},
		{Path: "/c", Reason: safe.ReasonMapKey, Type: reflect.TypeFor[map[bool]int]()},
	}
	for name, eng := range observeEngines() {
		b, got, err := collect(safejson.Options{Engine: eng}, v)
		require.NoError(t, err, name)
		assert.JSONEq(t, `{"a":[1,null],"b":{"name":"a/b~c","score":null},"c":{"true":1}}`, string(b), name)
		assert.Equal(t, want, got, name)
	}
}

type observePoint struct {
	X, Y float64
}

// TestObserveFallback: a value an engine rejects after writing part of it
// (a NaN late in a slice of floats), then written by the reference encoder,
// is reported once per substitute; the same type without a NaN, through
// the engine, reports nothing; with the pointer escaped as RFC 6901 says.
func TestObserveFallback(t *testing.T) {
	pts := make([]observePoint, 50)
	pts[40].Y = math.NaN()
	pts[45].X = math.Inf(-1)
	clean := make([]observePoint, 50)
	for name, eng := range observeEngines() {
		for range 3 { // the second time, the type may go elsewhere first
			_, got, err := collect(safejson.Options{Engine: eng}, pts)
			require.NoError(t, err, name)
			assert.Equal(t, []report{
				{Path: "/40/Y", Reason: safe.ReasonNonFinite, Type: reflect.TypeFor[float64]()},
				{Path: "/45/X", Reason: safe.ReasonNonFinite, Type: reflect.TypeFor[float64]()},
			}, got, name)
			_, got, err = collect(safejson.Options{Engine: eng}, clean)
			require.NoError(t, err, name)
			assert.Empty(t, got, name)
		}
		_, got, _ := collect(safejson.Options{Engine: eng}, map[string]any{"a/b": map[string]any{"~": math.NaN()}})
		assert.Equal(t, []report{{Path: "/a~1b/~0", Reason: safe.ReasonNonFinite, Type: reflect.TypeFor[float64]()}}, got, name)
	}
}

// TestObserveFailedEncode: an encode that returns an error reports nothing,
// even for substitutes written before the error.
func TestObserveFailedEncode(t *testing.T) {
	n := &observeNode{}
	n.Next = n
	v := []any{math.NaN(), n}
	for name, eng := range observeEngines() {
		_, got, err := collect(safejson.Options{Engine: eng, Circular: safejson.CircularError}, v)
		require.Error(t, err, name)
		assert.Empty(t, got, name)
	}
}

// TestObserveIndentAndEncoder: the report goes with MarshalIndent and an
// Encoder too.
func TestObserveIndentAndEncoder(t *testing.T) {
	var got []safejson.Substitution
	o := safejson.Options{OnSubstitute: func(s safejson.Substitution) { got = append(got, s) }}
	_, err := o.MarshalIndent(map[string]float64{"x": math.NaN()}, "", "  ")
	require.NoError(t, err)
	var sink discardWriter
	require.NoError(t, o.NewEncoder(&sink).Encode([]float64{0, math.NaN()}))
	assert.Equal(t, []report{
		{Path: "/x", Reason: safe.ReasonNonFinite, Type: reflect.TypeFor[float64]()},
		{Path: "/1", Reason: safe.ReasonNonFinite, Type: reflect.TypeFor[float64]()},
	}, reportsOf(got))
}

type discardWriter struct{}

func (*discardWriter) Write(p []byte) (int, error) { return len(p), nil }

// TestObserveConcurrent: one report shared by goroutines encoding at once
// (run under -race).
func TestObserveConcurrent(t *testing.T) {
	var mu sync.Mutex
	count := map[string]int{}
	o := safejson.Options{OnSubstitute: func(s safejson.Substitution) {
		mu.Lock()
		count[s.Path.String()]++
		mu.Unlock()
	}}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 200 {
				n := &observeNode{Name: "x"}
				n.Next = n
				v := []any{g, i, math.NaN(), n}
				_, err := o.Marshal(v)
				assert.NoError(t, err)
			}
		}()
	}
	wg.Wait()
	assert.Equal(t, map[string]int{"/2": 1600, "/3/next": 1600, "/3/hook": 1600}, count)
}
