// Package safe is safejson's reference encoder: pure Go and reflect, no
// third-party code. It is the fallback the root package uses when an engine
// rejects a value, and the oracle the conformance suite compares every engine
// to.
//
// # Promises
//
// Same bytes as encoding/json: the one of the toolchain that builds the
// program, classic (Go 1.26; Go 1.27 with GOEXPERIMENT=nojsonv2) or on
// encoding/json/v2 (Go 1.27 by default), whose rules differ in places (invalid
// UTF-8 written as U+FFFD itself, U+2028 escaped in MarshalJSON output, tag
// names, map keys written by value, errors). For every value json.Marshal accepts, nested
// at most MaxDepth levels, Marshal writes the same bytes (a value only one
// flavour accepts gets its bytes there, a substitute on the other); MarshalIndent writes json.MarshalIndent's; Options.NoEscapeHTML,
// Prefix and Indent write what a json.Encoder with SetEscapeHTML(false) and
// SetIndent writes (without its trailing newline). All of encoding/json's
// rules apply: struct tags and embedding, omitempty, omitzero and IsZero,
// `,string`, MarshalJSON and MarshalText (through the pointer when the value
// is addressable; on json/v2 also MarshalJSONTo and AppendText, which come
// first), map key names and order, []byte as base64, HTML escaping,
// invalid UTF-8 as U+FFFD (\ufffd, or unescaped on json/v2), float
// formatting, and the compaction of what MarshalJSON returns.
//
// Never fails on data. For every value encoding/json rejects, safe writes
// valid JSON with a substitute:
//
//	what encoding/json rejects              substitute
//	---------------------------------------  ------------------------------------------------
//	cycle: a pointer, map or slice that is   member omitted from its object, null as an array
//	its own ancestor on the current path     element or at the top level; Options.Circular:
//	                                         a placeholder string, or an error
//	NaN, +Inf, -Inf (also `,string`)         null
//	chan, func, complex, unsafe.Pointer      member omitted; null as an element or at the top
//	map key of another type (bool, float,    the key's text: true, 1.5 (fmt.Sprint); an entry
//	struct, array, interface …)              whose key holds a pointer, chan or func is left
//	                                         out; an interface key holding a string, integer
//	                                         or TextMarshaler is named as encoding/json would
//	nesting deeper than MaxDepth             "[Object]" or "[Array]"
//	(DefaultMaxDepth; json/v2: its own limit,
//	the same number)
//	a cycle through pointers and interfaces  null, as any cycle (json/v2's encoding/json
//	only (var x any; x = &x)                 overflows the stack: a fatal error)
//	more than MaxBreadth members (option)    "... N items not stringified" (arrays),
//	                                         "...": "N items not stringified" (objects)
//	json/v2 only: a struct with a field      the struct as if the option were not there
//	tagged with a format: option             (as the classic encoding/json writes it)
//
// A value met twice on different paths (a shared reference) is written twice,
// as encoding/json writes it: only a value inside itself is a cycle. Cycles
// are found per type and address (and length, for slices), and only for types
// that can form one, so plain data pays nothing for the search.
//
// Errors are returned only for the caller's own code, exactly as
// encoding/json returns them (*json.MarshalerError for a MarshalJSON or
// MarshalText that fails or writes invalid JSON, naming T or *T as the flavour
// does; encoding/json's error for a map key's MarshalText and for an invalid
// json.Number, a plain error on the classic flavour, a *json.MarshalerError on
// json/v2), and, as *Error, for
// substitutes when Options.Strict is set and for cycles under CircularError.
// A panic in the caller's methods propagates. On error nothing is written:
// Append returns its dst unchanged.
//
// Where encoding/json itself panics rather than failing (calling a value
// method through a nil pointer held by an interface, or, on the classic
// flavour, a method of an unexported embedded struct named by its tag, which
// json/v2 leaves out), safe writes null, or encodes the struct by its fields,
// instead.
//
// Map members whose names tie (two keys with the same MarshalText, NaN keys)
// are ordered by their encoded values, so that the output never depends on
// map iteration order; encoding/json's order is random there.
package safe
