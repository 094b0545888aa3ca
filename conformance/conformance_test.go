package conformance

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson"
	"github.com/safejson/safejson/internal/engine"
	"github.com/safejson/safejson/internal/flavor"
	"github.com/safejson/safejson/safe"
)

// TestMain gives the tests a hang guard fit for a loaded machine: HangLimit
// catches infinite loops, not slowness, and under the race detector, with
// other test binaries on the same two cores, a raw engine has taken more than
// its default 5 s to reject 10001 levels of []any.
func TestMain(m *testing.M) {
	HangLimit = 2 * time.Minute
	os.Exit(m.Run())
}

// TestCorpus checks the corpus is well formed: enough cases, unique names, one
// expectation each, a location that exists, replacer keys exactly when there
// is a replacer.
func TestCorpus(t *testing.T) {
	cases := Cases()
	require.GreaterOrEqual(t, len(cases), 64)
	names := map[string]string{}
	for _, c := range cases {
		if prev, dup := names[c.Name]; dup {
			t.Errorf("%s: case name %q already used at %s", c.Where(), c.Name, prev)
		}
		names[c.Name] = c.Where()

		src, err := os.ReadFile(filepath.Base(c.File))
		require.NoError(t, err, "%s: %s", c.Name, c.Where())
		assert.Positive(t, c.Line, c.Name)
		assert.LessOrEqual(t, c.Line, bytes.Count(src, []byte("\n")), "%s: %s", c.Name, c.Where())

		switch c.Kind {
		case Same, Substitute:
			assert.Nil(t, c.Err, "%s: %s", c.Name, c.Where())
			assert.NotNil(t, c.Want, "%s: %s", c.Name, c.Where())
		case Error:
			assert.NotNil(t, c.Err, "%s: %s", c.Name, c.Where())
		case Policy:
			assert.True(t, (c.Err == nil) != (c.Want == nil), "%s: %s: a policy case expects bytes or an error", c.Name, c.Where())
		case Panic:
			assert.NotEmpty(t, c.PanicValue, "%s: %s", c.Name, c.Where())
		default:
			t.Errorf("%s: %s: kind %v", c.Name, c.Where(), c.Kind)
		}
		assert.Equal(t, c.Options.Replacer != nil, c.ReplacerKeys != nil,
			"%s: %s: replacer keys are listed exactly when the case has a replacer", c.Name, c.Where())
		assert.True(t, c.Options.Engine.IsZero(), "%s: %s: the runner sets the engine", c.Name, c.Where())
		for _, k := range c.Known {
			assert.Contains(t, []string{"sonic", "goccy", "std"}, k.Engine, "%s: %s", c.Name, c.Where())
			assert.NotEmpty(t, k.Reason, "%s: %s", c.Name, c.Where())
		}
		if (c.Kind == Same || c.Kind == Substitute || (c.Kind == Policy && c.Want != nil)) && c.Options.Prefix == "" {
			assert.True(t, json.Valid(c.Want), "%s: %s: the expected bytes are not valid JSON: %q", c.Name, c.Where(), c.Want)
		}
	}
}

// TestFlavors checks the per-flavour expectations: each names a flavour
// there is, gives a reason, and says something other than the classic
// expectation (or that encoding/json dies there); CasesFor applies exactly
// the flavour asked for, and Cases the one in force.
func TestFlavors(t *testing.T) {
	classic, onV2 := CasesFor("v1"), CasesFor("v2")
	require.Equal(t, len(classic), len(onV2))
	n := 0
	for i, c := range classic {
		d := onV2[i]
		where := fmt.Sprintf("%s (%s)", c.Name, c.Where())
		assert.Nil(t, c.Flavor, where)
		assert.False(t, c.StdDies, where)
		for _, f := range c.Flavors {
			assert.Equal(t, "v2", f.Flavor, where)
			assert.NotEmpty(t, f.Reason, where)
			changed := f.StdDies || f.Kind != c.Kind || !bytes.Equal(f.Want, c.Want) || (f.Err == nil) != (c.Err == nil) ||
				(f.Err != nil && (f.Err.Msg != c.Err.Msg || f.Err.Type != c.Err.Type))
			assert.True(t, changed, "%s: the v2 expectation is the classic one", where)
		}
		if len(c.Flavors) == 0 {
			assert.Same(t, c, d, where)
			continue
		}
		n++
		require.NotNil(t, d.Flavor, where)
		assert.Equal(t, d.Flavor.Kind, d.Kind, where)
		assert.Equal(t, d.Flavor.Want, d.Want, where)
		assert.Equal(t, d.Flavor.StdDies, d.StdDies, where)
	}
	assert.Positive(t, n)
	for i, c := range Cases() {
		assert.Equal(t, CasesFor(flavor.Name)[i].Flavor != nil, c.Flavor != nil, c.Name)
	}
}

