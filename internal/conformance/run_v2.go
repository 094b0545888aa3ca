//go:build goexperiment.jsonv2 && go1.27

package conformance

import (
	stdv1 "encoding/json"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"strconv"

	goccyv1 "github.com/goccy/go-json"
	goccytext "github.com/goccy/go-json/jsontext"
	goccyv2 "github.com/goccy/go-json/v2"

	"github.com/safejson/safejson/internal/corpus"
)

// V2Set is one option set of the json/v2 column, in the form of each API:
// Std for encoding/json/v2 (and for any engine that takes the standard
// library's json.Options), Goccy for goccy/go-json/v2, whose options are its
// own types.
type V2Set struct {
	// Name is the set's short name in reports.
	Name string
	// Label says what the set is, as a user would write it.
	Label string
	Std   []jsonv2.Options
	Goccy []goccyv2.Options
	// Deterministic: the set fixes the order of map members
	// (json.Deterministic(true)); without it both encoding/json/v2 and the
	// engines write them in random order, and outputs are compared with the
	// members of every object sorted.
	Deterministic bool
	// Indented: the output of a case that nests thousands of levels
	// (corpus.Case.Deep) grows with the square of its depth; such cases are
	// not run under the set.
	Indented bool
}

// V2Engine is an engine with encoding/json/v2's API.
type V2Engine struct {
	Name string
	// Marshal encodes v under the option set.
	Marshal func(v any, set V2Set) ([]byte, error)
}

// ErrV2User is the error the user funcs of the marshalers option set return
// (for int8 values).
var ErrV2User = errors.New("user marshaler func failed")

// The user funcs of the marshalers option set, one per form: a MarshalFunc
// for bool, a MarshalToFunc for int, a MarshalFunc that fails for int8.
func v2UserBool(b bool) ([]byte, error) {
	if b {
		return []byte(`"yes"`), nil
	}
	return []byte(`"no"`), nil
}

func v2UserInt8(int8) ([]byte, error) { return nil, ErrV2User }

func v2UserIntText(n int) string { return "int " + strconv.Itoa(n) }

// V2Sets returns the option sets of the json/v2 column, in report order.
func V2Sets() []V2Set {
	return []V2Set{
		{Name: "none", Label: "no options"},
		{Name: "deterministic", Label: "json.Deterministic(true)",
			Std: []jsonv2.Options{jsonv2.Deterministic(true)}, Goccy: []goccyv2.Options{goccyv2.Deterministic(true)}, Deterministic: true},
		{Name: "indent", Label: `jsontext.WithIndent("  ")`,
			Std: []jsonv2.Options{jsontext.WithIndent("  ")}, Goccy: []goccyv2.Options{goccytext.WithIndent("  ")}, Indented: true},
		{Name: "nil-as-null", Label: "json.FormatNilSliceAsNull(true), json.FormatNilMapAsNull(true)",
			Std:   []jsonv2.Options{jsonv2.FormatNilSliceAsNull(true), jsonv2.FormatNilMapAsNull(true)},
			Goccy: []goccyv2.Options{goccyv2.FormatNilSliceAsNull(true), goccyv2.FormatNilMapAsNull(true)}},
		{Name: "stringify", Label: "json.StringifyNumbers(true)",
			Std: []jsonv2.Options{jsonv2.StringifyNumbers(true)}, Goccy: []goccyv2.Options{goccyv2.StringifyNumbers(true)}},
		{Name: "omitzero", Label: "json.OmitZeroStructFields(true)",
			Std: []jsonv2.Options{jsonv2.OmitZeroStructFields(true)}, Goccy: []goccyv2.Options{goccyv2.OmitZeroStructFields(true)}},
		{Name: "v1", Label: "json.DefaultOptionsV1() (encoding/json's)",
			Std: []jsonv2.Options{stdv1.DefaultOptionsV1()}, Goccy: []goccyv2.Options{goccyv1.DefaultOptionsV1()}},
		{Name: "marshalers", Label: "json.WithMarshalers: MarshalFunc[bool], MarshalToFunc[int], MarshalFunc[int8] failing",
			Std: []jsonv2.Options{jsonv2.WithMarshalers(jsonv2.JoinMarshalers(
				jsonv2.MarshalFunc(v2UserBool),
				jsonv2.MarshalToFunc(func(enc *jsontext.Encoder, n int) error { return enc.WriteToken(jsontext.String(v2UserIntText(n))) }),
				jsonv2.MarshalFunc(v2UserInt8),
			))},
			Goccy: []goccyv2.Options{goccyv2.WithMarshalers(goccyv2.JoinMarshalers(
				goccyv2.MarshalFunc(v2UserBool),
				goccyv2.MarshalToFunc(func(enc *goccytext.Encoder, n int) error { return enc.WriteToken(goccytext.String(v2UserIntText(n))) }),
				goccyv2.MarshalFunc(v2UserInt8),
			))}},
		{Name: "escape", Label: "jsontext.EscapeForHTML(true), jsontext.EscapeForJS(true)",
			Std:   []jsonv2.Options{jsontext.EscapeForHTML(true), jsontext.EscapeForJS(true)},
			Goccy: []goccyv2.Options{goccytext.EscapeForHTML(true), goccytext.EscapeForJS(true)}},
	}
}

