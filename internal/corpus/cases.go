package corpus

import (
	"sync"

	"github.com/safejson/safejson/internal/flavor"
)

// Cases returns the corpus as it stands on the flavour of encoding/json the
// program is built with, built once: every case of every theme, in a fixed
// order. The cases and their values are shared; callers must not modify them.
func Cases() []*Case { return flavorCases() }

// flavorCases are the cases as they stand on the flavour of encoding/json in
// force (flavor.Name).
var flavorCases = sync.OnceValue(func() []*Case { return CasesFor(flavor.Name) })

// CasesFor returns the corpus as it stands on the named flavour of
// encoding/json ("v1" or "v2", see flavor.Name): each case with that
// flavour's expectation, where it has one.
func CasesFor(name string) []*Case {
	var out []*Case
	for _, c := range allCases() {
		out = append(out, c.forFlavor(name))
	}
	return out
}

// Flavour reasons: what changed in encoding/json on json/v2 (Go 1.27's
// default), by the letters of the changes listed in docs/differences.md.
const (
	v2InvalidUTF8    = "A: encoding/json on json/v2 writes invalid UTF-8 as a raw U+FFFD, not \\ufffd"
	v2LineSeparators = "B: encoding/json on json/v2 escapes U+2028 and U+2029 in MarshalJSON output even without HTML escaping"
	v2MethodType     = "C: on json/v2 a *MarshalerError names the type whose method was called, *T for an addressable T and the concrete type behind an interface"
	v2RawMessage     = "D: json.RawMessage is an alias of jsontext.Value on json/v2, whose method has a pointer receiver: errors name *jsontext.Value"
	v2KeyText        = "F: on json/v2 a map key's failing MarshalText is a *MarshalerError naming *T"
	v2Number         = "G: on json/v2 an invalid json.Number is a *MarshalerError of its MarshalJSONTo method"
	v2MapKeyErrors   = "I: on json/v2 a map key that cannot be a JSON object name fails when it is met, as a *json.UnsupportedValueError of jsontext"
	v2TagName        = "H: encoding/json on json/v2 cuts a tag name at a quote or backslash and takes other characters as they are"
	v2MapKeys        = "J: encoding/json on json/v2 writes float keys, pointer keys (as the value they point to) and interface keys holding them"
	v2StdDies        = "K: encoding/json on json/v2 recurses into a cycle that writes no JSON token until the stack overflows, a fatal error"
	v2Depth          = "L: encoding/json on json/v2 stops at 10000 levels of nesting with a *json.SyntaxError"
	v2NewMethods     = "N: encoding/json on json/v2 calls AppendText before MarshalText and MarshalJSONTo before MarshalJSON"
	v2Format         = "O: encoding/json on json/v2 rejects a struct with a field tagged with a format option (*json.UnsupportedValueError), when encoding and decoding"
)

var allCases = sync.OnceValue(func() []*Case {
	var cs []*Case
	for _, theme := range []func() []*Case{
		cycleCases, numberCases, unsupportedCases, mapCases, marshalerCases,
		stringCases, structCases, valueCases, limitCases, replacerCases, strictCases,
		ordinaryCases, diffCases, newMethodCases, formatCases,
		recursiveTypeCases, // last: see there
	} {
		cs = append(cs, theme()...)
	}
	return cs
})