// runSelf runs this test binary as the child of TestStdDiesWhereCasesSay for
// the named case. When the binary cannot be started (a cross-compiled test
// run under qemu user-mode emulation, go test -exec qemu-aarch64-static,
// without binfmt_misc), it is started through qemu-ARCH-static instead.
func runSelf(name string) ([]byte, error) {
	command := func(args ...string) *exec.Cmd {
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Env = append(os.Environ(), stdDiesCase+"="+name)
		return cmd
	}
	args := []string{os.Args[0], "-test.run=^TestStdDiesWhereCasesSay$"}
	out, err := command(args...).CombinedOutput()
	var exit *exec.ExitError
	if err == nil || errors.As(err, &exit) {
		return out, err
	}
	arch := map[string]string{"arm64": "aarch64", "amd64": "x86_64", "386": "i386"}[runtime.GOARCH]
	if arch == "" {
		arch = runtime.GOARCH
	}
	qemu, lookErr := exec.LookPath("qemu-" + arch + "-static")
	if lookErr != nil {
		return out, fmt.Errorf("cannot start the child (%v), nor find qemu-%s-static: %w", err, arch, lookErr)
	}
	out, err = command(append([]string{qemu}, args...)...).CombinedOutput()
	if err != nil && !errors.As(err, &exit) {
		return out, fmt.Errorf("cannot start the child through %s: %w", qemu, err)
	}
	return out, err
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
		for _, c := range Cases() {
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
	for _, c := range Cases() {
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
// typo cannot hide: a Same case's bytes are encoding/json's, a Substitute case's
// value is rejected by encoding/json, an Error case's error is encoding/json's
// (type and message), a Panic case's panic is encoding/json's, and a Policy
// case really expects something other than encoding/json's answer.
func TestLiteralsAgainstStd(t *testing.T) {
	for _, c := range Cases() {
		std := Std(c)
		where := fmt.Sprintf("%s (%s)", c.Name, c.Where())
		switch c.Kind {
		case Same:
			if assert.False(t, std.Panicked, where) && assert.NoError(t, std.Err, where) {
				assert.Equal(t, string(std.Bytes), string(c.Want), "%s: the literal is not encoding/json's output", where)
			}
		case Substitute:
			assert.False(t, std.Panicked, where)
			assert.Error(t, std.Err, "%s: encoding/json accepts the value: not a substitute case", where)
		case Error:
			require.False(t, std.Panicked, where)
			ok, why := c.Err.Matches(std.Err)
			assert.True(t, ok, "%s: encoding/json: %s", where, why)
		case Panic:
			if assert.True(t, std.Panicked, "%s: encoding/json did not panic", where) {
				assert.Equal(t, c.PanicValue, fmt.Sprint(std.PanicValue), where)
			}
		case Policy:
			assert.NotEmpty(t, caseExpectation(c).check(std), "%s: encoding/json gives the expected answer: not a policy case", where)
		}
	}
}

var caseFilter = flag.String("case", "", "run only the cases whose name matches this regular expression (TestConformance)")

// TestConformance runs every case through safe alone and through safejson with
// every compiled-in engine. -case REGEXP runs only some cases.
func TestConformance(t *testing.T) {
	engines := engine.All()
	require.NotEmpty(t, engines)
	cases := Cases()
	if *caseFilter != "" {
		re, err := regexp.Compile(*caseFilter)
		require.NoError(t, err)
		cases = slices.DeleteFunc(slices.Clone(cases), func(c *Case) bool { return !re.MatchString(c.Name) })
		require.NotEmpty(t, cases, "no case matches -case %q", *caseFilter)
	}
	for _, r := range RunCases(cases, engines) {
		t.Run(r.Case.Name+"/"+r.Engine, func(t *testing.T) {
			switch r.Status {
			case Fail:
				t.Errorf("%s: %s (raw engine: %s)\n\t%s", r.Case.Where(), r.Case.Kind, rawOrNone(r), strings.Join(r.Problems, "\n\t"))
			case KnownDiff:
				t.Logf("%s: known difference on %s", r.Case.Where(), r.Engine)
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
func (jsonEngine) Append(dst []byte, v any, o engine.Options) ([]byte, error) {
	out := Std(&Case{Value: v, Options: safejson.Options{NoEscapeHTML: o.NoEscapeHTML, Prefix: o.Prefix, Indent: o.Indent}})
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

func (f fixedEngine) Append(dst []byte, _ any, _ engine.Options) ([]byte, error) {
	if f.panics {
		panic("fixedEngine")
	}
	if f.err != nil {
		return dst, f.err
	}
	return append(dst, f.out...), nil
}

func TestJudgeKnownDifference(t *testing.T) {
	c := same("test/known", 1, `1`)
	c.known("std", "", "test", `2`)
	require.NotNil(t, c.KnownFor("std", "amd64"))
	assert.Nil(t, c.KnownFor("sonic", "amd64"))

	// Through the real std engine safejson writes 1, the expected bytes: the
	// known difference has disappeared, which must fail.
	results := RunCases([]*Case{c}, []engine.Engine{jsonEngine{}})
	require.Len(t, results, 2)
	assert.Equal(t, SafeColumn, results[0].Engine)
	assert.Equal(t, Fail, results[1].Status)
	require.NotEmpty(t, results[1].Problems)
	assert.Contains(t, results[1].Problems[0], "no longer happens")

	// A known difference for one GOARCH only applies there.
	d := same("test/known-arch", 1, `1`).known("std", "no-such-arch", "test", `2`)
	assert.Nil(t, d.KnownFor("std", "amd64"))
	assert.NotNil(t, d.KnownFor("std", "no-such-arch"))
}

func TestJudgeFailures(t *testing.T) {
	wrongBytes := same("test/wrong", 1, `2`)
	results := RunCases([]*Case{wrongBytes}, []engine.Engine{jsonEngine{}})
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
		results := RunCases([]*Case{wrongBytes}, []engine.Engine{tc.engine})
		assert.Equal(t, tc.raw, results[1].RawSummary())
	}

	ok := same("test/ok", []int{1}, `[1]`)
	results = RunCases([]*Case{ok}, []engine.Engine{jsonEngine{}})
	for _, r := range results {
		assert.Equal(t, Pass, r.Status, r.Engine)
		assert.Empty(t, r.Problems, r.Engine)
	}
	assert.Equal(t, "ok", results[1].RawSummary())
	assert.Equal(t, "", results[0].RawSummary())
}

func TestExpectationChecks(t *testing.T) {
	want := expectation{bytes: []byte(`[1]`)}
	assert.Empty(t, want.check(Outcome{Bytes: []byte(`[1]`)}))
	assert.NotEmpty(t, want.check(Outcome{Bytes: []byte(`[2]`)}))
	assert.NotEmpty(t, want.check(Outcome{Err: errBoom}))
	assert.NotEmpty(t, want.check(Outcome{Panicked: true, PanicValue: "x"}))

	assert.Empty(t, checkAppended(Outcome{Bytes: []byte(`p:[1]`)}, "p:", want))
	assert.NotEmpty(t, checkAppended(Outcome{Bytes: []byte(`[1]`)}, "p:", want))
	errWant := expectation{err: errAs[error]("boom")}
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
	o := safeOptions(&Case{Options: safejson.Options{MaxDepth: 3, Indent: "\t", NoEscapeHTML: true}}, &callLog{c: &Case{}})
	assert.Equal(t, safe.Options{MaxDepth: 3, Indent: "\t", NoEscapeHTML: true}, o)
}

// TestReadmeUpToDate: the README's known-differences region is what the cases
// say.
func TestReadmeUpToDate(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	require.NoError(t, err)
	got, err := ReadmeRegion(readme)
	require.NoError(t, err)
	require.Equal(t, ReadmeSection(Cases()), got,
		"README.md's known-differences section is stale: regenerate it with `go run ./conformance/cmd/report -readme` from the repository root")
}

func TestReadmeReplace(t *testing.T) {
	in := []byte("a\n" + ReadmeBegin + " (x) -->\nold\n" + ReadmeEnd + "\nb\n")
	out, err := ReplaceReadmeSection(in, "new\n")
	require.NoError(t, err)
	assert.Equal(t, "a\n"+ReadmeBegin+" (x) -->\nnew\n"+ReadmeEnd+"\nb\n", string(out))
	region, err := ReadmeRegion(out)
	require.NoError(t, err)
	assert.Equal(t, "new\n", region)
	_, err = ReplaceReadmeSection([]byte("no markers"), "x")
	assert.Error(t, err)
	_, err = ReplaceReadmeSection([]byte(ReadmeBegin+"\nno end"), "x")
	assert.Error(t, err)
}

func TestWriteMarkdown(t *testing.T) {
	cases := []*Case{same("test/a", 1, `1`), same("test/b", 2, `3`)}
	results := RunCases(cases, []engine.Engine{jsonEngine{}})
	var b strings.Builder
	require.NoError(t, WriteMarkdown(&b, results))
	out := b.String()
	assert.Contains(t, out, "| case | kind | safe | std |")
	assert.Contains(t, out, "| pass | pass · raw ok |")
	assert.Contains(t, out, "| **FAIL** | **FAIL** · raw same bytes |")
	assert.Contains(t, out, "- **test/b** on std")
	assert.Contains(t, out, "verdict: FAIL: 2 of 4 results")
	var traced strings.Builder
	Trace = &traced
	RunCases(cases[:1], []engine.Engine{jsonEngine{}})
	Trace = nil
	assert.Equal(t, "test/a\tstd\ntest/a\tsafe\ntest/a\tstd\n", traced.String())

	var tsv strings.Builder
	require.NoError(t, WriteTSV(&tsv, results))
	assert.Equal(t, "test/a\tsafe\tpass\t\ntest/a\tstd\tpass\tok\ntest/b\tsafe\tFAIL\t\ntest/b\tstd\tFAIL\tsame bytes\n", tsv.String())
	s := Summarize(results)
	assert.Equal(t, Summary{Cases: 2, Columns: 2, Pass: 2, Fail: 2, Engines: []string{SafeColumn, "std"},
		FailedCases: []string{"test/b on safe", "test/b on std"}}, s)
}