// V2Engines returns the engines of the json/v2 column: every engine with
// encoding/json/v2's API. sonic has none (it keeps encoding/json's v1 API
// only), so goccy/go-json/v2 is the one. safejson's own json/v2 API joins
// the list here.
func V2Engines() []V2Engine {
	return []V2Engine{
		{Name: "goccy", Marshal: func(v any, s V2Set) ([]byte, error) { return goccyv2.Marshal(v, s.Goccy...) }},
	}
}

// V2StdMarshal is encoding/json/v2's Marshal under the option set: the
// reference of the column.
func V2StdMarshal(v any, s V2Set) ([]byte, error) { return jsonv2.Marshal(v, s.Std...) }

// V2Verdict is what an engine did with one case under one option set,
// against encoding/json/v2.
type V2Verdict int

const (
	// V2Identical: encoding/json/v2 writes the value and the engine writes
	// the same bytes (with map members in random order, the same bytes once
	// the members of every object are sorted).
	V2Identical V2Verdict = iota
	// V2SameError: both fail with an error of the same kind (V2ErrorKind).
	V2SameError
	// V2SamePanic: both panic with the same value (the user's code panics).
	V2SamePanic
	// V2Differs: encoding/json/v2 writes the value, the engine other bytes.
	V2Differs
	// V2EngineFails: encoding/json/v2 writes the value, the engine fails.
	V2EngineFails
	// V2Accepts: encoding/json/v2 fails, the engine writes bytes.
	V2Accepts
	// V2OtherError: both fail, with errors of other kinds.
	V2OtherError
	// V2Panic: the engine panics where encoding/json/v2 does not (or with
	// another value).
	V2Panic
	// V2StdDies: encoding/json/v2 dies on the value (corpus.Case.StdDies):
	// it is not run; the engine's outcome is recorded.
	V2StdDies
	// V2NotRun: the case nests thousands of levels and the set indents.
	V2NotRun
)

func (v V2Verdict) String() string {
	switch v {
	case V2Identical:
		return "identical"
	case V2SameError:
		return "same error"
	case V2SamePanic:
		return "same panic"
	case V2Differs:
		return "differs"
	case V2EngineFails:
		return "engine fails"
	case V2Accepts:
		return "engine accepts"
	case V2OtherError:
		return "other error"
	case V2Panic:
		return "engine panics"
	case V2StdDies:
		return "std dies"
	case V2NotRun:
		return "not run"
	}
	return fmt.Sprintf("V2Verdict(%d)", int(v))
}

// Same reports whether the verdict is encoding/json/v2's answer.
func (v V2Verdict) Same() bool { return v == V2Identical || v == V2SameError || v == V2SamePanic }

// V2Result is one case under one option set on one engine.
type V2Result struct {
	Case   *corpus.Case
	Set    V2Set
	Engine string
	// Std and Got are what encoding/json/v2 and the engine did; Std is zero
	// for V2StdDies and both for V2NotRun.
	Std, Got Outcome
	Verdict  V2Verdict
}

// RunV2 puts every case's value through encoding/json/v2 and each engine
// under every option set; the case's own options (safejson's and
// encoding/json's v1 options) are not used. Results come case by case, set
// by set, engine by engine. An engine panic is recovered and recorded.
func RunV2(cases []*corpus.Case, engines []V2Engine, sets []V2Set) []V2Result {
	var out []V2Result
	for _, c := range cases {
		for _, s := range sets {
			var std Outcome
			switch {
			case c.Deep && s.Indented:
			case c.StdDies:
			default:
				std = recovered(func() ([]byte, error) { return V2StdMarshal(c.Value, s) })
			}
			for _, e := range engines {
				r := V2Result{Case: c, Set: s, Engine: e.Name, Std: std}
				switch {
				case c.Deep && s.Indented:
					r.Verdict = V2NotRun
				default:
					r.Got = recovered(func() ([]byte, error) { return e.Marshal(c.Value, s) })
					switch {
					case c.StdDies:
						r.Verdict = V2StdDies
					case std.Err != nil && r.Got.Err != nil && !s.Deterministic:
						// Which member of a map fails first, and at which
						// offset, depends on the random order: judge the
						// errors with the order fixed.
						d := s.deterministic()
						r.Std = recovered(func() ([]byte, error) { return V2StdMarshal(c.Value, d) })
						r.Got = recovered(func() ([]byte, error) { return e.Marshal(c.Value, d) })
						r.Verdict = v2Judge(d, r.Std, r.Got)
					default:
						r.Verdict = v2Judge(s, std, r.Got)
					}
				}
				out = append(out, r)
			}
		}
	}
	return out
}

