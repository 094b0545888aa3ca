package engine

import (
	"math/bits"
	"strconv"
	"strings"
)

// Quirks is a set of known differences from encoding/json, the one of the
// toolchain that builds the program: the engines write what the classic
// encoding/json (flavour v1: Go 1.26, Go 1.27 with GOEXPERIMENT=nojsonv2)
// writes, with these exceptions, and some differ from encoding/json on
// json/v2 (flavour v2, Go 1.27's default) where the classic one does not.
// Each bit says what differs, on which engine, flavour and architecture; an
// engine reports the bits that hold on the flavour it is built with, so that
// a planner can decide per type whether the engine may write it. Which Go
// types trigger each bit, and how the planner routes around it (the type
// features it keeps from an engine with the bit, a value that triggers it,
// the demo that shows it), is stated once, in one table: quirkRules in
// internal/plan/quirks.go. Every bit an engine reports is
// asserted by a test in quirks_test.go, which fails when an engine version
// fixes it, and every demonstrated difference is asserted to be reported.
//
// Differences the wrappers remove are not quirks: sonic writes the control
// characters U+0008 and U+000C as \u0008 and \u000c (encoding/json: \b, \f),
// and, without HTML escaping, U+2028 and U+2029 raw (encoding/json: \u2028,
// \u2029); the sonic wrapper rewrites both in its output (the side effect on
// MarshalJSON output is part of QuirkMarshalerOutput). On flavour v2, where
// encoding/json writes invalid UTF-8 as a raw U+FFFD, the sonic wrapper turns
// sonic's \ufffd into one (goccy follows the flavour itself), and where it
// escapes U+2028 and U+2029 in MarshalJSON output without HTML escaping, the
// goccy wrapper escapes the ones goccy copies raw.
type Quirks uint64

