package engine

// Every error an engine returns is classified here, in one place: either the
// engine could not write the value (*Rejected), or the user's own method
// failed, which becomes exactly the error encoding/json returns, or, where the
// engine's error lacks what that needs, an *Unconvertible.
//
// What each engine returns (sonic v1.15.5, goccy/go-json v0.12.0):
//
//	failure                            encoding/json                        sonic                                       goccy
//	cycle                              *UnsupportedValueError "encountered   *json.UnsupportedValueError "Value          *gojson.UnsupportedValueError
//	                                   a cycle via T"                       nesting too deep" (after 2047 levels)       "encountered a cycle via T"
//	NaN, ±Inf                          *UnsupportedValueError "NaN"         *json.UnsupportedValueError "NaN or          *gojson.UnsupportedValueError "NaN"
//	                                                                        ±Infinite"
//	chan, func, complex, bad map key   *UnsupportedTypeError (map type)     *json.UnsupportedTypeError (key type)       *gojson.UnsupportedTypeError (key type)
//	nesting too deep (not a cycle)     —                                    *json.UnsupportedValueError "Value          *gojson.SyntaxError "exceeded
//	                                                                        nesting too deep"                           max depth" (> JSONv2DepthLimit)
//	invalid json.Number                "json: invalid number literal %q"    *json.UnsupportedValueError "invalid        the classic std error, same text
//	                                   (v2: *MarshalerError of               number literal: %q"
//	                                   MarshalJSONTo)
//	MarshalJSON/MarshalText error      *MarshalerError{Type, Err}           the user's error, unwrapped                 *gojson.MarshalerError{Type of the
//	                                                                                                                    method's receiver, Err}
//	MarshalJSON invalid output         *MarshalerError{Type, *SyntaxError}  *json.SyntaxError (from json.Compact),      *gojson.MarshalerError{Type,
//	                                                                        unwrapped                                   *gojson.SyntaxError}
//	map key MarshalText error          "json: encoding error for type %q:   the user's error, unwrapped                 *gojson.MarshalerError "MarshalText"
//	                                   %q" (map type; v2: *MarshalerError)
//	deeper than EncodeDepthLimit (v2)  *SyntaxError "exceeded max depth"    as above                                    as above
//
// The std column is the flavour of encoding/json the program is built with
// (internal/flavor); the errors rebuilt here are that flavour's (stdjsonerr),
// which names the failing type as v1 does (T, *T, the interface type) or as
// json/v2 does (*T always), writes a map key's failure and an invalid
// json.Number as a *MarshalerError on v2, and words an invalid json.Number
// differently under `,string` there: a number below the top level, where
// the option may apply, is then an *Unconvertible.
//
// sonic's user errors carry no type; goccy's carry the receiver type of the
// method, which is not always the type encoding/json names (std names T for
// an addressable T with a pointer-receiver method, and *T for a *T value with
// a value-receiver method), and goccy does not tell a map key's MarshalText
// from a value's. So a user error is rebuilt exactly only when it cannot come
// from anywhere else than the top-level value's own method; every other user
// error is an *Unconvertible.
//
// std's classification is here; sonic's and goccy's are in errors_sonic.go
// and errors_goccy.go, which only builds holding those engines compile.

import (
	"encoding/json"
	"errors"
	"reflect"

	"github.com/safejson/safejson/internal/flavor"
	"github.com/safejson/safejson/internal/jsontype"
	"github.com/safejson/safejson/internal/stdjsonerr"
)

// Rejected is the error an engine returns for a value it cannot write but the
// safe encoder can substitute: a cycle, NaN or ±Inf, an unsupported type or map
// key, nesting too deep. It is also returned for any engine error this package
// does not recognise: falling back is always safe.
type Rejected struct {
	Engine string
	Err    error // the engine's own error, for diagnostics
	// NonFinite: the value was rejected for a NaN or ±Inf float.
	NonFinite bool
}

func (e *Rejected) Error() string { return e.Engine + ": rejected: " + e.Err.Error() }

// Unwrap returns the engine's own error.
func (e *Rejected) Unwrap() error { return e.Err }

// IsRejected reports whether err says the engine could not write the value.
func IsRejected(err error) bool {
	var r *Rejected
	return errors.As(err, &r)
}

