package conformance

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/safejson/safejson"
	"github.com/safejson/safejson/internal/corpus"
	"github.com/safejson/safejson/internal/engine"
	"github.com/safejson/safejson/internal/enginehandle"
	"github.com/safejson/safejson/internal/options"
	"github.com/safejson/safejson/internal/race"
	"github.com/safejson/safejson/safe"
)

// SafeColumn is the Result.Engine of package safe run alone.
const SafeColumn = "safe"

// Status is the verdict of one case on one engine.
type Status int

const (
	// Pass: the expected bytes or error, on every entry point.
	Pass Status = iota
	// KnownDiff: the bytes of the case's known difference for this engine.
	KnownDiff
	// Fail: anything else, including a known difference that no longer happens.
	Fail
)

func (s Status) String() string {
	switch s {
	case Pass:
		return "pass"
	case KnownDiff:
		return "known difference"
	case Fail:
		return "FAIL"
	}
	return fmt.Sprintf("Status(%d)", int(s))
}

// Outcome is what one encode did: wrote Bytes, returned Err, panicked with
// PanicValue, or hung.
type Outcome struct {
	Bytes      []byte
	Err        error
	Panicked   bool
	PanicValue any
	// Hung: the encode had not returned within Config.HangLimit.
	Hung bool
}

// Result is one case on one engine.
type Result struct {
	Case *corpus.Case
	// Engine is the engine's name, or SafeColumn for package safe alone.
	Engine string
	// Raw is what the engine itself did with the case's value and std options
	// (engine.Engine.Append); zero for SafeColumn.
	Raw Outcome
	// Std is what encoding/json did with the value and the std options.
	Std Outcome
	// Got is what safejson through the engine (or safe alone) did: Marshal.
	Got Outcome
	// Status is the verdict over every entry point.
	Status Status
	// Problems say why Status is Fail, one line each.
	Problems []string
	// NotRun: the case was not run on this engine, because an encode of it
	// hung on an earlier column.
	NotRun bool
}

// Config is how a run goes. The zero Config is the one for tests: no trace,
// and no time limit, since a test that hangs is stopped by go test -timeout,
// which names the running subtest (the case), and a wall-clock limit would
// fail a correct build on a loaded machine.
type Config struct {
	// Trace, when set, receives a line "case<TAB>column" before each case runs
	// on each column, and "case<TAB>ENGINE raw" before the raw engine runs:
	// after a crash no recover catches (a fatal error of the runtime in an
	// engine), its last line names the culprit.
	Trace io.Writer
	// HangLimit, when positive, bounds the time one encode may take before
	// the runner records it as hung and moves on (the encode goes on in its
	// goroutine). It is a guard against infinite loops for the report command,
	// not a measure of speed.
	HangLimit time.Duration
	// SkipRaw, when set, names the cases and engines whose raw engine is not
	// run (Result.Raw.Err is ErrRawSkipped): cmd/enginecheck's way past an
	// engine version that crashes the process on a value.
	SkipRaw func(caseName, engine string) bool
}

// ErrRawSkipped is the Outcome.Err of a raw engine Config.SkipRaw left out.
var ErrRawSkipped = errors.New("not run: it crashed the process")

func (cfg Config) trace(c *corpus.Case, column string) {
	if cfg.Trace != nil {
		fmt.Fprintf(cfg.Trace, "%s\t%s\n", c.Name, column)
	}
}

// Run puts every case through package safe alone and through safejson with each
// of the engines, and records what each raw engine does. Results come case by
// case, SafeColumn first, then the engines in the order given.
func Run(engines []engine.Engine, cfg Config) []Result {
	return RunCases(corpus.Cases(), engines, cfg)
}

