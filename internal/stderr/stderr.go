// Package stderr builds the error values of encoding/json that safejson returns,
// so that errors.As and the error text are the same whichever engine or path ran.
//
// encoding/json's *MarshalerError carries an unexported field naming the method
// that failed ("MarshalJSON" or "MarshalText"); it shows in Error(). A value built
// outside encoding/json cannot set it, so this package keeps one template of each
// kind, obtained from encoding/json itself, and copies it: copying a struct copies
// its unexported fields.
package stderr

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
)

type failingText struct{}

var errTemplate = errors.New("template")

func (failingText) MarshalText() ([]byte, error) { return nil, errTemplate }

type failingJSON struct{}

func (failingJSON) MarshalJSON() ([]byte, error) { return nil, errTemplate }

var textTemplate, jsonTemplate = templates()

func templates() (text, js json.MarshalerError) {
	var me *json.MarshalerError
	if _, err := json.Marshal(failingText{}); !errors.As(err, &me) {
		panic("stderr: encoding/json did not return *json.MarshalerError for MarshalText")
	}
	text = *me
	if _, err := json.Marshal(failingJSON{}); !errors.As(err, &me) {
		panic("stderr: encoding/json did not return *json.MarshalerError for MarshalJSON")
	}
	js = *me
	return text, js
}

// MarshalJSONError is the error encoding/json returns when the MarshalJSON method
// of a value of type t fails with err (or returns invalid JSON, err then being the
// *json.SyntaxError from Syntax).
func MarshalJSONError(t reflect.Type, err error) *json.MarshalerError {
	e := jsonTemplate
	e.Type, e.Err = t, err
	return &e
}

// MarshalTextError is the error encoding/json returns when the MarshalText method
// of a value of type t fails with err.
func MarshalTextError(t reflect.Type, err error) *json.MarshalerError {
	e := textTemplate
	e.Type, e.Err = t, err
	return &e
}

// MapKeyError is the error encoding/json returns when the MarshalText method of a
// map key fails while encoding a map of type mapType: a plain error, not a
// *json.MarshalerError.
func MapKeyError(mapType reflect.Type, err error) error {
	return fmt.Errorf("json: encoding error for type %q: %q", mapType.String(), err.Error())
}

// Syntax returns the *json.SyntaxError encoding/json reports for invalid JSON
// returned by a MarshalJSON method, or nil when b is valid.
func Syntax(b []byte) error {
	var sink bytes.Buffer
	return json.Compact(&sink, b)
}
