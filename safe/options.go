package safe

import "github.com/safejson/safejson/internal/options"

// Circular says what the encoder writes for a cycle: a pointer, map or slice that
// is its own ancestor on the current path.
type Circular int

const (
	// CircularOmit drops the member from its object, and writes null as an array
	// element or at the top level. It is the default.
	CircularOmit Circular = options.CircularOmit
	// CircularPlaceholder writes Options.Placeholder (default "[Circular]") as a
	// JSON string in place of the value.
	CircularPlaceholder Circular = options.CircularPlaceholder
	// CircularError returns an *Error wrapping *json.UnsupportedValueError, as
	// encoding/json does, but naming where the cycle is.
	CircularError Circular = options.CircularError
)

// DefaultMaxDepth is the nesting depth beyond which objects and arrays are
// replaced by "[Object]" and "[Array]", when Options.MaxDepth is 0.
const DefaultMaxDepth = options.DefaultMaxDepth

// DefaultPlaceholder is written for a cycle under CircularPlaceholder when
// Options.Placeholder is empty.
const DefaultPlaceholder = options.DefaultPlaceholder

// Options configure the encoder. The zero value means "as encoding/json, plus the
// default substitutes".
type Options struct {
	// Circular picks what a cycle becomes.
	Circular Circular
	// Placeholder is written (as a JSON string, escaped) for a cycle under
	// CircularPlaceholder; empty means DefaultPlaceholder.
	Placeholder string
	// MaxDepth bounds nesting: objects and arrays deeper than MaxDepth (the
	// top-level one is at depth 1) are written "[Object]" and "[Array]".
	// 0 means DefaultMaxDepth; negative or more than HardMaxDepth (100000)
	// is invalid. Pointers and interfaces do not count, but more
	// than 8 × MaxDepth of them on one path are cut short (null).
	MaxDepth int
	// MaxBreadth bounds the members written per object or array: after the
	// first MaxBreadth, an array gets one more element,
	// "... N items not stringified", an object one more member,
	// "...": "N items not stringified" ("1 item" for one), as
	// safe-stable-stringify writes. A struct's members are counted after
	// omitempty and omitzero. 0 means unlimited; negative is invalid.
	MaxBreadth int
	// Strict turns every substitution into an *Error naming where and why,
	// which wraps the error encoding/json returns for the same value. It
	// fails wherever encoding/json fails, and also beyond MaxDepth and
	// MaxBreadth.
	Strict bool
	// Replacer, when set, is called once for every value before it is
	// written, with its key: the member name (of a struct field or a map
	// entry), the array index in decimal, "" at the top level. What it
	// returns is written instead; the replacer is not called for that value
	// again, only for its members and elements. Returning false omits the
	// member, or writes null as an array element or at the top level. Members
	// left out by omitempty or omitzero are not passed to it, nor is an
	// embedded struct of an unexported type named by its tag (reflect does
	// not hand it out; its fields are). A value of the member's own type is
	// written as the member would be (with its `,string` option, and as
	// addressable when it is the original, unchanged), another by its own
	// type.
	Replacer func(key string, value any) (any, bool)
	// OnSubstitute, when set, is called once for every substitute written,
	// in the order of the output, after the encode has succeeded (an encode
	// that returns an error reports nothing): with the JSON Pointer, the
	// reason and the Go type of the value, as Strict would name them in its
	// *Error. A map whose key type encoding/json rejects is one
	// substitute, however many keys it has (on json/v2, which rejects keys
	// one by one, each key it rejects is one). The report is called after
	// the value is written and before Marshal returns, from the encoding
	// goroutine.
	OnSubstitute func(Substitution)
	// NoEscapeHTML leaves <, > and & unescaped in strings, as
	// json.Encoder.SetEscapeHTML(false).
	NoEscapeHTML bool
	// Prefix and Indent, when either is set, indent the output as
	// json.MarshalIndent does. Bytes that are not JSON whitespace (space,
	// tab, \n, \r) are written as given, as encoding/json writes them on
	// both of its flavours, so the output is then not JSON (a "// " prefix
	// for display); Validate accepts them, the bytes being encoding/json's.
	Prefix, Indent string
}

// Validate reports whether the options are usable: MaxDepth from 0 to
// HardMaxDepth, MaxBreadth not negative, Circular one of the policies, and
// Placeholder set only with CircularPlaceholder. Marshal and Append return
// this error, encoding nothing.
func (o Options) Validate() error {
	var opts options.Options
	return o.internal(&opts)
}

// internal sets *opts to o in the internal form, validated and normalised:
// the one place where a safe.Options becomes what the encoder reads. (It
// fills the caller's Options in place, which a function returning one would
// copy.)
func (o *Options) internal(opts *options.Options) error {
	*opts = options.Options{
		Output:   options.Output{NoEscapeHTML: o.NoEscapeHTML, Prefix: o.Prefix, Indent: o.Indent},
		Circular: int(o.Circular), Placeholder: o.Placeholder,
		MaxDepth: o.MaxDepth, MaxBreadth: o.MaxBreadth, Strict: o.Strict,
		Replacer:     o.Replacer,
		OnSubstitute: reportOf(o.OnSubstitute),
		API:          "safe",
	}
	return opts.Normalize()
}

// String returns the name of the policy.
func (c Circular) String() string { return options.CircularName(int(c)) }