// RunCases is Run over the given cases.
func RunCases(cases []*corpus.Case, engines []engine.Engine, cfg Config) []Result {
	arch := runtime.GOARCH
	var results []Result
	for _, c := range cases {
		cfg.trace(c, "std")
		std := cfg.std(c)
		cfg.trace(c, SafeColumn)
		r := Result{Case: c, Engine: SafeColumn, Std: std}
		r.Got, r.Status, r.Problems = cfg.judge(c, std, nil, c.KnownFor(SafeColumn, arch))
		results = append(results, r)
		hungOn := ""
		if hung(r) {
			hungOn = SafeColumn
		}
		for _, e := range engines {
			r := Result{Case: c, Engine: e.Name(), Std: std}
			if hungOn != "" {
				// A hung encode goes on running: do not start more of them.
				r.NotRun = true
				r.Status, r.Problems = Fail, []string{"not run: the encode hung on " + hungOn}
				results = append(results, r)
				continue
			}
			if cfg.SkipRaw != nil && cfg.SkipRaw(c.Name, e.Name()) {
				r.Raw = Outcome{Err: ErrRawSkipped}
			} else {
				cfg.trace(c, e.Name()+" raw")
				r.Raw = cfg.rawEngine(e, c)
			}
			cfg.trace(c, e.Name())
			r.Got, r.Status, r.Problems = cfg.judge(c, std, e, c.KnownFor(e.Name(), arch))
			results = append(results, r)
			if hung(r) {
				hungOn = e.Name()
			}
		}
	}
	return results
}

// hung reports whether an encode of r hung.
func hung(r Result) bool {
	if r.Raw.Hung || r.Got.Hung {
		return true
	}
	for _, p := range r.Problems {
		if strings.Contains(p, "hung: ") {
			return true
		}
	}
	return false
}

// ErrStdDies is the Outcome.Err of encoding/json, or of the raw std engine,
// for a case whose value kills encoding/json on this flavour (corpus.Case.StdDies):
// it was not run.
var ErrStdDies = errors.New("not run: encoding/json dies on this value (fatal stack overflow)")

// RawEngine returns what e itself does with the case's value under its std
// options, a panic recovered. An engine that would hand the value to
// encoding/json is not run on a value that kills it (corpus.Case.StdDies): std, and
// sonic under the race detector, which then runs json.Marshal on every value
// after encoding it (sonic's helpDetectDataRace).
func RawEngine(e engine.Engine, c *corpus.Case) Outcome { return Config{}.rawEngine(e, c) }

func (cfg Config) rawEngine(e engine.Engine, c *corpus.Case) Outcome {
	if c.StdDies && (e.Name() == "std" || (race.Enabled && e.Name() == "sonic")) {
		return Outcome{Err: ErrStdDies}
	}
	return cfg.capture(func() ([]byte, error) { return e.Append(nil, c.Value, c.Options.Output) })
}

// Std returns what encoding/json does with the case's value under its std
// options (escaping, indentation), as json.Encoder without the newline; for a
// value that kills encoding/json on this flavour (corpus.Case.StdDies) it does not
// run it and returns ErrStdDies.
func Std(c *corpus.Case) Outcome { return Config{}.std(c) }

func (cfg Config) std(c *corpus.Case) Outcome {
	if c.StdDies {
		return Outcome{Err: ErrStdDies}
	}
	return cfg.capture(func() ([]byte, error) {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(!c.Options.NoEscapeHTML)
		enc.SetIndent(c.Options.Prefix, c.Options.Indent)
		if err := enc.Encode(c.Value); err != nil {
			return nil, err
		}
		return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
	})
}

// capture runs f, recovering a panic; with a HangLimit, an f still running
// after it is recorded as hung.
func (cfg Config) capture(f func() ([]byte, error)) Outcome {
	if cfg.HangLimit <= 0 {
		return recovered(f)
	}
	done := make(chan Outcome, 1)
	go func() { done <- recovered(f) }()
	timer := time.NewTimer(cfg.HangLimit)
	defer timer.Stop()
	select {
	case o := <-done:
		return o
	case <-timer.C:
		return Outcome{Hung: true}
	}
}

