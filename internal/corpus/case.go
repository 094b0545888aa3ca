// Package corpus is safejson's one corpus of test values: every value the
// conformance runner, the differential tests of package safe and the tests of
// the engines encode, with what safejson must do with each, per flavour of
// encoding/json, and where the case is written (file:line).
//
// Each Case holds a value and its expectation. Most are literal: the bytes, or
// the error (its type and message), or the panic; for values encoding/json
// accepts the literal is the one encoding/json writes (package conformance
// checks that), for values it rejects the documented substitute. Differential
// cases leave the literal out where encoding/json is the answer (long or
// generated values, and the errors of the user's own methods): a Same case
// with no Want expects encoding/json's bytes, an Error case with no Err
// encoding/json's error, computed by the test that runs it.
//
// The corpus imports neither safejson nor package safe nor the engines, so
// that the tests of each of them can iterate it.
package corpus

import (
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"

	"github.com/safejson/safejson/internal/options"
)

// Kind says how a case's expectation relates to what encoding/json does with the
// same value and the same std options (escaping, indentation).
type Kind int

const (
	// Same: encoding/json accepts the value and writes exactly Want.
	Same Kind = iota
	// Substitute: encoding/json rejects the value; safejson writes Want, the
	// documented substitute.
	Substitute
	// Policy: an option encoding/json does not have (MaxDepth, MaxBreadth,
	// Replacer, Circular, Strict), or the default MaxDepth, makes the expected
	// answer differ from encoding/json's.
	Policy
	// Error: the user's own code fails (a MarshalJSON or MarshalText error,
	// invalid JSON from a marshaler); encoding/json and safejson return the same
	// error, Err.
	Error
	// Panic: the user's own code panics; encoding/json and safejson let the panic
	// through with the same value.
	Panic
)

