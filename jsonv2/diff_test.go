//go:build goexperiment.jsonv2 && go1.27

package jsonv2_test

import (
	"encoding"
	"encoding/json/jsontext"
	"encoding/json/v2"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	jsonv1 "encoding/json"

	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/corpus"
	"github.com/safejson/safejson/internal/randtype"
	"github.com/safejson/safejson/internal/testutil"
	"github.com/safejson/safejson/jsonv2"
)

// optionSet is a named list of encoding/json/v2 options. Every set has
// Deterministic(true) (directly or through DefaultOptionsV1), so that maps
// of several members compare byte for byte.
type optionSet struct {
	name string
	opts []json.Options
}

var (
	boolMarshaler = json.MarshalToFunc(func(enc *jsontext.Encoder, b bool) error {
		if b {
			return enc.WriteToken(jsontext.String("yes"))
		}
		return errors.ErrUnsupported
	})
	intMarshaler = json.MarshalToFunc(func(enc *jsontext.Encoder, i int) error {
		return enc.WriteToken(jsontext.String(fmt.Sprint("int:", i)))
	})
)

func optionSets() []optionSet {
	det := json.Deterministic(true)
	return []optionSet{
		{"deterministic", []json.Options{det}},
		{"indent", []json.Options{det, jsontext.WithIndent("  "), jsontext.WithIndentPrefix(" ")}},
		{"multiline", []json.Options{det, jsontext.Multiline(true)}},
		{"nil-as-null", []json.Options{det, json.FormatNilSliceAsNull(true), json.FormatNilMapAsNull(true)}},
		{"omitzero", []json.Options{det, json.OmitZeroStructFields(true)}},
		{"stringify", []json.Options{det, json.StringifyNumbers(true)}},
		{"html", []json.Options{det, jsontext.EscapeForHTML(true), jsontext.EscapeForJS(true)}},
		{"invalid-utf8", []json.Options{det, jsontext.AllowInvalidUTF8(true)}},
		{"v1", []json.Options{jsonv1.DefaultOptionsV1()}},
		{"v1-indent", []json.Options{jsonv1.DefaultOptionsV1(), jsontext.WithIndent("\t")}},
		{"v1-v2strings", []json.Options{jsonv1.DefaultOptionsV1(), jsonv1.StringifyWithLegacySemantics(false), jsontext.AllowInvalidUTF8(false)}},
		{"marshalers", []json.Options{det, json.WithMarshalers(json.JoinMarshalers(boolMarshaler, intMarshaler))}},
		{"marshalers-v1", []json.Options{jsonv1.DefaultOptionsV1(), json.WithMarshalers(boolMarshaler)}},
	}
}

// dataError reports whether err, from encoding/json/v2, is a failure on the
// data (where jsonv2 writes a substitute) rather than in the user's code.
func dataError(err error) bool {
	var se *json.SemanticError
	var ut *jsonv1.UnsupportedTypeError
	var uv *jsonv1.UnsupportedValueError
	var me *jsonv1.MarshalerError
	switch {
	case errors.As(err, &me):
		return false
	case errors.As(err, &ut), errors.As(err, &uv):
		return true
	case errors.Is(err, jsontext.ErrDuplicateName):
		return true
	case errors.As(err, &se) && se.Err == nil:
		return true // an unsupported type
	}
	msg := err.Error()
	for _, s := range []string{"unsupported value", "exceeded max depth", "member name must be a string", "encountered a cycle", "invalid UTF-8"} {
		if strings.Contains(msg, s) {
			return true
		}
	}
	return false
}

// pureDataError reports whether err is one no user code can cause: a
// non-finite number, an unsupported type, a cycle or too deep a nesting.
// (Invalid UTF-8 and duplicate names may be in what a user's method or
// jsontext.Value wrote: the same error from both is the user's.)
func pureDataError(err error) bool {
	var se *json.SemanticError
	if errors.As(err, &se) && se.Err == nil {
		return true
	}
	msg := err.Error()
	if strings.Contains(msg, "unsupported `format` tag option") {
		return false // the type's declaration, not the data
	}
	var syn *jsontext.SyntacticError
	if errors.As(err, &syn) && strings.Contains(msg, "exceeded max depth") && !errors.As(err, &se) {
		return true // not inside what a marshal method wrote
	}
	for _, s := range []string{"unsupported value", "unsupported type", "encountered a cycle"} {
		if strings.Contains(msg, s) {
			return true
		}
	}
	return false
}

// declError reports whether err rejects a type's declaration (its tags).
func declError(err error) bool {
	msg := err.Error()
	return strings.Contains(msg, "tag option") || strings.Contains(msg, "Go struct field") // fields.go's errors
}

// methodError reports whether err is about what a marshal method of the
// user's wrote (a value std stopped before reaching may hold one).
func methodError(err error) bool {
	var se *json.SemanticError
	var me *jsonv1.MarshalerError
	if errors.As(err, &me) {
		return true
	}
	if !errors.As(err, &se) || se.GoType == nil {
		return false
	}
	p := reflect.PointerTo(se.GoType)
	for _, m := range []reflect.Type{
		reflect.TypeFor[json.Marshaler](), reflect.TypeFor[json.MarshalerTo](),
		reflect.TypeFor[encoding.TextMarshaler](), reflect.TypeFor[encoding.TextAppender](),
	} {
		if se.GoType.Implements(m) || p.Implements(m) {
			return true
		}
	}
	return false
}

// outputError reports whether err may be about what a method of the user's
// wrote (under the v1 options, such an error names no type).
func outputError(err error) bool {
	msg := err.Error()
	return strings.Contains(msg, "invalid UTF-8") || strings.Contains(msg, "duplicate")
}

