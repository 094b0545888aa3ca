// Package stdjsonerr builds the error values of encoding/json that safejson returns,
// so that errors.As and the error text are the same whichever engine or path ran,
// on the flavour of encoding/json the program is built with (internal/flavor).
//
// encoding/json's *MarshalerError carries an unexported field naming the method
// that failed ("MarshalJSON", "MarshalText", and on json/v2 "MarshalJSONTo"); it
// shows in Error(). A value built outside encoding/json cannot set it, so this
// package keeps one template of each kind, obtained from encoding/json itself,
// and copies it: copying a struct copies its unexported fields. The same goes
// for *json.SyntaxError's message.
package stdjsonerr

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/safejson/safejson/internal/flavor"
)

type failingText struct{}

var errTemplate = errors.New("template")

func (failingText) MarshalText() ([]byte, error) { return nil, errTemplate }

type failingJSON struct{}

func (failingJSON) MarshalJSON() ([]byte, error) { return nil, errTemplate }

type failingAppend struct{}

func (failingAppend) AppendText(b []byte) ([]byte, error) { return b, errTemplate }

var textTemplate, jsonTemplate, numberTemplate, appendTemplate = templates()

func templates() (text, js, number, appendText json.MarshalerError) {
	var me *json.MarshalerError
	if _, err := json.Marshal(failingText{}); !errors.As(err, &me) {
		panic("stdjsonerr: encoding/json did not return *json.MarshalerError for MarshalText")
	}
	text = *me
	if _, err := json.Marshal(failingJSON{}); !errors.As(err, &me) {
		panic("stdjsonerr: encoding/json did not return *json.MarshalerError for MarshalJSON")
	}
	js = *me
	if flavor.InvalidNumberIsMarshalerError {
		if _, err := json.Marshal(json.Number("x")); !errors.As(err, &me) {
			panic("stdjsonerr: encoding/json did not return *json.MarshalerError for an invalid json.Number")
		}
		number = *me
	}
	if flavor.TextAppender != nil {
		if _, err := json.Marshal(failingAppend{}); !errors.As(err, &me) {
			panic("stdjsonerr: encoding/json did not return *json.MarshalerError for AppendText")
		}
		appendText = *me
	}
	return text, js, number, appendText
}

var timeType = reflect.TypeFor[time.Time]()

// MarshalJSONError is the error encoding/json returns when the MarshalJSON method
// of a value fails with err (or returns invalid JSON, err then being the
// *json.SyntaxError from Syntax); t is the type it names
// (flavor.MarshalerErrorType).
func MarshalJSONError(t reflect.Type, err error) *json.MarshalerError {
	if isTime(t) {
		err = timeError(err)
	}
	e := jsonTemplate
	e.Type, e.Err = t, err
	return &e
}

func isTime(t reflect.Type) bool {
	return t == timeType || t.Kind() == reflect.Pointer && t.Elem() == timeType
}

// timeError is the error of time.Time's MarshalJSON or MarshalText as
// encoding/json reports it: as is, or, on json/v2, which formats a time itself
// (as JSON for a value and for a map key alike), without the method's prefix.
func timeError(err error) error {
	if flavor.TimeErrorPrefix != "" {
		return err
	}
	for _, p := range []string{"Time.MarshalJSON: ", "Time.MarshalText: ", "Time.AppendText: "} {
		if s, ok := strings.CutPrefix(err.Error(), p); ok {
			return errors.New(s)
		}
	}
	return err
}

// MarshalTextError is the error encoding/json returns when the MarshalText method
// of a value fails with err; t is the type it names (flavor.MarshalerErrorType).
func MarshalTextError(t reflect.Type, err error) *json.MarshalerError {
	e := textTemplate
	e.Type, e.Err = t, err
	return &e
}

// AppendTextError is MarshalTextError for AppendText, which encoding/json
// calls where flavor.TextAppender is set.
func AppendTextError(t reflect.Type, err error) *json.MarshalerError {
	e := appendTemplate
	e.Type, e.Err = t, err
	return &e
}

