package randtype

import (
	"encoding/json"
	"errors"
	"strings"
)

// Class says how to read an error of encoding/json for a generated value.
type Class int

const (
	// NoError: encoding/json succeeded.
	NoError Class = iota
	// UserError: the user's own code failed — a MarshalJSON or MarshalText
	// returned an error or invalid JSON (*json.MarshalerError), or a map key's
	// MarshalText failed (a plain error, "json: encoding error for type …").
	UserError
	// Unsupported: a value safejson substitutes (*json.UnsupportedValueError:
	// cycle, NaN, ±Inf; *json.UnsupportedTypeError: chan, func, complex,
	// unsafe.Pointer, a map key type).
	Unsupported
	// BadData: another error about the data itself, an invalid json.Number
	// ("json: invalid number literal …").
	BadData
	// OtherError: none of the above.
	OtherError
)

// String names the class.
func (c Class) String() string {
	switch c {
	case NoError:
		return "no error"
	case UserError:
		return "user error"
	case Unsupported:
		return "unsupported"
	case BadData:
		return "bad data"
	}
	return "other error"
}

// Classify returns the class of err, an error returned by encoding/json (or by
// an encoder that returns the same error types).
func Classify(err error) Class {
	var me *json.MarshalerError
	var uv *json.UnsupportedValueError
	var ut *json.UnsupportedTypeError
	switch {
	case err == nil:
		return NoError
	case errors.As(err, &me):
		return UserError
	case errors.As(err, &uv), errors.As(err, &ut):
		return Unsupported
	case strings.HasPrefix(err.Error(), "json: encoding error for type "):
		return UserError
	case strings.HasPrefix(err.Error(), "json: invalid number literal "):
		return BadData
	}
	return OtherError
}
