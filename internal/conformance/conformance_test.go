package conformance

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"reflect"
	"regexp"
	"runtime/debug"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson"
	"github.com/safejson/safejson/internal/corpus"
	"github.com/safejson/safejson/internal/engine"
	"github.com/safejson/safejson/internal/flavor"
	"github.com/safejson/safejson/internal/options"
	"github.com/safejson/safejson/internal/testutil"
	"github.com/safejson/safejson/safe"
)

// runSelf runs this test binary as the child of TestStdDiesWhereCasesSay for
// the named case. When the binary cannot be started (a cross-compiled test
// run under qemu user-mode emulation, go test -exec qemu-aarch64-static,
// without binfmt_misc), it is started through qemu-ARCH-static instead.
func runSelf(name string) ([]byte, error) {
	return testutil.RunSelf("^TestStdDiesWhereCasesSay$", stdDiesCase+"="+name)
}

// stdDiesCase names the case a child process of TestStdDiesWhereCasesSay
// runs encoding/json on.
const stdDiesCase = "SAFEJSON_CONFORMANCE_STD_DIES_CASE"

// TestStdDiesWhereCasesSay runs encoding/json on the value of every case that
// says it kills encoding/json on this flavour (category K), each in a child
// process with a small stack, and checks that the child dies of a stack
// overflow; the cases are judged without std in this process.
func TestStdDiesWhereCasesSay(t *testing.T) {
	if name := os.Getenv(stdDiesCase); name != "" {
		// The child: no return from here when the case is right.
		debug.SetMaxStack(16 << 20)
		for _, c := range corpus.Cases() {
			if c.Name == name {
				d := *c
				d.StdDies = false
				o := Std(&d)
				fmt.Printf("encoding/json returned: %s\n", describe(o))
				os.Exit(0)
			}
		}
		t.Fatalf("no case %q", name)
	}
	n := 0
	for _, c := range corpus.Cases() {
		if !c.StdDies {
			continue
		}
		n++
		out, err := runSelf(c.Name)
		var exit *exec.ExitError
		require.ErrorAs(t, err, &exit, "%s: encoding/json did not die: %s", c.Name, out)
		assert.Contains(t, string(out), "stack overflow", c.Name)
	}
	if flavor.V2 {
		assert.Positive(t, n, "the corpus has category K cases")
	} else {
		assert.Zero(t, n, "the classic encoding/json dies on nothing")
	}
}

// TestLiteralsAgainstStd checks every literal against encoding/json, so that a
// typo cannot hide: a corpus.Same case's bytes are encoding/json's, a corpus.Substitute case's
// value is rejected by encoding/json, an Error case's error is encoding/json's
// (type and message), a corpus.Panic case's panic is encoding/json's, and a corpus.Policy
// case really expects something other than encoding/json's answer.
func TestLiteralsAgainstStd(t *testing.T) {
	for _, c := range corpus.Cases() {
		std := Std(c)
		where := fmt.Sprintf("%s (%s)", c.Name, c.Where())
		switch {
		case c.Differential():
			// The expectation is encoding/json's answer; it must give one.
			assert.Empty(t, stdExpectation(c, std).broken, where)
		case c.Kind == corpus.Same:
			if assert.False(t, std.Panicked, where) && assert.NoError(t, std.Err, where) {
				assert.Equal(t, string(std.Bytes), string(c.Want), "%s: the literal is not encoding/json's output", where)
			}
		case c.Kind == corpus.Substitute:
			assert.False(t, std.Panicked, where)
			assert.Error(t, std.Err, "%s: encoding/json accepts the value: not a substitute case", where)
		case c.Kind == corpus.Error:
			require.False(t, std.Panicked, where)
			ok, why := c.Err.Matches(std.Err)
			assert.True(t, ok, "%s: encoding/json: %s", where, why)
		case c.Kind == corpus.Panic:
			if assert.True(t, std.Panicked, "%s: encoding/json did not panic", where) {
				assert.Equal(t, c.PanicValue, fmt.Sprint(std.PanicValue), where)
			}
		case c.Kind == corpus.Policy:
			assert.NotEmpty(t, caseExpectation(c, std).check(std), "%s: encoding/json gives the expected answer: not a policy case", where)
		}
	}
}

