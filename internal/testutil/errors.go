package testutil

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
)

// SameError fails t unless got is encoding/json's error want, by ErrorDiff.
func SameError(t testing.TB, want, got error, msgAndArgs ...any) bool {
	t.Helper()
	if d := ErrorDiff(want, got); d != "" {
		return assert.Fail(t, d, msgAndArgs...)
	}
	return true
}

// ErrorDiff says how got differs from want, encoding/json's error, or ""
// when it does not. Both are nil, or both are not and have the same dynamic
// type and the same message; and for each of encoding/json's error types,
// errors.As finds one in both errors or in neither, and where in both, with
// the same exported fields: the offset of a *json.SyntaxError, every field of
// a *json.UnmarshalTypeError, the Type of a *json.MarshalerError, and a cause
// (an error field) compared by this rule again.
func ErrorDiff(want, got error) string {
	switch {
	case want == nil && got == nil:
		return ""
	case want == nil:
		return fmt.Sprintf("error %T %q, encoding/json none", got, got)
	case got == nil:
		return fmt.Sprintf("no error, encoding/json's %T %q", want, want)
	case reflect.TypeOf(want) != reflect.TypeOf(got):
		return fmt.Sprintf("error %T %q, encoding/json's %T %q", got, got, want, want)
	case want.Error() != got.Error():
		return fmt.Sprintf("error %T %q, encoding/json's %q", got, got, want)
	}
	if d := stdDiff(want, got); d != "" {
		return fmt.Sprintf("error %T %q: %s", got, got, d)
	}
	return ""
}

// stdDiff compares each of encoding/json's error types in want and got, as
// ErrorDiff says. The deprecated UnmarshalFieldError and InvalidUTF8Error are
// never returned by encoding/json.
func stdDiff(want, got error) string {
	for _, d := range []string{
		sameAs[*json.SyntaxError](want, got),
		sameAs[*json.UnmarshalTypeError](want, got),
		sameAs[*json.InvalidUnmarshalError](want, got),
		sameAs[*json.UnsupportedTypeError](want, got),
		sameAs[*json.UnsupportedValueError](want, got),
		sameAs[*json.MarshalerError](want, got),
	} {
		if d != "" {
			return d
		}
	}
	return ""
}

// errorType is the type of the interface error.
var errorType = reflect.TypeFor[error]()

// sameAs compares the T that errors.As finds in want and got.
func sameAs[T error](want, got error) string {
	var w, g T
	wok, gok := errors.As(want, &w), errors.As(got, &g)
	switch {
	case wok != gok:
		return fmt.Sprintf("errors.As %v for %T, encoding/json's %v", gok, w, wok)
	case !wok:
		return ""
	}
	wv, gv := reflect.ValueOf(w).Elem(), reflect.ValueOf(g).Elem()
	for i := range wv.NumField() {
		sf := wv.Type().Field(i)
		if !sf.IsExported() {
			continue
		}
		wf, gf := wv.Field(i), gv.Field(i)
		switch {
		case sf.Type == errorType:
			we, _ := wf.Interface().(error)
			ge, _ := gf.Interface().(error)
			if d := ErrorDiff(we, ge); d != "" {
				return fmt.Sprintf("%T.%s: %s", w, sf.Name, d)
			}
		case sf.Type == reflect.TypeFor[reflect.Value]():
			// UnsupportedValueError.Value: a value of the caller's, described
			// by Str, which is compared.
		case !wf.Comparable() || !gf.Equal(wf):
			return fmt.Sprintf("%T.%s %v, encoding/json's %v", w, sf.Name, gf, wf)
		}
	}
	return ""
}
