//go:build !safejson_sonic && !safejson_std

package engine

// The classification of goccy's errors: the rest of errors.go, in a file of
// its own because it names goccy's error types, which only a binary holding
// goccy may import.

import (
	"encoding/json"
	"strconv"
	"strings"

	gojson "github.com/goccy/go-json"

	"github.com/safejson/safejson/internal/flavor"
)

// msgInvalidNumber starts the classic encoding/json's error for an invalid
// json.Number, a plain error that goccy returns with the same text.
const msgInvalidNumber = "json: invalid number literal "

// goccyError classifies an error returned by goccy's encoder for v.
func goccyError(v any, err error) error {
	switch e := err.(type) {
	case *gojson.MarshalerError:
		if n, ok := v.(json.Number); ok && flavor.InvalidNumberIsMarshalerError {
			// goccy calls json/v2's MarshalJSONTo of a json.Number: the
			// top-level one is the only number it can have failed on.
			return invalidNumberError("goccy", v, string(n), err)
		}
		// e.Type is the receiver type of the method that failed, not always
		// the type encoding/json names, and e.Err is goccy's *SyntaxError for
		// invalid output, which cannot be turned into encoding/json's. The
		// top-level value's own method is the one case known for sure.
		if _, invalidOutput := e.Err.(*gojson.SyntaxError); !invalidOutput {
			if std, ok := topLevelMethodError(v, e.Err); ok && sameMethod(std, e) {
				return std
			}
		}
		return &Unconvertible{Engine: "goccy", Err: err}
	case *gojson.UnsupportedValueError:
		return &Rejected{Engine: "goccy", Err: err, NonFinite: nonFiniteText(e.Str)}
	case *gojson.UnsupportedTypeError:
		return &Rejected{Engine: "goccy", Err: err}
	case *gojson.SyntaxError:
		// "exceeded max depth": deeper than flavor.JSONv2DepthLimit.
		return &Rejected{Engine: "goccy", Err: err}
	}
	if lit, ok := strings.CutPrefix(err.Error(), msgInvalidNumber); ok {
		// goccy returns the classic encoding/json's error: same text, same
		// type; rebuilt for the flavour in force.
		if lit, uerr := strconv.Unquote(lit); uerr == nil {
			return invalidNumberError("goccy", v, lit, err)
		}
		return &Unconvertible{Engine: "goccy", Err: err}
	}
	return &Rejected{Engine: "goccy", Err: err}
}

// sameMethod reports whether goccy's error names the method (MarshalJSON or
// MarshalText) that std's error names: both errors start "json: error
// calling <method> for type".
func sameMethod(std error, goccy *gojson.MarshalerError) bool {
	const prefix = "json: error calling MarshalJSON "
	return strings.HasPrefix(std.Error(), prefix) == strings.HasPrefix(goccy.Error(), prefix)
}