var caseFilter = flag.String("case", "", "run only the cases whose name matches this regular expression (TestConformance)")

// TestConformance runs every case through safe alone and through safejson with
// every compiled-in engine, each case in a subtest of its own, with no time
// limit: an encode that hangs is stopped by go test -timeout, whose panic
// names the running subtest. -case REGEXP runs only some cases.
func TestConformance(t *testing.T) {
	engines := engine.All()
	require.NotEmpty(t, engines)
	cases := corpus.Cases()
	if *caseFilter != "" {
		re, err := regexp.Compile(*caseFilter)
		require.NoError(t, err)
		cases = slices.DeleteFunc(slices.Clone(cases), func(c *corpus.Case) bool { return !re.MatchString(c.Name) })
		require.NotEmpty(t, cases, "no case matches -case %q", *caseFilter)
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			for _, r := range RunCases([]*corpus.Case{c}, engines, Config{}) {
				t.Run(r.Engine, func(t *testing.T) {
					switch r.Status {
					case Fail:
						t.Errorf("%s: %s (raw engine: %s)\n\t%s", r.Case.Where(), r.Case.Kind, rawOrNone(r), strings.Join(r.Problems, "\n\t"))
					case KnownDiff:
						t.Logf("%s: known difference on %s", r.Case.Where(), r.Engine)
					}
				})
			}
		})
	}
}

func rawOrNone(r Result) string {
	if s := r.RawSummary(); s != "" {
		return s
	}
	return "none"
}

// jsonEngine is an engine.Engine that is encoding/json itself, named "std":
// the runner's verdicts are tested on it, whatever engines the build has.
type jsonEngine struct{}

func (jsonEngine) Name() string                          { return "std" }
func (jsonEngine) Quirks() engine.Quirks                 { return 0 }
func (jsonEngine) Unmarshal(data []byte, v any) error    { return json.Unmarshal(data, v) }
func (jsonEngine) NewDecoder(r io.Reader) engine.Decoder { return json.NewDecoder(r) }
func (jsonEngine) Append(dst []byte, v any, o options.Output) ([]byte, error) {
	out := Std(&corpus.Case{Value: v, Options: options.Options{Output: o}})
	if out.Panicked {
		panic(out.PanicValue)
	}
	if out.Err != nil {
		return dst, out.Err
	}
	return append(dst, out.Bytes...), nil
}

// fixedEngine is an engine.Engine writing fixed bytes, a fixed error or a
// panic, to test the raw engine's summary.
type fixedEngine struct {
	jsonEngine
	out    []byte
	err    error
	panics bool
}

func (f fixedEngine) Append(dst []byte, _ any, _ options.Output) ([]byte, error) {
	if f.panics {
		panic("fixedEngine")
	}
	if f.err != nil {
		return dst, f.err
	}
	return append(dst, f.out...), nil
}

var errBoom = errors.New("boom")

// same is a literal Same case of the runner's own tests.
func same(name string, v any, want string) *corpus.Case {
	return &corpus.Case{Name: name, Kind: corpus.Same, Value: v, Want: []byte(want), File: "internal/conformance/conformance_test.go"}
}

