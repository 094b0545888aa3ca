package corpus

import (
	"reflect"

	"github.com/safejson/safejson/internal/options"
)

// A case's options are the internal form (options.Options) of the settings
// it is encoded under, as a user sets them, not normalised: the runner turns
// them into safejson.Options and safe.Options. A case sets only the fields a
// public Options has (not Engine, API, LineBreaks or NullForNonFinite).

// DefaultOptions reports whether c is encoded under encoding/json's
// defaults, no option set: the only cases the differential tests of package
// safe and of the engines take.
func (c *Case) DefaultOptions() bool { return reflect.ValueOf(c.Options).IsZero() }

// indent is the options of json.MarshalIndent(v, prefix, indent).
func indent(prefix, indent string) options.Options {
	return options.Options{Output: options.Output{Prefix: prefix, Indent: indent}}
}

// noEscapeHTML is the options of json.Encoder.SetEscapeHTML(false).
var noEscapeHTML = options.Options{Output: options.Output{NoEscapeHTML: true}}