func (k Kind) String() string {
	switch k {
	case Same:
		return "same"
	case Substitute:
		return "substitute"
	case Policy:
		return "policy"
	case Error:
		return "error"
	case Panic:
		return "panic"
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// Case is one value of the corpus and what safejson must do with it.
type Case struct {
	// Name is unique in the corpus: "theme/what".
	Name string
	// Kind relates the expectation to encoding/json's answer.
	Kind Kind
	// Value is what is encoded. It is shared by every run and never modified.
	Value any
	// Options are the safejson options of every run.
	Options options.Options
	// Want is the exact output expected when Err is nil and Kind is not Panic;
	// nil for a Same case means encoding/json's output (Differential).
	Want []byte
	// Err is the expected error, or nil; nil for an Error case means
	// encoding/json's error (Differential).
	Err *WantError
	// Strict, for a Substitute case, is what safejson's Strict option reports:
	// where the first substitution is. Nil when the case does not say.
	Strict *StrictWant
	// Deep: the value nests thousands of levels. Its indented forms grow with
	// the square of the depth, so the tests that encode each case in many
	// forms (package safe's differential tests) leave it to the conformance
	// runner, which encodes it once per column.
	Deep bool
	// Engines: every engine by itself (engine.Engine.Append) writes
	// encoding/json's bytes for the value under every std option; the tests
	// of package engine check it. Such values trigger no quirk.
	Engines bool
	// PanicValue is fmt.Sprint of the value the encode must panic with, for
	// Kind Panic.
	PanicValue string
	// ReplacerKeys, for a case whose Options.Replacer is set, are the keys the
	// replacer must be called with during one encode, sorted: one call per
	// value, whatever the value holds (cycles included).
	ReplacerKeys []string
	// Known lists the engines for which safejson is known to give other bytes.
	Known []Known
	// Flavors are the case's expectations on the flavours of encoding/json
	// where they differ from Kind, Want and Err above, which are the classic
	// encoding/json's (flavour "v1": Go 1.26, Go 1.27 with
	// GOEXPERIMENT=nojsonv2). Cases applies the one of the flavour in force.
	Flavors []FlavorDiff
	// Flavor is the entry of Flavors that Cases applied, or nil: the case
	// expects the classic answer on this build.
	Flavor *FlavorDiff
	// StdDies says encoding/json of the flavour in force dies on the value,
	// with a fatal error no recover catches (category K: a cycle that writes
	// no JSON token, such as var x any; x = &x, recurses until the stack
	// overflows): the runner never hands it the value (see Std).
	StdDies bool
	// File (relative to the repository root) and Line locate the case's
	// constructor call.
	File string
	Line int
}

// FlavorDiff is what a case expects on one flavour of encoding/json, where
// encoding/json's answer there differs from the classic one's.
type FlavorDiff struct {
	// Flavor is flavor.Name of the flavour: "v2" (encoding/json on json/v2,
	// Go 1.27's default).
	Flavor string
	// Reason says what changed in encoding/json there.
	Reason string
	// Kind, Want and Err replace the case's own.
	Kind Kind
	Want []byte
	Err  *WantError
	// StdDies: encoding/json of this flavour dies on the value (Case.StdDies).
	StdDies bool
	// Strict replaces the case's own when set (a substitute on this
	// flavour only).
	Strict *StrictWant
}

// StrictWant is what Strict reports for a substitute: the JSON Pointer of the
// first substitution, and whether its message is encoding/json's (it is
// not when the first substitution safejson meets is not the value
// encoding/json stops at: same error type, another message).
type StrictWant struct {
	Path     string
	OtherMsg bool
}

// Differential reports whether the case's expectation is encoding/json's own
// answer, computed when the test runs: a Same case with no Want, an Error
// case with no Err.
func (c *Case) Differential() bool {
	return (c.Kind == Same && c.Want == nil) || (c.Kind == Error && c.Err == nil)
}

// Known is a known difference: through engine Engine (on GOARCH Arch, or
// every GOARCH when empty), safejson writes Got instead of the case's Want, for
// the reason Reason.
type Known struct {
	Engine string
	Arch   string
	Reason string
	Got    []byte
}

// WantError describes an expected error: its type, checked with errors.As, and
// its exact message.
type WantError struct {
	// Type names the errors.As target type, for reports.
	Type string
	// As reports whether errors.As(err, &target) succeeds for a target of Type.
	As func(error) bool
	// Msg is the exact err.Error().
	Msg string
}

// Where returns "file:line" of the case.
func (c *Case) Where() string { return fmt.Sprintf("%s:%d", c.File, c.Line) }

// KnownFor returns the known difference of c for the engine named name on
// GOARCH arch, or nil.
func (c *Case) KnownFor(name, arch string) *Known {
	for i := range c.Known {
		k := &c.Known[i]
		if k.Engine == name && (k.Arch == "" || k.Arch == arch) {
			return k
		}
	}
	return nil
}

// ErrAs builds the expectation of an error of type T with message msg. For a
// plain error (errors.New, fmt.Errorf without %w) T is error itself.
func ErrAs[T error](msg string) *WantError {
	return &WantError{
		Type: reflect.TypeFor[T]().String(),
		As: func(err error) bool {
			var target T
			return errors.As(err, &target)
		},
		Msg: msg,
	}
}

// Matches reports whether err is the expected error, and if not, why.
func (w *WantError) Matches(err error) (bool, string) {
	switch {
	case err == nil:
		return false, "no error, want " + w.Type + ": " + w.Msg
	case !w.As(err):
		return false, fmt.Sprintf("error %T (%v) is not a %s", err, err, w.Type)
	case err.Error() != w.Msg:
		return false, fmt.Sprintf("error message %q, want %q", err.Error(), w.Msg)
	}
	return true, ""
}

// newCase records the caller of the constructor that called it.
func newCase(name string, kind Kind, v any) *Case {
	_, file, line, _ := runtime.Caller(2)
	return &Case{Name: name, Kind: kind, Value: v, File: "internal/corpus/" + filepath.Base(file), Line: line}
}

// same: encoding/json accepts v and writes want.
func same(name string, v any, want string) *Case {
	c := newCase(name, Same, v)
	c.Want = []byte(want)
	return c
}

// asStd: encoding/json accepts v; safejson writes encoding/json's bytes,
// computed when the test runs (a differential case).
func asStd(name string, v any) *Case {
	return newCase(name, Same, v)
}

// stdFails: the user's code (a MarshalJSON, a MarshalText, an invalid
// json.Number) fails; safejson returns encoding/json's error, computed when
// the test runs (a differential case).
func stdFails(name string, v any) *Case {
	return newCase(name, Error, v)
}

// strictAt records where Strict reports the first substitution of a
// Substitute case.
func (c *Case) strictAt(path string) *Case {
	c.Strict = &StrictWant{Path: path}
	return c
}

// strictAtOther is strictAt where the first substitution safejson meets is
// not the value encoding/json stops at (same error type, another message).
func (c *Case) strictAtOther(path string) *Case {
	c.Strict = &StrictWant{Path: path, OtherMsg: true}
	return c
}

// deep marks the case as one that nests thousands of levels (Case.Deep).
func (c *Case) deep() *Case {
	c.Deep = true
	return c
}

// engines marks the case as one every engine by itself writes exactly as
// encoding/json does (Case.Engines).
func (c *Case) engines() *Case {
	c.Engines = true
	return c
}

// sub: encoding/json rejects v; safejson writes the substitute want.
func sub(name string, v any, want string) *Case {
	c := newCase(name, Substitute, v)
	c.Want = []byte(want)
	return c
}

// policy: an option (or the default MaxDepth) makes safejson write want, where
// encoding/json writes something else or fails.
func policy(name string, v any, want string) *Case {
	c := newCase(name, Policy, v)
	c.Want = []byte(want)
	return c
}

// policyErr: an option (Strict, CircularError) makes safejson return err, where
// encoding/json writes something else or fails otherwise.
func policyErr(name string, v any, err *WantError) *Case {
	c := newCase(name, Policy, v)
	c.Err = err
	return c
}

// fails: the user's code fails; encoding/json and safejson return err.
func fails(name string, v any, err *WantError) *Case {
	c := newCase(name, Error, v)
	c.Err = err
	return c
}

// panics: the user's code panics with a value printing as p; encoding/json and
// safejson let it through.
func panics(name string, v any, p string) *Case {
	c := newCase(name, Panic, v)
	c.PanicValue = p
	return c
}

// with sets the case's options.
func (c *Case) with(o options.Options) *Case {
	c.Options = o
	return c
}

// calls sets the keys the case's replacer must be called with (any order).
func (c *Case) calls(keys ...string) *Case {
	c.ReplacerKeys = slices.Sorted(slices.Values(keys))
	return c
}

// onV2 records that on flavour v2 the case expects want, for the reason
// given; the kind stays. An empty want for kind Same is encoding/json's
// bytes (differential).
func (c *Case) onV2(reason, want string) *Case {
	return c.onV2Kind(c.Kind, reason, want)
}

// onV2Kind records that on flavour v2 the case is of kind k and expects want
// (encoding/json now writes a value it rejected, say).
func (c *Case) onV2Kind(k Kind, reason, want string) *Case {
	f := FlavorDiff{Flavor: "v2", Reason: reason, Kind: k, Want: []byte(want)}
	if want == "" && k == Same {
		f.Want = nil
	}
	c.Flavors = append(c.Flavors, f)
	return c
}

// onV2Err records that on flavour v2 the case expects the error err.
func (c *Case) onV2Err(reason string, err *WantError) *Case {
	c.Flavors = append(c.Flavors, FlavorDiff{Flavor: "v2", Reason: reason, Kind: c.Kind, Err: err})
	return c
}

// substituteOnV2 records that encoding/json on flavour v2 rejects the value
// and safejson writes want, Strict reporting the substitution at path.
func (c *Case) substituteOnV2(reason, want, path string) *Case {
	c.Flavors = append(c.Flavors, FlavorDiff{Flavor: "v2", Reason: reason, Kind: Substitute, Want: []byte(want), Strict: &StrictWant{Path: path}})
	return c
}

// failsOnV2 records that on flavour v2 the user's code fails (kind Error)
// with err, where the classic encoding/json never calls it.
func (c *Case) failsOnV2(reason string, err *WantError) *Case {
	c.Flavors = append(c.Flavors, FlavorDiff{Flavor: "v2", Reason: reason, Kind: Error, Err: err})
	return c
}

// stdDiesOnV2 records that encoding/json on json/v2 dies on the case's value
// (category K); the expectation stays.
func (c *Case) stdDiesOnV2(reason string) *Case {
	c.Flavors = append(c.Flavors, FlavorDiff{Flavor: "v2", Reason: reason, Kind: c.Kind, Want: c.Want, Err: c.Err, StdDies: true})
	return c
}

// forFlavor returns the case as it stands on the named flavour: a copy with
// that flavour's expectation applied, or c itself when it has none.
func (c *Case) forFlavor(name string) *Case {
	for i := range c.Flavors {
		f := &c.Flavors[i]
		if f.Flavor != name {
			continue
		}
		d := *c
		d.Kind, d.Want, d.Err, d.StdDies, d.Flavor = f.Kind, f.Want, f.Err, f.StdDies, f
		if f.Strict != nil {
			d.Strict = f.Strict
		}
		return &d
	}
	return c
}

// known records a known difference for an engine on every GOARCH (arch "") or
// on one.
func (c *Case) known(engine, arch, reason, got string) *Case {
	c.Known = append(c.Known, Known{Engine: engine, Arch: arch, Reason: reason, Got: []byte(got)})
	return c
}