// TestDifferentialExpectations: a differential case expects encoding/json's
// own answer, and cannot be judged where encoding/json gives none that fits.
func TestDifferentialExpectations(t *testing.T) {
	asStd := &corpus.Case{Name: "test/as-std", Kind: corpus.Same, Value: []int{1}}
	stdFails := &corpus.Case{Name: "test/std-fails", Kind: corpus.Error, Value: 1}
	require.True(t, asStd.Differential())
	require.True(t, stdFails.Differential())
	x := caseExpectation(asStd, Outcome{Bytes: []byte(`[1]`)})
	assert.Empty(t, x.check(Outcome{Bytes: []byte(`[1]`)}))
	assert.NotEmpty(t, x.check(Outcome{Bytes: []byte(`[2]`)}))
	x = caseExpectation(stdFails, Outcome{Err: errBoom})
	assert.Empty(t, x.check(Outcome{Err: errors.New("boom")}))
	assert.NotEmpty(t, x.check(Outcome{Err: errors.New("bang")}), "another message")
	assert.NotEmpty(t, x.check(Outcome{Err: fmt.Errorf("%w", errBoom)}), "another type")
	for _, tc := range []struct {
		c   *corpus.Case
		std Outcome
	}{
		{asStd, Outcome{Err: errBoom}},
		{asStd, Outcome{Err: ErrStdDies}},
		{asStd, Outcome{Panicked: true, PanicValue: "p"}},
		{stdFails, Outcome{Bytes: []byte(`1`)}},
	} {
		x := caseExpectation(tc.c, tc.std)
		assert.NotEmpty(t, x.broken, "%s %+v", tc.c.Name, tc.std)
		assert.NotEmpty(t, x.check(Outcome{Bytes: []byte(`[1]`)}))
	}
}

func TestJudgeKnownDifference(t *testing.T) {
	c := same("test/known", 1, `1`)
	c.Known = append(c.Known, corpus.Known{Engine: "std", Reason: "test", Got: []byte(`2`)})

	// Through the real std engine safejson writes 1, the expected bytes: the
	// known difference has disappeared, which must fail.
	results := RunCases([]*corpus.Case{c}, []engine.Engine{jsonEngine{}}, Config{})
	require.Len(t, results, 2)
	assert.Equal(t, SafeColumn, results[0].Engine)
	assert.Equal(t, Fail, results[1].Status)
	require.NotEmpty(t, results[1].Problems)
	assert.Contains(t, results[1].Problems[0], "no longer happens")
}

func TestJudgeFailures(t *testing.T) {
	wrongBytes := same("test/wrong", 1, `2`)
	results := RunCases([]*corpus.Case{wrongBytes}, []engine.Engine{jsonEngine{}}, Config{})
	for _, r := range results {
		assert.Equal(t, Fail, r.Status, r.Engine)
		assert.NotEmpty(t, r.Problems, r.Engine)
	}
	assert.Equal(t, "same bytes", results[1].RawSummary(), "the raw engine wrote encoding/json's bytes")

	for _, tc := range []struct {
		engine fixedEngine
		raw    string
	}{
		{fixedEngine{out: []byte(`3`)}, "differs"},
		{fixedEngine{out: []byte(`2`)}, "ok"},
		{fixedEngine{err: errBoom}, "error: boom"},
		{fixedEngine{panics: true}, "panic"},
	} {
		results := RunCases([]*corpus.Case{wrongBytes}, []engine.Engine{tc.engine}, Config{})
		assert.Equal(t, tc.raw, results[1].RawSummary())
	}

	ok := same("test/ok", []int{1}, `[1]`)
	results = RunCases([]*corpus.Case{ok}, []engine.Engine{jsonEngine{}}, Config{})
	for _, r := range results {
		assert.Equal(t, Pass, r.Status, r.Engine)
		assert.Empty(t, r.Problems, r.Engine)
	}
	assert.Equal(t, "ok", results[1].RawSummary())
	assert.Equal(t, "", results[0].RawSummary())
}

// TestHangLimit: with a HangLimit, an encode that has not returned is recorded
// as hung (the report command's guard); without one, the runner waits.
func TestHangLimit(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	blocked := func() ([]byte, error) { <-release; return nil, nil }
	o := Config{HangLimit: time.Millisecond}.capture(blocked)
	assert.True(t, o.Hung)
	assert.Contains(t, describe(o), "hung")

	quick := func() ([]byte, error) { return []byte(`1`), nil }
	assert.Equal(t, Outcome{Bytes: []byte(`1`)}, Config{}.capture(quick))
	assert.Equal(t, Outcome{Bytes: []byte(`1`)}, Config{HangLimit: time.Hour}.capture(quick))
	o = Config{}.capture(func() ([]byte, error) { panic("p") })
	assert.Equal(t, Outcome{Panicked: true, PanicValue: "p"}, o)
}

