//go:build goexperiment.jsonv2

package flavor

import (
	"bytes"
	"encoding"
	"encoding/json"
	"reflect"
	"strings"
	"unicode"
	"unicode/utf8"
)

// V2 is true when encoding/json is implemented on encoding/json/v2.
const V2 = true

// Name names the flavour in reports: "v1" (classic) or "v2" (v1 on v2).
const Name = "v2"

// InvalidUTF8 is what each invalid UTF-8 byte of a string (a Go string, a map
// key, a MarshalText result) is written as inside a JSON string: U+FFFD
// itself, unescaped. (Category A.)
const InvalidUTF8 = "\uFFFD"

// RawEscapesLineTerminators: U+2028 and U+2029 inside what MarshalJSON (or a
// RawMessage) returns are always escaped, also with
// Encoder.SetEscapeHTML(false) (json/v2's EscapeForJS stays on). (Category B.)
const RawEscapesLineTerminators = true

// TextAppender is encoding.TextAppender (AppendText), which encoding/json
// calls before MarshalText, for values and for map keys alike; nil where it
// does not. (Category N.)
var TextAppender = reflect.TypeFor[encoding.TextAppender]()

// MarshalsJSONTo reports whether t implements json/v2's MarshalerTo
// (MarshalJSONTo(*jsontext.Encoder) error), which encoding/json calls
// before MarshalJSON. The interface is named by its method, whose signature
// is json.Number's: naming jsonv2.MarshalerTo would need go1.27 in go.mod.
// (Category N.)
func MarshalsJSONTo(t reflect.Type) bool { return hasMethod(t, "MarshalJSONTo", encoderPtr) }

// UnmarshalsJSONFrom reports whether t implements json/v2's UnmarshalerFrom
// (UnmarshalJSONFrom(*jsontext.Decoder) error), which encoding/json calls
// before UnmarshalJSON; named by its method as for MarshalsJSONTo.
// (Category N.)
func UnmarshalsJSONFrom(t reflect.Type) bool { return hasMethod(t, "UnmarshalJSONFrom", decoderPtr) }

// hasMethod reports whether t has the method name of signature
// func(arg) error.
func hasMethod(t reflect.Type, name string, arg reflect.Type) bool {
	m, ok := t.MethodByName(name)
	if !ok {
		return false
	}
	in, out := m.Type.NumIn(), m.Type.NumOut()
	skip := 1 // the receiver
	if t.Kind() == reflect.Interface {
		skip = 0
	}
	return in == skip+1 && out == 1 && m.Type.In(skip) == arg && m.Type.Out(0) == errorType
}

// methodArg returns the argument type of json.Number's method name, the
// same as the interface's.
func methodArg(t reflect.Type, name string) reflect.Type {
	m, _ := t.MethodByName(name)
	return m.Type.In(1)
}

var (
	encoderPtr = methodArg(reflect.TypeFor[json.Number](), "MarshalJSONTo")
	decoderPtr = methodArg(reflect.TypeFor[*json.Number](), "UnmarshalJSONFrom")
	errorType  = reflect.TypeFor[error]()
)

// MarshalerErrorType returns the Type of the *json.MarshalerError for a failing
// MarshalJSON or MarshalText method: named is the type the value was reached
// as, concrete the type of the value the method was called on. json/v2 calls
// every method through a pointer to an addressable copy of the (non-pointer)
// value and names that pointer type: *T for a T, a *T, or an interface holding
// either. (Categories C, D, F.)
func MarshalerErrorType(named, concrete reflect.Type) reflect.Type {
	if concrete.Kind() == reflect.Pointer {
		return concrete
	}
	return reflect.PointerTo(concrete)
}

// NilInInterfaceErrorType returns the Type of the *json.MarshalerError for a
// failing method called on a nil pointer held by a value of interface type
// iface (which has the method): json/v2 calls it through a struct embedding
// the interface, *struct { json.Marshaler } for a json.Marshaler.
func NilInInterfaceErrorType(iface reflect.Type) reflect.Type {
	return reflect.PointerTo(reflect.StructOf([]reflect.StructField{{Name: iface.Name(), Type: iface, Anonymous: true}}))
}