// recovered runs f, recovering a panic.
func recovered(f func() ([]byte, error)) (o Outcome) {
	defer func() {
		if r := recover(); r != nil {
			o = Outcome{Panicked: true, PanicValue: r}
		}
	}()
	b, err := f()
	return Outcome{Bytes: b, Err: err}
}

// expectation is what an encode must do: exactly one of its forms applies.
type expectation struct {
	bytes []byte
	err   *corpus.WantError
	panic string
	isPan bool
	// broken: the case cannot be judged (a differential case encoding/json
	// gives no fitting answer to); every outcome fails with this problem.
	broken string
}

// caseExpectation is what case c expects; std is encoding/json's outcome for
// it, the answer of a differential case.
func caseExpectation(c *corpus.Case, std Outcome) expectation {
	switch {
	case c.Kind == corpus.Panic:
		return expectation{panic: c.PanicValue, isPan: true}
	case c.Err != nil:
		return expectation{err: c.Err}
	case c.Differential():
		return stdExpectation(c, std)
	}
	return expectation{bytes: c.Want}
}

// stdExpectation is the expectation of a differential case: encoding/json's
// bytes for a Same case, its error (exact type and message) for an Error case.
func stdExpectation(c *corpus.Case, std Outcome) expectation {
	switch {
	case errors.Is(std.Err, ErrStdDies):
		return expectation{broken: "a differential case on which encoding/json dies: write its expectation"}
	case std.Hung || std.Panicked:
		return expectation{broken: "encoding/json: " + describe(std) + ", in a differential case"}
	case c.Kind == corpus.Same && std.Err != nil:
		return expectation{broken: fmt.Sprintf("encoding/json fails (%T: %v) on a differential Same case", std.Err, std.Err)}
	case c.Kind == corpus.Same:
		return expectation{bytes: std.Bytes}
	case std.Err == nil:
		return expectation{broken: "encoding/json writes " + quote(std.Bytes) + " for a differential Error case"}
	}
	stdErr := std.Err
	return expectation{err: &corpus.WantError{
		Type: fmt.Sprintf("%T", stdErr),
		As:   func(err error) bool { return reflect.TypeOf(err) == reflect.TypeOf(stdErr) },
		Msg:  stdErr.Error(),
	}}
}

// check returns the problems of o against x; none when it matches.
func (x expectation) check(o Outcome) []string {
	switch {
	case x.broken != "":
		return []string{x.broken}
	case o.Hung:
		return []string{describe(o)}
	case x.isPan:
		if !o.Panicked {
			return []string{fmt.Sprintf("did not panic (%s), want panic %q", describe(o), x.panic)}
		}
		if got := fmt.Sprint(o.PanicValue); got != x.panic {
			return []string{fmt.Sprintf("panic %q, want panic %q", got, x.panic)}
		}
	case o.Panicked:
		return []string{fmt.Sprintf("panic: %v", o.PanicValue)}
	case x.err != nil:
		if ok, why := x.err.Matches(o.Err); !ok {
			if o.Err == nil {
				why += fmt.Sprintf(" (wrote %s)", quote(o.Bytes))
			}
			return []string{why}
		}
	case o.Err != nil:
		return []string{fmt.Sprintf("error %T: %v, want %s", o.Err, o.Err, quote(x.bytes))}
	case !bytes.Equal(o.Bytes, x.bytes):
		return []string{fmt.Sprintf("wrote %s, want %s", quote(o.Bytes), quote(x.bytes))}
	}
	return nil
}