// IsNonFinite reports whether err says the engine rejected the value for a
// NaN or ±Inf float (Rejected.NonFinite).
func IsNonFinite(err error) bool {
	var r *Rejected
	return errors.As(err, &r) && r.NonFinite
}

// nonFiniteText reports whether s is how a NaN or ±Inf is named in an
// engine's UnsupportedValueError (strconv's 'g' format: NaN, +Inf, -Inf).
func nonFiniteText(s string) bool { return s == "NaN" || s == "+Inf" || s == "-Inf" }

// NullsNonFinite reports whether e honours options.Output.NullForNonFinite (writes
// null for NaN and ±Inf itself, as the reference encoder does): sonic does,
// the others reject the value.
func NullsNonFinite(e Engine) bool {
	_, ok := e.(interface{ nullsNonFinite() })
	return ok
}

// Unconvertible is the error an engine returns when the user's own code failed
// (a MarshalJSON or MarshalText method returned an error or invalid JSON) but
// the engine's error does not carry what is needed to rebuild encoding/json's
// error exactly (the Go type encoding/json names, or its *json.SyntaxError).
// The caller re-runs the reference encoder, which returns the exact error; it
// may treat an Unconvertible exactly as a Rejected.
type Unconvertible struct {
	Engine string
	Err    error // the engine's own error
}

func (e *Unconvertible) Error() string {
	return e.Engine + ": user error not convertible to encoding/json's: " + e.Err.Error()
}

// Unwrap returns the engine's own error.
func (e *Unconvertible) Unwrap() error { return e.Err }

// IsUnconvertible reports whether err is an *Unconvertible.
func IsUnconvertible(err error) bool {
	var u *Unconvertible
	return errors.As(err, &u)
}

// NeedsFallback reports whether the reference encoder must run to get the
// answer: err is a *Rejected or an *Unconvertible. Any other non-nil error is
// already the error encoding/json returns.
func NeedsFallback(err error) bool { return IsRejected(err) || IsUnconvertible(err) }

// topLevelMethodError rebuilds encoding/json's error for a failure of v's own
// MarshalJSON or MarshalText method. encoding/json calls the method of the
// top-level value (never addressable) when its dynamic type implements
// json.Marshaler, else encoding.TextMarshaler, unless it is a nil pointer; an
// engine then writes nothing else, so any user error must come from that one
// call, whose type encoding/json names. ok is false when v has no such method.
// cause is the user's error (or encoding/json's *json.SyntaxError for invalid
// output) as the engine returned it.
func topLevelMethodError(v any, cause error) (err error, ok bool) {
	t := reflect.TypeOf(v)
	if t == nil || (t.Kind() == reflect.Pointer && reflect.ValueOf(v).IsNil()) {
		return nil, false
	}
	named := flavor.MarshalerErrorType(t, t)
	switch jsontype.Of(t).MethodOn(false) {
	case jsontype.MethodMarshalJSONTo, jsontype.MethodMarshalJSON:
		return stdjsonerr.MarshalJSONError(named, cause), true
	case jsontype.MethodAppendText, jsontype.MethodMarshalText:
		return stdjsonerr.MarshalTextError(named, cause), true
	}
	return nil, false
}

var numberType = reflect.TypeFor[json.Number]()

// invalidNumberError rebuilds encoding/json's error for an invalid json.Number
// with text lit, found by an engine encoding v. Its text does not depend on
// where the number is, except on json/v2 under `,string`: there, a number
// that is not the top-level value gets an *Unconvertible.
func invalidNumberError(engine string, v any, lit string, cause error) error {
	if flavor.InvalidNumberIsMarshalerError && reflect.TypeOf(v) != numberType {
		return &Unconvertible{Engine: engine, Err: cause}
	}
	return stdjsonerr.InvalidNumber(lit, false)
}

// stdError classifies an error of encoding/json: it is already the exact
// error, except the kinds the safe encoder substitutes (a *json.SyntaxError
// that is not a MarshalJSON's is json/v2's depth limit).
func stdError(err error) error {
	switch err.(type) {
	case *json.UnsupportedTypeError, *json.UnsupportedValueError, *json.SyntaxError:
		return &Rejected{Engine: "std", Err: err}
	}
	return err
}