const (
	// QuirkStringOption (sonic): a string-kind field with the `,string`
	// option is written as a JSON string holding the JSON string of its
	// value. encoding/json makes the inner string with all its escapes and
	// escapes that again; sonic leaves <, >, & (when HTML is escaped),
	// U+2028, U+2029 and invalid UTF-8 raw in the inner string, so they end
	// up escaped once (`\u003c`
	// where encoding/json writes `\\u003c`, likewise \u2028, \ufffd), and
	// writes U+0008 and U+000C as `\\u0008`, `\\u000c` (encoding/json:
	// `\\b`, `\\f`). Quotes, backslashes, \n, \r, \t and other control
	// characters come out as encoding/json writes them. On flavour v2,
	// where the inner string holds invalid UTF-8 as a raw U+FFFD, that one
	// escape makes no difference.
	QuirkStringOption Quirks = 1 << iota

	// QuirkMarshalerOutput (sonic): the bytes a MarshalJSON method returns
	// (json.RawMessage included) are rewritten as if they were sonic's own:
	// invalid UTF-8 in them becomes \ufffd (encoding/json keeps the bytes),
	// the escapes \u0008 and \u000c become \b and \f, and without HTML
	// escaping raw U+2028 and U+2029 become \u2028 and \u2029 (encoding/json
	// copies them; on flavour v2 it escapes them too, and the wrapper writes
	// the U+FFFD raw, where encoding/json still keeps the invalid bytes).
	QuirkMarshalerOutput

	// QuirkNegativeZero (sonic, arm64 only): a float32 or float64 negative
	// zero is written 0; encoding/json writes -0.
	QuirkNegativeZero

	// QuirkUnsupportedMapKey (sonic, goccy): the engine and encoding/json
	// disagree on whether some map types can be written. Flavour v1: map
	// types encoding/json rejects with *json.UnsupportedTypeError are
	// written: sonic, a bool key (keys "true"/"false"), and a nil or empty
	// map with a float key; goccy (json/v2's rule), a key that is a pointer
	// to a string or integer kind, written as the value it points to, and a
	// nil or empty map with any pointer key (a nil key is an error).
	// Flavour v2, where encoding/json writes float keys and pointer keys
	// (dereferenced; a nil map of them as null): sonic writes bool keys and
	// rejects pointer keys, goccy rejects float keys (and both reject a
	// non-empty map with a float key). Not an output difference for a value
	// both write, but a success where encoding/json fails, which is not the
	// safe encoder's substitute, or a rejection where it writes: a planner
	// must not trust an engine with these types.
	QuirkUnsupportedMapKey

	// QuirkDepthLimit (sonic; goccy on flavour v1 only): values nested
	// deeper than a limit are rejected although encoding/json writes them.
	// sonic rejects a chain of 2048 pointers or maps (2048 JSON levels) and
	// 4096 levels of []any on amd64, one level more on arm64; goccy any
	// value deeper than flavor.JSONv2DepthLimit JSON levels, where
	// encoding/json on flavour v2 stops too. A *Rejected, so the fallback writes the right bytes; a planner
	// needs to know that such a rejection is not a failure of encoding/json.
	QuirkDepthLimit

	// QuirkNestedTypeCompile (sonic): the first encode of a type compiles
	// it, in time and memory that grow exponentially with the levels of
	// unnamed container types nested in each other (TestQuirkDemos shows
	// it). On amd64 (sonic's JIT) memory multiplies with each level of maps,
	// slices or arrays from 3 levels on, until a dozen or so levels end the
	// process with "fatal error: out of memory", which no recover catches.
	// On arm64 (sonic's VM) the same growth starts about 6 levels later. Not an
	// output difference, a hazard.
	QuirkNestedTypeCompile

	// QuirkArrayMethods (goccy): the pointer-receiver MarshalJSON or
	// MarshalText of a value inside an array is called when the array is not
	// addressable (held by value at the top level, in a map value, in an
	// interface, or in a struct held by value), where encoding/json writes
	// the default encoding: for the array's elements and for the fields
	// held by value in them (a [1]struct{ X big.Int } by value is written
	// [{"X":5}], encoding/json writes [{"X":{}}]).
	QuirkArrayMethods

	// QuirkOmitEmptyNegativeZero (sonic): a float field with the omitempty
	// option holding negative zero is written (-0 on amd64, 0 on arm64);
	// encoding/json omits it, -0 being == 0.
	QuirkOmitEmptyNegativeZero

	// QuirkEmbeddedPointerMethods (sonic): a field reached through an
	// embedded pointer (struct{ *Inner }) is addressable, so encoding/json
	// calls its type's pointer-receiver MarshalJSON or MarshalText, even when
	// the outer struct is not addressable; sonic does not when the outer
	// struct is held by value (at the top level, in an interface, a map
	// value or a struct held by value) and writes the default encoding.
	QuirkEmbeddedPointerMethods

	// QuirkStickyPointerMethods (sonic, amd64 and arm64): sonic caches one
	// compiled encoder per type, and encoding a value of a type T whose *T,
	// but not T, implements json.Marshaler or encoding.TextMarshaler, held
	// in an interface field of a struct inside an array field of a struct
	// behind a pointer (&struct{ A [n]struct{ X any } }, X holding a T),
	// compiles T's encoder as if the value were addressable: sonic calls
	// the pointer-receiver method there, and from then on for every
	// non-addressable T in the whole process (a T at the top level, in an
	// interface, a map value), where encoding/json writes the default
	// encoding. History-dependent: a type is wrong only after some value
	// poisoned it.
	QuirkStickyPointerMethods

	// QuirkMarshalerInterfacePointer (goccy): a struct field whose type is a
	// pointer to an interface type with a MarshalJSON or MarshalText method
	// (*json.Marshaler, *encoding.TextMarshaler) is written null; encoding/json
	// calls the method of the value the interface holds (and returns its
	// error).
	QuirkMarshalerInterfacePointer

	// QuirkDoublePointerMethods (goccy): for a struct field of type **T (or
	// more pointers) where *T, but not T, implements json.Marshaler or
	// encoding.TextMarshaler, goccy calls the method with the address of
	// the *T variable taken for a *T: the method reads the pointer as if it
	// were the T (big.Int's MarshalJSON then ends the process with
	// "unexpected fault address" on amd64, which no recover catches), and
	// a method that writes through its receiver changes the user's
	// pointer. Where std writes null for a nil *T, goccy calls the method
	// on the zeroed pointer variable. Memory-unsafe, not just an output
	// difference.
	QuirkDoublePointerMethods

	// QuirkUnwrittenTypeRejected (sonic, goccy): a value is rejected if its
	// type holds, anywhere, a type the engine cannot write, even when no
	// value of it is written: a map type whose key encoding/json cannot
	// write (complex, array, struct or interface keys, goccy writing
	// interface keys on flavour v2; for goccy also bool and float keys, for
	// sonic pointer keys) in an empty slice, a nil map in
	// an omitempty field, a struct behind a nil pointer; and for sonic a
	// chan, func or complex field with both omitempty and omitzero (which
	// omitzero omits when zero). encoding/json fails only when it meets such
	// a value. A *Rejected, so the fallback writes the right bytes, but the
	// attempt is wasted on every value of the type.
	QuirkUnwrittenTypeRejected

	// QuirkTagName (sonic, goccy; flavour v2 only): a struct field whose
	// json tag name holds a character the classic encoding/json does not
	// take in a name (a quote, a backslash, anything but a letter, a digit
	// or the ASCII punctuation !#$%&()*+-./:;<=>?@[]^_{|}~ and space) is
	// written under its Go field name, as the classic encoding/json writes
	// it; encoding/json on json/v2 takes the name up to the first quote or
	// backslash (`json:"a\"b"` is "a") and any other character as it is
	// (`json:"☺"` is "☺"), so fields may also collide and drop there.
	QuirkTagName

	// QuirkInterfaceMethods (sonic, goccy; flavour v2 only): a value held in an
	// interface type that has a marshal method (json.Marshaler,
	// encoding.TextMarshaler, an interface embedding one) is written by the
	// interface's method: a struct{ X encoding.TextMarshaler } holding a
	// value with both MarshalJSON and MarshalText is written by MarshalText,
	// as the classic encoding/json writes it; encoding/json on json/v2
	// writes the concrete value by its own methods in their order of
	// precedence (MarshalJSON first; flavor.InterfaceMethodsOnConcrete).
	// A json.Marshaler interface is written by MarshalJSON either way.
	QuirkInterfaceMethods

	quirkEnd // one past the last quirk: quirkNames has a name for each
)

var quirkNames = [...]string{
	"StringOption",
	"MarshalerOutput",
	"NegativeZero",
	"UnsupportedMapKey",
	"DepthLimit",
	"NestedTypeCompile",
	"ArrayMethods",
	"OmitEmptyNegativeZero",
	"EmbeddedPointerMethods",
	"StickyPointerMethods",
	"MarshalerInterfacePointer",
	"DoublePointerMethods",
	"UnwrittenTypeRejected",
	"TagName",
	"InterfaceMethods",
}

// Has reports whether q holds every quirk of r.
func (q Quirks) Has(r Quirks) bool { return q&r == r }

// String lists the quirks of q by name, separated by "|"; "none" for none.
func (q Quirks) String() string {
	if q == 0 {
		return "none"
	}
	var names []string
	for b := q; b != 0; b &= b - 1 {
		i := bits.TrailingZeros64(uint64(b))
		if i < len(quirkNames) {
			names = append(names, quirkNames[i])
		} else {
			names = append(names, "Quirk(1<<"+strconv.Itoa(i)+")")
		}
	}
	return strings.Join(names, "|")
}