func TestExpectationChecks(t *testing.T) {
	want := expectation{bytes: []byte(`[1]`)}
	assert.Empty(t, want.check(Outcome{Bytes: []byte(`[1]`)}))
	assert.NotEmpty(t, want.check(Outcome{Bytes: []byte(`[2]`)}))
	assert.NotEmpty(t, want.check(Outcome{Err: errBoom}))
	assert.NotEmpty(t, want.check(Outcome{Panicked: true, PanicValue: "x"}))

	assert.Empty(t, checkAppended(Outcome{Bytes: []byte(`p:[1]`)}, "p:", want))
	assert.NotEmpty(t, checkAppended(Outcome{Bytes: []byte(`[1]`)}, "p:", want))
	errWant := expectation{err: corpus.ErrAs[error]("boom")}
	assert.Empty(t, checkAppended(Outcome{Bytes: []byte(`p:`), Err: errBoom}, "p:", errWant))
	assert.NotEmpty(t, checkAppended(Outcome{Bytes: []byte(`p:[`), Err: errBoom}, "p:", errWant), "half-written output")

	assert.Empty(t, checkEncoded(Outcome{Bytes: []byte("[1]\n")}, want))
	assert.NotEmpty(t, checkEncoded(Outcome{Bytes: []byte("[1]")}, want))
	assert.Empty(t, checkEncoded(Outcome{Err: errBoom}, errWant))
	assert.NotEmpty(t, checkEncoded(Outcome{Bytes: []byte("["), Err: errBoom}, errWant), "half-written output")

	panicWant := expectation{panic: "p", isPan: true}
	assert.Empty(t, panicWant.check(Outcome{Panicked: true, PanicValue: "p"}))
	assert.NotEmpty(t, panicWant.check(Outcome{Panicked: true, PanicValue: "q"}))
	assert.NotEmpty(t, panicWant.check(Outcome{Bytes: []byte(`1`)}))
}

// TestSafeOptionsCoverSafejsonOptions: the runner converts safejson.Options to
// safe.Options field by field, by name.
func TestSafeOptionsCoverSafejsonOptions(t *testing.T) {
	from := reflect.TypeFor[safejson.Options]()
	to := reflect.TypeFor[safe.Options]()
	for i := range from.NumField() {
		f := from.Field(i)
		if f.Name == "Engine" || !f.IsExported() {
			continue
		}
		g, ok := to.FieldByName(f.Name)
		if assert.True(t, ok, "safe.Options has no field %s", f.Name) {
			assert.Equal(t, f.Type, g.Type, "field %s", f.Name)
		}
	}
	o := safeOptions(&corpus.Case{Options: options.Options{MaxDepth: 3, Output: options.Output{Indent: "\t", NoEscapeHTML: true}, Circular: options.CircularError}}, &callLog{c: &corpus.Case{}})
	assert.Equal(t, safe.Options{MaxDepth: 3, Indent: "\t", NoEscapeHTML: true, Circular: safe.CircularError}, o)

	// Every option a case may set (the internal form's fields but those
	// only the API and the planner set) is a safejson option, converted.
	in := options.Options{
		Output:   options.Output{NoEscapeHTML: true, Prefix: ">", Indent: "\t"},
		Circular: options.CircularPlaceholder, Placeholder: "p", MaxDepth: 3, MaxBreadth: 2, Strict: true,
		Replacer:     func(_ string, v any) (any, bool) { return v, true },
		OnSubstitute: func(safe.Substitution) {},
	}
	got := reflect.ValueOf(SafejsonOptions(in))
	for _, f := range reflect.VisibleFields(reflect.TypeFor[options.Options]()) {
		switch f.Name {
		case "Output", "Engine", "API", "LineBreaks", "NullForNonFinite":
			continue
		}
		require.False(t, reflect.ValueOf(in).FieldByIndex(f.Index).IsZero(), "set %s in this test", f.Name)
		g := got.FieldByName(f.Name)
		if assert.True(t, g.IsValid(), "safejson.Options has no field %s", f.Name) {
			assert.False(t, g.IsZero(), "SafejsonOptions drops %s", f.Name)
		}
	}
	assert.Equal(t, safejson.CircularPlaceholder, SafejsonOptions(in).Circular)
}

