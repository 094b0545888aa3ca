//go:build goexperiment.jsonv2 && go1.27

package jsonv2

import (
	"encoding/json/v2"
	"errors"
)

// config is what this package's options set; the zero value is the default.
type config struct {
	placeholder string // the string a cycle becomes; "" writes null
	strict      bool
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