// MapKeyErrorIsMarshalerError: a map key's failing MarshalText is a
// *json.MarshalerError ("error calling MarshalText for type *K"), as for a
// value. (Category F.)
const MapKeyErrorIsMarshalerError = true

// InvalidNumberIsMarshalerError: an invalid json.Number is a
// *json.MarshalerError from its MarshalJSONTo method: "error calling
// MarshalJSONTo for type *json.Number: cannot parse %q as JSON number: invalid
// syntax". (Category G.)
const InvalidNumberIsMarshalerError = true

// MapKeysByValue: encoding/json writes each key as its value would be written
// where a JSON object name is expected: strings and TextMarshalers as
// before, integers and floats as quoted numbers, pointers through what they
// point to; a key that writes anything but a string (a bool, a struct, an
// array, null, a float64 or bool in an interface{} key) fails when it is met,
// as *json.UnsupportedValueError "jsontext: object member name must be a
// string …", and a nil or empty map is written whatever its key type.
// (Categories I, J.)
const MapKeysByValue = true

// TokenlessCycleCrashes: a cycle that writes no JSON token (type P *P; p =
// &p, or var x any; x = &x) is never found: json/v2 looks for cycles only
// 1000 objects or arrays deep, so encoding/json recurses until the goroutine
// stack overflows, a fatal error no recover catches. Never hand one to it.
// (Category K.)
const TokenlessCycleCrashes = true

// EncodeDepthLimit is the nesting of objects and arrays beyond which
// encoding/json fails to encode (*json.SyntaxError "exceeded max depth"), 0
// for none: json/v2's limit. (Category L.)
const EncodeDepthLimit = JSONv2DepthLimit

// DropsUnexportedEmbedded reports whether encoding/json leaves out an
// unexported embedded struct (or pointer to one) of type t that its tag
// names; omitZero is its omitzero option. json/v2 leaves it out when the
// struct or its pointer has a marshal or unmarshal method (or IsZero, with
// omitzero), which cannot be called through the unexported field.
// (Category M.)
func DropsUnexportedEmbedded(t reflect.Type, omitZero bool) bool {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if hasMethods(t) {
		return true
	}
	_, isZero := reflect.PointerTo(t).MethodByName("IsZero")
	return omitZero && isZero
}

// hasMethods reports whether t or *t has one of the methods json/v2 calls
// (or calls when decoding).
func hasMethods(t reflect.Type) bool {
	for _, m := range []string{"MarshalJSON", "MarshalJSONTo", "MarshalText", "AppendText",
		"UnmarshalJSON", "UnmarshalJSONFrom", "UnmarshalText"} {
		if _, ok := reflect.PointerTo(t).MethodByName(m); ok {
			return true // the pointer's method set holds the value's
		}
	}
	return false
}

// SortKeysAsWritten reports whether the members of a map with key type t are
// sorted by their names as written (invalid UTF-8 replaced), not as the keys
// give them. json/v2 sorts by the written names, except for keys of a string
// kind without methods, which it sorts as they are.
func SortKeysAsWritten(t reflect.Type) bool {
	return t.Kind() != reflect.String || hasMethods(t)
}

// InterfaceMethodsOnConcrete: a value of an interface type that has a
// marshal method (json.Marshaler, encoding.TextMarshaler, an interface
// embedding one) is written by its concrete value, with that value's own
// methods in their order of precedence (MarshalJSON before MarshalText);
// only a nil pointer in it has the interface's method called.
const InterfaceMethodsOnConcrete = true

// TimeErrorPrefix starts the error of time.Time's MarshalJSON (for a year
// outside [0,9999]) inside the *json.MarshalerError: json/v2 formats times
// itself, and its error has no prefix.
const TimeErrorPrefix = ""

