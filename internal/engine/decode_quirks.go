package engine

import (
	"math/bits"
	"strconv"
	"strings"
)

// DecodeQuirks is a set of known differences of an engine's decoding from
// encoding/json's, as Quirks are for encoding: a planner decodes a type with
// an engine only when none of the engine's decode quirks is triggered by the
// type. Which target types trigger each, and which input facts make it
// harmless, is the planner's (decodeQuirkTriggers and decodeQuirkCures in
// internal/plan/decode.go), stated there only. Every bit an engine reports is shown by a test in
// decode_quirks_test.go, which fails when an engine version fixes it.
//
// Not listed, because no planner can route around them per type and
// safejson does not use the engines for them: the engines' errors are their
// own types and texts (safejson decodes again with encoding/json on the error
// path), and their stream decoders (safejson frames a stream with
// encoding/json's; see DecodeQuirkStrayCloser for why).
//
// Not listed, because it keeps decoding within the bound by input size
// (DESIGN: the most an engine spends on any n-byte input at most twice the
// most encoding/json spends on any n-byte input for the type): goccy (and
// sonic's Go decoder on arm64) holds the members of an object decoded into
// an interface until it ends and makes its map for their number, duplicate
// keys included, so an object of N copies of one key keeps a map with room
// for N. That costs less than a valid body of the same length costs
// encoding/json (chains of one-member objects, testutil.CostlyBodies):
// TestDuplicateKeysMemory in the root package measures it.
type DecodeQuirks uint64

const (
	// DecodeQuirkNestedTypeCompile (sonic, amd64: its JIT decoder; arm64's
	// Go decoder does not show it up to 12 levels): the first decode into a type
	// compiles a decoder for it, in time and memory exponential in the
	// levels of container types nested directly in one another, whatever the
	// input: a dozen levels of []…[]int take seconds and hundreds of MB, a
	// few more end the process out of memory. The same hazard as
	// QuirkNestedTypeCompile.
	DecodeQuirkNestedTypeCompile DecodeQuirks = 1 << iota

	// DecodeQuirkInterfaceMemory (sonic, amd64): decoding into an interface costs
	// several times encoding/json's memory for empty arrays and objects
	// (TestDecodeQuirkDemos measures it): a request body of empties amplifies
	// into memory.
	DecodeQuirkInterfaceMemory

	// DecodeQuirkRawMessageUTF8 (sonic): invalid UTF-8 inside a string of
	// a value decoded into a json.RawMessage is replaced by U+FFFD;
	// encoding/json copies the bytes as they are (a signature over them
	// breaks).
	DecodeQuirkRawMessageUTF8

	// DecodeQuirkNegativeZero (sonic): the number -0 (written without a
	// fraction or an exponent) inside an array or object decodes as +0 into
	// a float or an interface; encoding/json keeps the sign. -0.0 and -0e0
	// keep it. -0 at the top level keeps it or not: on arm64 and under -race
	// never, on amd64 depending on what the process decoded before (a
	// second `go test -count` run of the demo sees it lost).
	DecodeQuirkNegativeZero

	// DecodeQuirkUnicodeFold (sonic): an object key matches a struct field
	// case-insensitively when the two are equal once lowercased by
	// strings.ToLower; encoding/json matches them by strings.EqualFold
	// (simple Unicode folding, the same in both flavours). The two differ
	// only where a non-ASCII rune meets an ASCII letter: U+017F (ſ, long s)
	// folds to s in encoding/json and not in sonic, U+0130 (İ, I with a dot)
	// lowercases to i in sonic and matches nothing in encoding/json (the
	// Kelvin sign U+212A matches k in both).
	DecodeQuirkUnicodeFold

	// DecodeQuirkPartialFill (sonic, goccy): on input with a syntax error
	// (`{"a":1}garbage`), the target is partly filled before the error is
	// found; encoding/json checks the whole input first and leaves the
	// target untouched.
	DecodeQuirkPartialFill

	// DecodeQuirkStrayCloser (sonic): the stream decoder returns nil,
	// leaving the target untouched and consuming nothing, for a value that
	// starts with } or ] (`}`, `{} }`), forever: the usual loop of Decode
	// until an error never ends. encoding/json returns a *json.SyntaxError.
	DecodeQuirkStrayCloser

	// DecodeQuirkMapValueMerge (sonic): a member of an object decoded into a
	// map that already holds its key is decoded into the value there, merged
	// (map[string]map[string]int{"a": {"x": 1}} with {"a":{"y":2}} becomes
	// {"a": {"x": 1, "y": 2}}); encoding/json decodes it into a new zero
	// value and replaces the old one ({"a": {"y": 2}}).
	DecodeQuirkMapValueMerge

	// DecodeQuirkAcceptsInvalid (sonic): some input json.Valid rejects is
	// decoded without an error: on amd64 (its JIT decoder) a bad \u escape
	// in a string of a skipped value (`{"[":[1,…,"\u00e "],…}` into a
	// struct without that field), on arm64 (its Go decoder) raw control
	// characters in a string (`"\r\n"` with the bytes CR and LF) into an any,
	// so the input must be checked before sonic decodes it. An engine
	// without this quirk rejects every input json.Valid rejects
	// (TestEnginesRejectInvalid, FuzzEnginesRejectInvalid), so a planner may
	// let it decode into a zero target unchecked, and on its error reset the
	// target to zero and decode with encoding/json.
	DecodeQuirkAcceptsInvalid

	// DecodeQuirkUnexportedEmbedded (sonic): an embedded pointer to a
	// struct type that is not exported (struct{ *inner }), nil in the
	// target, is allocated to set a member promoted from it; encoding/json
	// cannot set it through the unexported field and fails ("cannot set
	// embedded pointer to unexported struct").
	DecodeQuirkUnexportedEmbedded

	// DecodeQuirkEmbeddedNull (sonic, arm64: its Go decoder): a null
	// member promoted from a nil embedded pointer to a struct leaves the
	// pointer nil; encoding/json allocates the struct on the way to the
	// member, and sets the member to its zero value.
	DecodeQuirkEmbeddedNull

	// DecodeQuirkQuotedNumber (goccy, and sonic on arm64: its Go decoder;
	// where flavor.QuotedNumbersStrict): a
	// ",string" member of a number kind takes what strconv takes inside the
	// quotes ("+1", ".5", "NaN", "Inf"); the classic encoding/json takes
	// only a JSON number there.
	DecodeQuirkQuotedNumber

	// DecodeQuirkMethodRetry (sonic, amd64: its JIT decoder): it fails on some input encoding/json
	// accepts where the user's unmarshal methods are (null into a **T whose
	// T has UnmarshalJSON: a syntax error), after which encoding/json
	// decodes the input again: a method met before would be called twice on
	// input encoding/json accepts.
	DecodeQuirkMethodRetry
	decodeQuirkEnd // one past the last: decodeQuirkNames has a name for each
)