// judge runs the case through safejson with engine e (package safe alone when
// e is nil) on every entry point and returns the Marshal outcome and the
// verdict. A known difference k is checked both ways: its bytes must come out,
// and the expected ones must not.
func (cfg Config) judge(c *corpus.Case, std Outcome, e engine.Engine, k *corpus.Known) (Outcome, Status, []string) {
	want := caseExpectation(c, std)
	if k == nil {
		got, problems := cfg.entryPoints(c, e, want)
		if len(problems) > 0 {
			return got, Fail, problems
		}
		return got, Pass, nil
	}
	got, problems := cfg.entryPoints(c, e, expectation{bytes: k.Got})
	if len(problems) > 0 {
		if _, wantProblems := cfg.entryPoints(c, e, want); len(wantProblems) == 0 {
			return got, Fail, []string{fmt.Sprintf("known difference (%s) no longer happens: remove it from the case", k.Reason)}
		}
		return got, Fail, append([]string{"known difference (" + k.Reason + ") not reproduced:"}, problems...)
	}
	return got, KnownDiff, nil
}

// entryPoints checks Marshal, Append onto a non-empty buffer (nothing written
// on error) and, through an engine, Encoder.Encode (nothing written on error),
// and the replacer's calls of each.
func (cfg Config) entryPoints(c *corpus.Case, e engine.Engine, want expectation) (Outcome, []string) {
	var problems []string
	report := func(entry string, ps []string) {
		for _, p := range ps {
			problems = append(problems, entry+": "+p)
		}
	}

	var got Outcome
	calls := newCallLog(c)
	if e == nil {
		o := safeOptions(c, calls)
		got = cfg.capture(func() ([]byte, error) { return o.Marshal(c.Value) })
	} else {
		o := engineOptions(c, e, calls)
		got = cfg.capture(func() ([]byte, error) { return o.Marshal(c.Value) })
	}
	report("Marshal", want.check(got))
	if got.Hung {
		return got, append(problems, "Append, Encoder: not run after the hang")
	}
	report("Marshal", calls.check())

	const prefix = "prefix:"
	calls = newCallLog(c)
	dst := append(make([]byte, 0, 64), prefix...)
	var appended Outcome
	if e == nil {
		o := safeOptions(c, calls)
		appended = cfg.capture(func() ([]byte, error) { return o.Append(dst, c.Value) })
	} else {
		o := engineOptions(c, e, calls)
		appended = cfg.capture(func() ([]byte, error) { return o.Append(dst, c.Value) })
	}
	report("Append", checkAppended(appended, prefix, want))
	if appended.Hung {
		return got, problems
	}
	report("Append", calls.check())

	if e != nil {
		calls = newCallLog(c)
		var buf bytes.Buffer
		enc := engineOptions(c, e, calls).NewEncoder(&buf)
		encoded := cfg.capture(func() ([]byte, error) {
			err := enc.Encode(c.Value)
			return buf.Bytes(), err
		})
		report("Encoder", checkEncoded(encoded, want))
		report("Encoder", calls.check())
	}
	return got, problems
}

// checkAppended checks an Append onto prefix: prefix then the expected bytes, or
// the expected error with prefix returned unchanged.
func checkAppended(o Outcome, prefix string, want expectation) []string {
	if o.Panicked || o.Hung {
		return want.check(o)
	}
	if o.Err != nil {
		ps := want.check(Outcome{Err: o.Err})
		if string(o.Bytes) != prefix {
			ps = append(ps, fmt.Sprintf("on error returned %s, want the buffer unchanged", quote(o.Bytes)))
		}
		return ps
	}
	rest, ok := bytes.CutPrefix(o.Bytes, []byte(prefix))
	if !ok {
		return []string{fmt.Sprintf("returned %s, which does not start with the buffer %q", quote(o.Bytes), prefix)}
	}
	return want.check(Outcome{Bytes: rest})
}

