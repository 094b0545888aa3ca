//go:build goexperiment.jsonv2 && go1.27

package jsonv2

import (
	"encoding/json/jsontext"
	"encoding/json/v2"
	"errors"
	"reflect"
)

// config is what this package's options set; the zero value is the default.
type config struct {
	placeholder string // the string a cycle becomes; "" writes null
	strict      bool
	report      func(Substitution)
}

// option is an Options value of this package. It satisfies json.Options by
// embedding the interface (always nil: encoding/json/v2 never calls its
// method on a value it does not know, it panics first), so that it can go
// in the same list as the standard options; split removes it before the
// list reaches encoding/json/v2.
type option struct {
	json.Options
	set func(*config)
}

// CircularPlaceholder makes a cycle a JSON string s instead of null.
func CircularPlaceholder(s string) json.Options {
	return &option{set: func(c *config) { c.placeholder = s }}
}

// Strict makes every substitute an error: a *json.SemanticError with the
// JSON Pointer and Go type of the value, wrapping a *SubstituteError.
func Strict(v bool) json.Options {
	return &option{set: func(c *config) { c.strict = v }}
}

// OnSubstitute makes each Marshal, MarshalWrite and MarshalEncode call f
// once for each substitute it wrote, in the order they were written, after
// the encode succeeded: never on an error, never for a value
// encoding/json/v2 writes itself. It is the v1 API's Options.OnSubstitute
// (safejson.Substitution) with json/v2's JSON Pointer. Under Strict nothing
// is substituted, so f is never called. f runs on the caller's goroutine
// before the call returns; it must not keep the encoder.
func OnSubstitute(f func(Substitution)) json.Options {
	return &option{set: func(c *config) { c.report = f }}
}

// Substitution is one substitute an encode wrote in place of a value
// encoding/json/v2 rejects: where, why and what. Strict would have failed
// there with a *json.SemanticError of the same JSONPointer and GoType,
// wrapping a *SubstituteError of the same Reason.
type Substitution struct {
	// Pointer is the JSON Pointer (RFC 6901) of the value, relative to the
	// value given to the call (MarshalEncode: not to the encoder's stream):
	// "" for the top level, "/items/3/owner" for member owner of the fourth
	// element of member items. For a map key it points to the map.
	Pointer jsontext.Pointer
	// Reason is one of the Reason constants.
	Reason string
	// Type is the Go type of the value: the pointer, map or slice of a
	// cycle, the float type of a NaN, the map of an unsupported key.
	Type reflect.Type
}

// apply returns c with o set; the copy keeps the caller's config off the
// heap (set is a func value, to which a pointer escapes).
func (o *option) apply(c config) config {
	o.set(&c)
	return c
}

// split applies the options of this package to c and returns the others,
// in order (opts itself when it holds none of ours).
func split(opts []json.Options, c *config) []json.Options {
	n := 0
	for _, o := range opts {
		if _, ok := o.(*option); ok {
			n++
		}
	}
	if n == 0 {
		return opts
	}
	std := make([]json.Options, 0, len(opts)-n)
	for _, o := range opts {
		if ours, ok := o.(*option); ok {
			*c = ours.apply(*c)
			continue
		}
		std = append(std, o)
	}
	return std
}

// The reasons of a SubstituteError.
const (
	ReasonCycle       = "cycle"
	ReasonNonFinite   = "non-finite number"
	ReasonUnsupported = "unsupported type"
	ReasonMapKey      = "unsupported map key"
	ReasonInvalidUTF8 = "invalid UTF-8"
	ReasonDepth       = "nesting too deep"
)

// SubstituteError is the Err of the *json.SemanticError that Strict(true)
// returns in place of a substitute.
type SubstituteError struct {
	Reason string // one of the Reason constants
}

func (e *SubstituteError) Error() string { return "safejson: " + e.Reason }

// errStrict stops an encode that Strict(true) fails; the error returned is
// the one the hooks recorded.
var errStrict = errors.New("safejson: strict")