// v2Judge compares the engine's outcome with encoding/json/v2's.
func v2Judge(s V2Set, std, got Outcome) V2Verdict {
	switch {
	case std.Panicked:
		if got.Panicked && fmt.Sprint(got.PanicValue) == fmt.Sprint(std.PanicValue) {
			return V2SamePanic
		}
		if got.Panicked {
			return V2Panic
		}
		if got.Err != nil {
			return V2OtherError
		}
		return V2Accepts
	case got.Panicked:
		return V2Panic
	case std.Err == nil && got.Err != nil:
		return V2EngineFails
	case std.Err == nil:
		if v2SameBytes(std.Bytes, got.Bytes, s) {
			return V2Identical
		}
		return V2Differs
	case got.Err == nil:
		return V2Accepts
	case V2ErrorKind(got.Err) == V2ErrorKind(std.Err):
		return V2SameError
	}
	return V2OtherError
}

// The parts of a json/v2 error message that say where: the Go type, the
// JSON Pointer, the offset; and the modal verb, which encoding/json/v2
// picks at random once per process ("cannot" or "unable to") so that no
// program matches its messages.
var (
	errorVerb    = regexp.MustCompile(`^json: unable to `)
	errorType    = regexp.MustCompile(`(from|into) Go [^:]*`)
	errorPointer = regexp.MustCompile(` within "(?:[^"\\]|\\.)*"`)
	errorOffset  = regexp.MustCompile(` (after|at) offset [0-9]+`)
)

// V2ErrorKind is what an error says once where it happened is left out (and
// its modal verb made "cannot"): the
// name of its Go type without the package (an engine's error types are its
// own: errors.As tells them from encoding/json's) and its message without the Go type it names, the JSON
// Pointer and the offset. Where a value holds several that fail, which one
// fails first (and its place) can depend on map order, even under
// json.Deterministic(true) for map keys that fail; the kind does not.
func V2ErrorKind(err error) string {
	msg := errorVerb.ReplaceAllString(err.Error(), "json: cannot ")
	msg = errorPointer.ReplaceAllString(msg, "")
	msg = errorOffset.ReplaceAllString(msg, "")
	msg = errorType.ReplaceAllString(msg, "$1 Go T")
	t := reflect.TypeOf(err)
	name := t.Name()
	if t.Kind() == reflect.Pointer {
		name = "*" + t.Elem().Name()
	}
	return name + ": " + msg
}

// deterministic is the set with json.Deterministic(true) added.
func (s V2Set) deterministic() V2Set {
	d := s
	d.Std = append(append([]jsonv2.Options{}, s.Std...), jsonv2.Deterministic(true))
	d.Goccy = append(append([]goccyv2.Options{}, s.Goccy...), goccyv2.Deterministic(true))
	d.Deterministic = true
	return d
}

// v2SameBytes reports whether got is want, with the members of every object
// sorted when the set leaves map order random.
func v2SameBytes(want, got []byte, s V2Set) bool {
	if string(want) == string(got) {
		return true
	}
	if s.Deterministic {
		return false
	}
	w, werr := sortedMembers(want, s)
	g, gerr := sortedMembers(got, s)
	return werr == nil && gerr == nil && string(w) == string(g)
}

// sortedMembers is b with the members of every object sorted by name, in
// the set's layout.
func sortedMembers(b []byte, s V2Set) ([]byte, error) {
	v := jsontext.Value(append([]byte{}, b...))
	opts := []jsontext.Options{jsontext.ReorderRawObjects(true), jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true)}
	if s.Indented {
		opts = append(opts, jsontext.WithIndent("  "))
	}
	err := v.Format(opts...)
	return v, err
}

// v2Shown is the outcome as a report shows it, the same on every run:
// bytes with the members of every object sorted when the set leaves map
// order random, an error as its kind (V2ErrorKind).
func v2Shown(o Outcome, s V2Set) string {
	if o.Err != nil && !o.Panicked && !o.Hung {
		return "error " + V2ErrorKind(o.Err)
	}
	if o.Panicked || o.Hung || s.Deterministic {
		return describe(o)
	}
	if b, err := sortedMembers(o.Bytes, s); err == nil {
		return "wrote " + quote(b)
	}
	return describe(o)
}
