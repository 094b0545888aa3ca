// Package jsonv2 is encoding/json/v2's API that never fails on data.
//
// Marshal, MarshalWrite and MarshalEncode take the standard library's own
// json.Options (encoding/json/v2 and encoding/json/jsontext) and write
// exactly the bytes encoding/json/v2 writes for every value and option set
// it accepts; the errors of the caller's own methods and marshaler funcs are
// encoding/json/v2's, with the same types and messages. Where
// encoding/json/v2 fails on the data, or crashes on it, jsonv2 writes a
// documented substitute instead:
//
//   - a cycle (a pointer, map or slice that is its own ancestor, including
//     the ones that write no token, such as var x any; x = &x, which crash
//     encoding/json/v2): null, or the string of CircularPlaceholder;
//   - NaN, +Inf and −Inf: null;
//   - a func, chan, complex or unsafe.Pointer value: null;
//   - a map key encoding/json/v2 cannot write as a name (bool, struct,
//     array, NaN …): the map is written with the keys' text as names (sorted),
//     and entries whose key would print an address left out;
//   - invalid UTF-8: each invalid byte written as U+FFFD, as
//     jsontext.AllowInvalidUTF8(true) writes it;
//   - nesting past encoding/json/v2's limit (10000): "[Object]" or "[Array]".
//
// Strict(true) turns every substitute into a *json.SemanticError that
// carries the JSON Pointer of the value and wraps a *SubstituteError naming
// the reason. Nothing partial is returned: on an error Marshal returns nil,
// and MarshalWrite and MarshalEncode write nothing.
//
// OnSubstitute reports each substitute written (where, why, the Go type),
// once the encode succeeded, in the order written.
//
// Unmarshal, UnmarshalRead and UnmarshalDecode are encoding/json/v2's own:
// its verdict on every input.
//
// The options of this package (CircularPlaceholder, Strict, OnSubstitute)
// are json.Options values and go in the same list as the standard ones,
// given directly to a function of this package: encoding/json/v2 itself,
// and json.JoinOptions, reject an option they do not know with a panic.
//
// The package exists only where encoding/json/v2 does, Go 1.27 and later
// under the default GOEXPERIMENT=jsonv2. Under Go 1.26 (where json/v2 is an
// experiment with an earlier API) and under GOEXPERIMENT=nojsonv2 it is
// empty.
package jsonv2
