//go:build !goexperiment.jsonv2

package flavor

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
)

// V2 is true when encoding/json is implemented on encoding/json/v2.
const V2 = false

// Name names the flavour in reports: "v1" (classic) or "v2" (v1 on v2).
const Name = "v1"

// InvalidUTF8 is what each invalid UTF-8 byte of a string (a Go string, a map
// key, a MarshalText result) is written as inside a JSON string: the escape
// \ufffd. (Category A.)
const InvalidUTF8 = `\ufffd`

// RawEscapesLineTerminators: U+2028 and U+2029 inside what MarshalJSON (or a
// RawMessage) returns are escaped only with HTML escaping (as <, > and &); with
// Encoder.SetEscapeHTML(false) they are copied. (Category B.)
const RawEscapesLineTerminators = false

// TextAppender: the classic encoding/json calls MarshalText, never AppendText
// (encoding.TextAppender): nil. (Category N.)
var TextAppender reflect.Type

// MarshalsJSONTo reports whether encoding/json calls a MarshalJSONTo method
// (json/v2's MarshalerTo) of t: the classic encoding/json never does.
// (Category N.)
func MarshalsJSONTo(t reflect.Type) bool { return false }

// UnmarshalsJSONFrom reports whether encoding/json calls an
// UnmarshalJSONFrom method (json/v2's UnmarshalerFrom) of t: the classic
// encoding/json never does. (Category N.)
func UnmarshalsJSONFrom(t reflect.Type) bool { return false }

// MarshalerErrorType returns the Type of the *json.MarshalerError for a failing
// MarshalJSON or MarshalText method: named is the type the value was reached
// as (an interface type for a field of interface type, T for an addressable T
// whose method has a pointer receiver, *T for a *T), concrete the type of the
// value the method was called on. The classic encoder names the first.
// (Categories C, D, F.)
func MarshalerErrorType(named, concrete reflect.Type) reflect.Type { return named }

// NilInInterfaceErrorType returns the Type of the *json.MarshalerError for a
// failing method called on a nil pointer held by a value of interface type
// iface (which has the method): iface.
func NilInInterfaceErrorType(iface reflect.Type) reflect.Type { return iface }

// MapKeyErrorIsMarshalerError: a map key's failing MarshalText is a plain
// error, "json: encoding error for type %q: %q" naming the map type.
// (Category F.)
const MapKeyErrorIsMarshalerError = false

// InvalidNumberIsMarshalerError: an invalid json.Number is a plain error,
// "json: invalid number literal %q". (Category G.)
const InvalidNumberIsMarshalerError = false

// MapKeysByValue: encoding/json accepts a map by its key type (string kinds,
// integer kinds, encoding.TextMarshaler); any other key type is a
// *json.UnsupportedTypeError naming the map type, even for a nil or empty map.
// (Categories I, J.)
const MapKeysByValue = false

// TokenlessCycleCrashes: a cycle that writes no JSON token (type P *P; p =
// &p, or var x any; x = &x) is found, after 1000 pointers, as any cycle:
// *json.UnsupportedValueError. (Category K.)
const TokenlessCycleCrashes = false

// EncodeDepthLimit is the nesting of objects and arrays beyond which
// encoding/json fails to encode (*json.SyntaxError "exceeded max depth"), 0
// for none: the classic encoder has no limit. (Category L.)
const EncodeDepthLimit = 0

// DropsUnexportedEmbedded reports whether encoding/json leaves out an
// unexported embedded struct (or pointer to one) of type t that its tag
// names; omitZero is its omitzero option. The classic encoder never does: it
// is a member like any field, and encoding/json panics calling its MarshalJSON
// or MarshalText through the unexported field. (Category M.)
func DropsUnexportedEmbedded(t reflect.Type, omitZero bool) bool { return false }

// SortKeysAsWritten reports whether the members of a map with key type t are
// sorted by their names as written (invalid UTF-8 replaced), not as the keys
// give them. The classic encoder sorts them as the keys give them.
func SortKeysAsWritten(t reflect.Type) bool { return false }

// InterfaceMethodsOnConcrete: a value of an interface type that has a
// marshal method (json.Marshaler, encoding.TextMarshaler, an interface
// embedding one) has that method called (MarshalJSON before MarshalText),
// whatever other methods its concrete value has.
const InterfaceMethodsOnConcrete = false

// TimeErrorPrefix starts the error of time.Time's MarshalJSON (for a year
// outside [0,9999]) inside the *json.MarshalerError: the method's own text.
const TimeErrorPrefix = "Time.MarshalJSON: "

// ParseTag reads a struct field's `json` tag (not "-"): the member name it
// gives ("" when none, so the Go field name is used) and its options. The
// name is what comes before the first comma, used only when it is made of
// letters, digits and ASCII punctuation other than quotes, backslash and
// comma (ClassicName); the options are the comma-separated words after it.
// (Category H.)
func ParseTag(tag string) Tag {
	written, rest, _ := strings.Cut(tag, ",")
	name := written
	if !ClassicName(name) {
		name = ""
	}
	var opts TagOptions
	for rest != "" {
		var o string
		o, rest, _ = strings.Cut(rest, ",")
		opts.set(o)
	}
	return newTag(written, name, opts)
}

// DecoderOffsetCountsSpace: json.Decoder counts the Offset of an
// *UnmarshalTypeError from the end of the previous value, so the white space
// before the value is in it.
const DecoderOffsetCountsSpace = true

// SyntaxOffsetInOutput: the Offset of the *SyntaxError for invalid
// MarshalJSON output (or RawMessage) counts from the start of that output.
const SyntaxOffsetInOutput = false

// AppendIndentTrailingSpace appends space, the whitespace after the value
// that json.Indent copies to the end of its output, as json.Indent writes
// it: as it is.
func AppendIndentTrailingSpace(dst, space []byte, prefix, indent string) []byte {
	return append(dst, space...)
}

// IndentError returns the error json.Indent returns for src, which is not
// valid JSON (and nothing written).
func IndentError(src []byte, prefix, indent string) error {
	return json.Indent(new(bytes.Buffer), src, prefix, indent)
}

// StdFormatsFastest reports whether json.Compact and json.Indent (under
// prefix and indent) are the fastest way to write their bytes, and return on
// every input: the classic ones step a scanner a byte at a time, slower than
// safejson's (BenchmarkText).
func StdFormatsFastest(prefix, indent string) bool { return false }

// QuotedNumbersStrict: a ",string" member of a number kind takes only a
// JSON number inside the quotes ("+1", ".5", "NaN" and "Inf" are errors).
const QuotedNumbersStrict = true