// MapKeyError is the error encoding/json returns when the MarshalText method
// (AppendText if appendText) of a key of type keyType fails with err while
// encoding a map of type mapType: a plain error naming the map type
// (classic), or the *json.MarshalerError of the method (json/v2).
func MapKeyError(mapType, keyType reflect.Type, appendText bool, err error) error {
	if flavor.MapKeyErrorIsMarshalerError {
		named := flavor.MarshalerErrorType(keyType, keyType)
		switch {
		case isTime(keyType):
			return MarshalJSONError(named, err) // json/v2's own time format
		case appendText:
			return AppendTextError(named, err)
		}
		return MarshalTextError(named, err)
	}
	return fmt.Errorf("json: encoding error for type %q: %q", mapType.String(), err.Error())
}

var numberType = reflect.TypeFor[json.Number]()

// InvalidNumber is the error encoding/json returns for a json.Number whose text
// lit is not a JSON number; quoted is the `,string` option.
func InvalidNumber(lit string, quoted bool) error {
	if !flavor.InvalidNumberIsMarshalerError {
		return fmt.Errorf("json: invalid number literal %q", lit)
	}
	if quoted {
		lit = `"` + lit + `"`
	}
	e := numberTemplate
	e.Type = flavor.MarshalerErrorType(numberType, numberType)
	e.Err = fmt.Errorf("cannot parse %q as JSON number: %w", lit, strconv.ErrSyntax)
	return &e
}

// Syntax returns the *json.SyntaxError encoding/json reports for invalid JSON
// returned by a MarshalJSON method, or nil when b is valid.
func Syntax(b []byte) error {
	var sink bytes.Buffer
	return json.Compact(&sink, b)
}

var tooDeep = sync.OnceValue(func() error {
	return Syntax(bytes.Repeat([]byte{'['}, flavor.EncodeDepthLimit+1))
})

// TooDeep is the error encoding/json returns for a value nested deeper than
// flavor.EncodeDepthLimit, when it has such a limit: a *json.SyntaxError "exceeded max
// depth" (its Offset aside). It is nil when encoding/json has no limit.
func TooDeep() error {
	if flavor.EncodeDepthLimit == 0 {
		return nil
	}
	return tooDeep()
}

// NonStringName is the error json/v2's encoding/json returns for a map key
// that is not written as a JSON string: pointer is the JSON Pointer of the
// map, offset the length of the compact output before the key.
func NonStringName(pointer string, offset int) error {
	msg := "jsontext: object member name must be a string"
	if pointer != "" {
		msg += " within " + strconv.Quote(shortPointer(pointer, 100))
	}
	return &json.UnsupportedValueError{Str: msg + " after offset " + strconv.Itoa(offset+1)}
}

// shortPointer is the JSON Pointer p as json/v2 names it in an error message:
// whole up to n bytes; longer, its first and last n/2 bytes or so, each end
// cut back to a '/' when one is there and never inside a UTF-8 sequence,
// joined by an ellipsis for each end of a dropped segment ("…" inside one
// segment, "…/…" across one '/', "…/…/…" across more; an ellipsis is left
// out where the cut falls on a '/').
func shortPointer(p string, n int) string {
	if len(p) <= n {
		return p
	}
	head, tail := n/2, len(p)-n/2
	if k := strings.LastIndexByte(p[:head], '/'); k > 0 {
		head = k
	}
	if k := strings.IndexByte(p[tail:], '/'); k >= 0 {
		tail += k + 1
	}
	for head > 0 && midRune(utf8.DecodeLastRuneInString(p[:head])) {
		head--
	}
	for tail < len(p) && midRune(utf8.DecodeRuneInString(p[tail:])) {
		tail++
	}
	cut := p[head:tail]
	mid := "…"
	if slashes := strings.Count(cut, "/"); slashes > 0 {
		mid = "…/…"
		if slashes > 1 {
			mid = "…/…/…"
		}
		if strings.HasPrefix(cut, "/") {
			mid = strings.TrimPrefix(mid, "…")
		}
		if strings.HasSuffix(cut, "/") {
			mid = strings.TrimSuffix(mid, "…")
		}
	}
	return p[:head] + mid + p[tail:]
}

// midRune reports whether a decoded rune of size n is a byte inside a UTF-8
// sequence rather than a whole rune.
func midRune(r rune, n int) bool { return r == utf8.RuneError && n == 1 }