// checkEncoded checks what Encoder.Encode wrote: the expected bytes and a
// newline, or nothing and the expected error.
func checkEncoded(o Outcome, want expectation) []string {
	if o.Panicked || o.Hung {
		return want.check(o)
	}
	if o.Err != nil {
		ps := want.check(Outcome{Err: o.Err})
		if len(o.Bytes) > 0 {
			ps = append(ps, fmt.Sprintf("on error wrote %s, want nothing", quote(o.Bytes)))
		}
		return ps
	}
	b, ok := bytes.CutSuffix(o.Bytes, []byte("\n"))
	if !ok {
		return []string{fmt.Sprintf("wrote %s, want a trailing newline", quote(o.Bytes))}
	}
	return want.check(Outcome{Bytes: b})
}

// callLog records the keys a case's replacer is called with during one encode.
type callLog struct {
	c    *corpus.Case
	mu   sync.Mutex
	keys []string
}

func newCallLog(c *corpus.Case) *callLog { return &callLog{c: c} }

// wrap returns the case's replacer, recording its calls; nil when it has none.
func (l *callLog) wrap() func(string, any) (any, bool) {
	r := l.c.Options.Replacer
	if r == nil {
		return nil
	}
	return func(key string, v any) (any, bool) {
		l.mu.Lock()
		l.keys = append(l.keys, key)
		l.mu.Unlock()
		return r(key, v)
	}
}

func (l *callLog) check() []string {
	if l.c.Options.Replacer == nil || l.c.Kind == corpus.Panic {
		return nil
	}
	got := slices.Sorted(slices.Values(l.keys))
	if !slices.Equal(got, l.c.ReplacerKeys) {
		return []string{fmt.Sprintf("replacer called with keys %q, want each of %q once", got, l.c.ReplacerKeys)}
	}
	return nil
}

func engineOptions(c *corpus.Case, e engine.Engine, calls *callLog) safejson.Options {
	o := SafejsonOptions(c.Options)
	o.Engine = enginehandle.Of(e)
	o.Replacer = calls.wrap()
	return o
}

// SafejsonOptions are the safejson options of a case's options (the
// internal form, as the user sets it): the reverse of safejson.Options's
// own conversion, field by field (a test checks that none is left out).
func SafejsonOptions(o options.Options) safejson.Options {
	report, _ := o.OnSubstitute.(func(safe.Substitution))
	return safejson.Options{
		NoEscapeHTML: o.NoEscapeHTML, Prefix: o.Prefix, Indent: o.Indent,
		MaxDepth: o.MaxDepth, MaxBreadth: o.MaxBreadth, Strict: o.Strict,
		Circular: safe.Circular(o.Circular), Placeholder: o.Placeholder, Replacer: o.Replacer,
		OnSubstitute: report,
	}
}

// safeOptions converts the case's options to package safe's: every field of
// safejson.Options but Engine has a namesake of the same type in
// safe.Options (a test checks it).
func safeOptions(c *corpus.Case, calls *callLog) safe.Options {
	o := SafejsonOptions(c.Options)
	o.Replacer = calls.wrap()
	var s safe.Options
	from := reflect.ValueOf(o)
	to := reflect.ValueOf(&s).Elem()
	for i := range from.NumField() {
		if f := to.FieldByName(from.Type().Field(i).Name); f.IsValid() && f.CanSet() && f.Type() == from.Field(i).Type() {
			f.Set(from.Field(i))
		}
	}
	return s
}

// describe says in a few words what an outcome was.
func describe(o Outcome) string {
	switch {
	case o.Hung:
		return "hung: did not return within the hang limit"
	case o.Panicked:
		return fmt.Sprintf("panic: %v", o.PanicValue)
	case o.Err != nil:
		return fmt.Sprintf("error %T: %v", o.Err, o.Err)
	}
	return "wrote " + quote(o.Bytes)
}

// quote is a Go-quoted excerpt of b, shortened in the middle past 200 bytes.
func quote(b []byte) string {
	if len(b) <= 200 {
		return fmt.Sprintf("%q", b)
	}
	return fmt.Sprintf("%q…(%d bytes)…%q", b[:90], len(b)-180, b[len(b)-90:])
}