var decodeQuirkNames = [...]string{
	"NestedTypeCompile",
	"InterfaceMemory",
	"RawMessageUTF8",
	"NegativeZero",
	"UnicodeFold",
	"PartialFill",
	"StrayCloser",
	"MapValueMerge",
	"AcceptsInvalid",
	"UnexportedEmbedded",
	"EmbeddedNull",
	"QuotedNumber",
	"MethodRetry",
}

// Has reports whether q holds every quirk of r.
func (q DecodeQuirks) Has(r DecodeQuirks) bool { return q&r == r }

// String lists the quirks of q by name, separated by "|"; "none" for none.
func (q DecodeQuirks) String() string {
	if q == 0 {
		return "none"
	}
	var names []string
	for b := q; b != 0; b &= b - 1 {
		i := bits.TrailingZeros64(uint64(b))
		if i < len(decodeQuirkNames) {
			names = append(names, decodeQuirkNames[i])
		} else {
			names = append(names, "DecodeQuirk(1<<"+strconv.Itoa(i)+")")
		}
	}
	return strings.Join(names, "|")
}

// decodeQuirker is implemented by the engines of this package.
type decodeQuirker interface{ DecodeQuirks() DecodeQuirks }

// DecodeQuirksOf returns e's decode quirks. An engine from outside this
// package is assumed to fill the target partly on a syntax error and to
// accept some invalid input, and to be exact otherwise.
func DecodeQuirksOf(e Engine) DecodeQuirks {
	if q, ok := e.(decodeQuirker); ok {
		return q.DecodeQuirks()
	}
	return DecodeQuirkPartialFill | DecodeQuirkAcceptsInvalid
}
