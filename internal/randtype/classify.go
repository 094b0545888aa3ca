package randtype

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"

	"github.com/safejson/safejson/internal/flavor"
)

// Class says how to read an error of encoding/json for a generated value.
type Class int

const (
	// NoError: encoding/json succeeded.
	NoError Class = iota
	// UserError: the user's own code failed — a MarshalJSON or MarshalText
	// returned an error or invalid JSON (*json.MarshalerError), or a map key's
	// MarshalText failed (a plain error, "json: encoding error for type …", a
	// *json.MarshalerError on json/v2).
	UserError
	// Unsupported: a value safejson substitutes (*json.UnsupportedValueError:
	// cycle, NaN, ±Inf, on json/v2 a map key not written as a string;
	// *json.UnsupportedTypeError: chan, func, complex, unsafe.Pointer, a map
	// key type; on json/v2, *json.SyntaxError for nesting too deep).
	Unsupported
	// BadData: another error about the data itself, an invalid json.Number
	// ("json: invalid number literal …", on json/v2 the *json.MarshalerError
	// of its MarshalJSONTo).
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
// an encoder that returns the same error types), of either flavour.
func Classify(err error) Class {
	var me *json.MarshalerError
	var uv *json.UnsupportedValueError
	var ut *json.UnsupportedTypeError
	var se *json.SyntaxError
	switch {
	case err == nil:
		return NoError
	case errors.As(err, &me) && me.Type == reflect.PointerTo(numberType):
		return BadData // json/v2: the MarshalJSONTo of an invalid json.Number
	case errors.As(err, &me):
		return UserError
	case errors.As(err, &uv), errors.As(err, &ut):
		return Unsupported
	case errors.As(err, &se):
		return Unsupported // json/v2: nested deeper than it accepts
	case strings.HasPrefix(err.Error(), "json: encoding error for type "):
		return UserError
	case strings.HasPrefix(err.Error(), "json: invalid number literal "):
		return BadData
	}
	return OtherError
}

var numberType = reflect.TypeFor[json.Number]()

// CrashesStd reports whether handing v to encoding/json would kill the
// process: on json/v2 (flavor.TokenlessCycleCrashes), v holds a cycle that
// writes no JSON token. Harnesses must not call encoding/json then.
func CrashesStd(v any) bool {
	return flavor.TokenlessCycleCrashes && Count(v).TokenlessCycles > 0
}

// CrashesStd reports whether handing the sample's value to encoding/json
// would kill the process (see the function CrashesStd).
func (s Sample) CrashesStd() bool {
	return flavor.TokenlessCycleCrashes && s.Stats.TokenlessCycles > 0
}
