//go:build !safejson_goccy && !safejson_std && (amd64 || arm64) && !go1.28

package engine

// The classification of sonic's errors (see errors.go). sonic returns
// encoding/json's own error types, but with its own texts, and the user's
// errors unwrapped.

import (
	"encoding/json"
	"strings"
)

// sonic's own errors, by their Str (package vars of sonic's encoder).
const (
	sonicTooDeep       = "Value nesting too deep"
	sonicNaNOrInf      = "NaN or ±Infinite"
	sonicInvalidNumber = "invalid number literal: "
)

// sonicError classifies an error returned by sonic's encoder for v.
func sonicError(v any, err error) error {
	// A user error comes back unwrapped: whatever the method returned, or the
	// *json.SyntaxError of json.Compact on its output (the very error
	// encoding/json wraps). Only the top-level value's method has a known type.
	if e, ok := topLevelMethodError(v, err); ok {
		return e
	}
	switch e := err.(type) {
	case *json.UnsupportedTypeError:
		return &Rejected{Engine: "sonic", Err: err}
	case *json.UnsupportedValueError:
		if strings.HasPrefix(e.Str, sonicInvalidNumber) && e.Value.IsValid() && e.Value.Type() == numberType {
			return invalidNumberError("sonic", v, e.Value.String(), err)
		}
		// sonicTooDeep (a cycle, or deep data), sonicNaNOrInf, or one a
		// user's method returned: the fallback sorts it out.
		return &Rejected{Engine: "sonic", Err: err}
	}
	return &Unconvertible{Engine: "sonic", Err: err}
}