// compare checks jsonv2's encode of v under opts against encoding/json/v2's.
func compare(v any, opts []json.Options) error {
	got := randtype.Run(func() ([]byte, error) { return jsonv2.Marshal(v, opts...) })
	if randtype.CrashesStd(v) {
		switch {
		case got.Panic != nil && strings.Contains(fmt.Sprint(got.Panic), "called using nil"):
			// A value method of the user's called through a nil pointer in
			// an interface panics, as in encoding/json/v2 (known difference).
			return nil
		case got.Panic != nil:
			return fmt.Errorf("jsonv2 panicked: %s", got)
		case got.Err == nil && !jsontext.Value(got.Out).IsValid(opts...):
			return fmt.Errorf("jsonv2 wrote invalid JSON: %s", got)
		}
		return nil
	}
	std := randtype.Run(func() ([]byte, error) { return json.Marshal(v, opts...) })
	switch {
	case std.Panic != nil:
		if got.Panic != nil && fmt.Sprint(got.Panic) != fmt.Sprint(std.Panic) {
			return fmt.Errorf("panicked differently: std %s; jsonv2 %s", std, got)
		}
		return nil // the panic of the user's code, or a substitute before it
	case std.Err != nil && got.Err != nil && strings.Contains(got.Err.Error(), "invalid use of `string` tag option"):
		// Known difference: hooked, encoding/json/v2 checks a `,string`
		// tag on an interface field that its unhooked fast path for any
		// does not check.
		return nil
	case got.Panic != nil && std.Err != nil && dataError(std.Err) && strings.Contains(fmt.Sprint(got.Panic), "called using nil"):
		// A value method of the user's called through a nil pointer in an
		// interface panics, in encoding/json/v2 too, past where it stopped.
		return nil
	case got.Panic != nil:
		return fmt.Errorf("jsonv2 panicked: %s (std: %s)", got, std)
	case std.Err == nil:
		if got.Err != nil || string(got.Out) != string(std.Out) {
			return fmt.Errorf("std wrote %s; jsonv2 %s", std, got)
		}
	case got.Err != nil && reflect.TypeOf(got.Err) == reflect.TypeOf(std.Err) && got.Err.Error() == std.Err.Error() &&
		!pureDataError(std.Err) && (!strings.Contains(std.Err.Error(), "member name must be a string") || methodError(std.Err)):
		return nil // the user's code failed (or wrote what encoding/json/v2 rejects): its error
	case declError(std.Err) && (got.Err == nil || declError(got.Err) || methodError(got.Err)):
		// Both reject the type's declaration (the first error found may
		// differ), or jsonv2 wrote a map whose keys encoding/json/v2 cannot
		// write before it checked the map's tag (and maybe met a user's
		// error past it).
		if got.Err == nil && !jsontext.Value(got.Out).IsValid(opts...) {
			return fmt.Errorf("jsonv2 wrote invalid JSON: %s", got)
		}
		return nil
	case !dataError(std.Err):
		if got.Err == nil || reflect.TypeOf(got.Err) != reflect.TypeOf(std.Err) || got.Err.Error() != std.Err.Error() {
			return fmt.Errorf("std failed in user code: %s; jsonv2 %s", std, got)
		}
	case got.Err == nil:
		if !jsontext.Value(got.Out).IsValid(opts...) {
			return fmt.Errorf("jsonv2 wrote invalid JSON: %s", got)
		}
	case dataError(got.Err) && !methodError(got.Err) && !(outputError(got.Err) && randtype.Count(v).Methods > 0):
		return fmt.Errorf("std failed on data (%v), jsonv2 too: %s", std.Err, got)
	}
	return nil
}

// TestCorpus runs every corpus case under every option set against
// encoding/json/v2; the deep values (depth/…), slow to encode, under the
// compact set only (TestSubstitutes covers them further). Under -race, a
// tenth of the cases: the race detector checks concurrency, which this
// single-goroutine comparison of bytes has none of, at ten times the cost.
func TestCorpus(t *testing.T) {
	sets := optionSets()
	for i, c := range corpus.Cases() {
		if testutil.RaceEnabled && i%10 != 0 {
			continue
		}
		for _, set := range sets {
			if strings.HasPrefix(c.Name, "depth/") && set.name != "deterministic" {
				continue
			}
			if err := compare(c.Value, set.opts); err != nil {
				t.Errorf("%s (%s) under %s: %v", c.Name, c.Where(), set.name, err)
			}
		}
	}
}

// TestRandom runs random types and values from internal/randtype under
// every option set (FuzzMarshal explores further).
func TestRandom(t *testing.T) {
	sets := optionSets()
	for i := range 300 {
		s := randtype.Config{}.Generate([]byte(fmt.Sprintf("jsonv2-%d-%d", i, i*7919)))
		for _, set := range sets {
			if err := compare(s.Value, set.opts); err != nil {
				t.Errorf("sample %d under %s: %v\n%s", i, set.name, err, s.Desc)
			}
		}
	}
}

// FuzzMarshal compares jsonv2 with encoding/json/v2 on random types and
// values and a random option set.
func FuzzMarshal(f *testing.F) {
	f.Add([]byte("seed"), uint8(0))
	f.Add([]byte("a longer seed for a deeper value"), uint8(9))
	sets := optionSets()
	f.Fuzz(func(t *testing.T, data []byte, set uint8) {
		s := randtype.Config{}.Generate(data)
		o := sets[int(set)%len(sets)]
		require.NoError(t, compare(s.Value, o.opts), "under %s:\n%s", o.name, s.Desc)
	})
}
