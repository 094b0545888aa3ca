package safe

import (
	"encoding/json"
	"reflect"
	"strconv"
	"strings"

	"github.com/safejson/safejson/internal/stdjsonerr"
)

// Reasons an *Error gives for a substitution.
const (
	// ReasonCycle: a pointer, map or slice that is its own ancestor.
	ReasonCycle = "cycle"
	// ReasonNonFinite: a NaN or an infinite float.
	ReasonNonFinite = "non-finite number"
	// ReasonUnsupportedType: a chan, func, complex or unsafe.Pointer value.
	ReasonUnsupportedType = "unsupported type"
	// ReasonMapKey: a map whose key type encoding/json cannot write, or a nil
	// interface key.
	ReasonMapKey = "unsupported map key"
	// ReasonDepth: an object or array nested deeper than MaxDepth.
	ReasonDepth = "too deep"
	// ReasonBreadth: an object or array with more than MaxBreadth members.
	ReasonBreadth = "too broad"
	// ReasonFormatOption: a struct with a field tagged with a format option,
	// which encoding/json on json/v2 rejects; safe writes the struct as if
	// the option were not there.
	ReasonFormatOption = "format option"
)

// Error is returned, under Options.Strict, in place of a substitution, and for a
// cycle under CircularError. It says where (Path) and why (Reason), and wraps the
// error encoding/json returns for the same value (*json.UnsupportedValueError or
// *json.UnsupportedTypeError, with the same Str or Type), so that errors.As
// works as with encoding/json.
type Error struct {
	// Path is a JSON Pointer (RFC 6901) to the value: "" for the top level,
	// "/items/3/owner" for member owner of the fourth element of member items.
	Path string
	// Reason is one of the Reason constants.
	Reason string
	// Err is the encoding/json error.
	Err error

	segs []string // path segments, innermost first, gathered while unwinding
	// nonString, for a map key json/v2 cannot write as a name: 1 + the
	// length of the compact output before the key; Err, which names the
	// path, is made when the path is known.
	nonString int
}

// Error returns the message of encoding/json followed by where, e.g.
// `json: unsupported value: encountered a cycle via *main.Node (at "/items/3/owner")`,
// or `json: unsupported type: chan bool (at the top level)`.
func (e *Error) Error() string {
	if e.Path == "" {
		return e.Err.Error() + " (at the top level)"
	}
	return e.Err.Error() + " (at " + strconv.Quote(e.Path) + ")"
}

// Unwrap returns the encoding/json error.
func (e *Error) Unwrap() error { return e.Err }

func newError(reason string, err error) *Error { return &Error{Reason: reason, Err: err} }

// unsupportedValue builds the error encoding/json returns for value v.
func unsupportedValue(v reflect.Value, str string) error {
	return &json.UnsupportedValueError{Value: v, Str: str}
}

// within adds the path segment of the member or element that failed with err.
// Errors of the caller's own methods pass unchanged, as encoding/json returns them.
func within(err error, seg string) error {
	if se, ok := err.(*Error); ok {
		se.segs = append(se.segs, seg)
	}
	return err
}

// withinIndex is within for an array element.
func withinIndex(err error, i int) error {
	if se, ok := err.(*Error); ok {
		se.segs = append(se.segs, strconv.Itoa(i))
	}
	return err
}

// finishError turns the gathered segments into Path.
func finishError(err error) error {
	se, ok := err.(*Error)
	if !ok {
		return err
	}
	var b strings.Builder
	for i := len(se.segs) - 1; i >= 0; i-- {
		b.WriteByte('/')
		for _, c := range []byte(se.segs[i]) {
			switch c {
			case '~':
				b.WriteString("~0")
			case '/':
				b.WriteString("~1")
			default:
				b.WriteByte(c)
			}
		}
	}
	se.Path, se.segs = b.String(), nil
	if se.nonString > 0 {
		se.Err = stdjsonerr.NonStringName(se.Path, se.nonString-1)
	}
	return se
}