// TestDocUpToDate: the known-differences region of docs/differences.md is
// what the cases say.
func TestDocUpToDate(t *testing.T) {
	doc, err := os.ReadFile("../../docs/differences.md")
	require.NoError(t, err)
	got, err := DocRegion(doc)
	require.NoError(t, err)
	require.Equal(t, DocSection(corpus.Cases()), got,
		"docs/differences.md's known-differences section is stale: regenerate it with `go run ./internal/conformance/cmd/report -docs` from the repository root")
}

func TestDocReplace(t *testing.T) {
	in := []byte("a\n" + DocBegin + " (x) -->\nold\n" + DocEnd + "\nb\n")
	out, err := ReplaceDocSection(in, "new\n")
	require.NoError(t, err)
	assert.Equal(t, "a\n"+DocBegin+" (x) -->\nnew\n"+DocEnd+"\nb\n", string(out))
	region, err := DocRegion(out)
	require.NoError(t, err)
	assert.Equal(t, "new\n", region)
	_, err = ReplaceDocSection([]byte("no markers"), "x")
	assert.EqualError(t, err, "conformance: the document has no "+DocBegin+" marker")
	_, err = ReplaceDocSection([]byte(DocBegin+"\nno end"), "x")
	assert.EqualError(t, err, "conformance: the document has no "+DocEnd+" marker after "+DocBegin)
}

func TestWriteMarkdown(t *testing.T) {
	cases := []*corpus.Case{same("test/a", 1, `1`), same("test/b", 2, `3`)}
	results := RunCases(cases, []engine.Engine{jsonEngine{}}, Config{})
	var b strings.Builder
	require.NoError(t, WriteMarkdown(&b, results))
	out := b.String()
	assert.Contains(t, out, "| case | kind | safe | std |")
	assert.Contains(t, out, "| pass | pass · raw ok |")
	assert.Contains(t, out, "| **FAIL** | **FAIL** · raw same bytes |")
	assert.Contains(t, out, "- **test/b** on std")
	assert.Contains(t, out, "verdict: FAIL: 2 of 4 results")
	var traced strings.Builder
	RunCases(cases[:1], []engine.Engine{jsonEngine{}}, Config{Trace: &traced})
	assert.Equal(t, "test/a\tstd\ntest/a\tsafe\ntest/a\tstd raw\ntest/a\tstd\n", traced.String())

	// SkipRaw leaves the raw engine out (cmd/enginecheck, after it crashed the process).
	traced.Reset()
	skipped := RunCases(cases[:1], []engine.Engine{jsonEngine{}}, Config{Trace: &traced, SkipRaw: func(c, e string) bool { return c == "test/a" && e == "std" }})
	assert.Equal(t, "test/a\tstd\ntest/a\tsafe\ntest/a\tstd\n", traced.String())
	require.Len(t, skipped, 2)
	assert.ErrorIs(t, skipped[1].Raw.Err, ErrRawSkipped)
	assert.Equal(t, "crashed", skipped[1].RawSummary())
	assert.Equal(t, Pass, skipped[1].Status, "the verdict is safejson's, not the raw engine's")

	var tsv strings.Builder
	require.NoError(t, WriteTSV(&tsv, results))
	assert.Equal(t, "test/a\tsafe\tpass\t\ntest/a\tstd\tpass\tok\ntest/b\tsafe\tFAIL\t\ntest/b\tstd\tFAIL\tsame bytes\n", tsv.String())
	s := Summarize(results)
	assert.Equal(t, Summary{Cases: 2, Columns: 2, Pass: 2, Fail: 2, Engines: []string{SafeColumn, "std"},
		FailedCases: []string{"test/b on safe", "test/b on std"}}, s)
}