// ParseTag reads a struct field's `json` tag (not "-"): the member name it
// gives ("" when none, so the Go field name is used) and its options, as
// json/v2 reads it for encoding/json. The name is what comes before the first
// comma, backslash, quote or backtick, whatever its characters (invalid UTF-8
// becoming U+FFFD); when one of those four follows it, only its leading Go
// identifier, or no name at all if it does not start with one. Each option is
// the Go identifier after a comma: `a"b,omitempty` names "a" and omits empty.
// (Category H.)
func ParseTag(tag string) Tag {
	written, _, _ := strings.Cut(tag, ",")
	var name string
	var opts TagOptions
	if tag != "" && tag[0] != ',' {
		n := strings.IndexAny(tag, ",\\'\"`")
		if n < 0 {
			n = len(tag)
		}
		name = tag[:n]
		if n < len(tag) && tag[n] != ',' {
			name, n = tagIdent(tag)
		}
		if !utf8.ValidString(name) {
			name = string([]rune(name))
		}
		tag = tag[n:]
	}
	for tag != "" {
		if tag[0] == ',' {
			if tag = tag[1:]; tag == "" {
				break
			}
		}
		o, n := tagIdent(tag)
		if o == "" {
			n = strings.IndexByte(tag, ',')
			if n < 0 {
				n = len(tag)
			}
		}
		opts.set(o)
		tag = tag[n:]
	}
	return newTag(written, name, opts)
}

// tagIdent returns the Go identifier (a letter or _, then letters, digits and
// _) that s starts with, and its length; "" and 0 when there is none.
func tagIdent(s string) (string, int) {
	n := 0
	for i, r := range s {
		if r != '_' && !unicode.IsLetter(r) && (i == 0 || !unicode.IsNumber(r)) {
			break
		}
		n = i + utf8.RuneLen(r)
	}
	return s[:n], n
}

// DecoderOffsetCountsSpace: json.Decoder counts the Offset of an
// *UnmarshalTypeError from the value's first byte, as json.Unmarshal does.
const DecoderOffsetCountsSpace = false

// SyntaxOffsetInOutput: the Offset of the *SyntaxError for invalid
// MarshalJSON output (or RawMessage) counts from the start of the whole
// output, compact (MarshalIndent and Encoder.SetIndent indent it afterwards),
// to which the offset within the method's output is added.
const SyntaxOffsetInOutput = true

// AppendIndentTrailingSpace appends space, the whitespace after the value
// that json.Indent copies to the end of its output, as json.Indent writes
// it. Where prefix or indent holds a byte other than space and tab,
// json.Indent lays out with spaces in their place and then overwrites, after
// each line feed of its output, the run of spaces that follows with prefix
// and then indent repeated (each cut to fit): the spaces of the trailing
// whitespace too. Where indent is empty and such a run is longer than
// prefix, json.Indent never returns; here the rest of the run stays spaces.
func AppendIndentTrailingSpace(dst, space []byte, prefix, indent string) []byte {
	n := len(dst)
	dst = append(dst, space...)
	if len(strings.Trim(prefix, " \t"))+len(strings.Trim(indent, " \t")) == 0 {
		return dst
	}
	b := dst[n:]
	for i := 0; i < len(b); i++ {
		if b[i] != '\n' {
			continue
		}
		run := b[i+1:]
		run = run[:len(run)-len(bytes.TrimLeft(run, " "))]
		i += len(run)
		run = run[copy(run, prefix):]
		for len(run) > 0 && indent != "" {
			run = run[copy(run, indent):]
		}
	}
	return dst
}

// IndentError returns the error json.Indent returns for src, which is not
// valid JSON (and nothing written): json.Compact's, the same syntax error of
// the same formatter. json.Indent itself, on invalid src, rewrites the runs
// of spaces of the input as it does those of its output
// (AppendIndentTrailingSpace), and so never returns where one of them after
// a line feed is longer than a non-blank prefix under an empty indent.
func IndentError(src []byte, prefix, indent string) error {
	return json.Compact(new(bytes.Buffer), src)
}

// StdFormatsFastest reports whether json.Compact and json.Indent (under
// prefix and indent) are the fastest way to write their bytes, and return on
// every input: json/v2's formatter is faster than safejson's on the corpus
// (BenchmarkText), but json.Indent may never return under an empty indent
// and a prefix that is not all spaces and tabs (IndentError).
func StdFormatsFastest(prefix, indent string) bool {
	return indent != "" || strings.Trim(prefix, " \t") == ""
}

// QuotedNumbersStrict: a ",string" member of a number kind takes what its
// number parser takes inside the quotes, "+1", ".5", "NaN" and "Inf"
// included.
const QuotedNumbersStrict = false
