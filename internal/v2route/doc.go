// Package v2route holds what the json/v2 column of the conformance suite
// (internal/conformance, docs/conformance-v2.md) proves about the one engine
// with encoding/json/v2's API, goccy/go-json/v2: for which values it writes
// encoding/json/v2's bytes, so that safejson's json/v2 API may try it first,
// and the route that API runs (GoccyValue): the suite checks the function
// production calls.
//
// The rule, under every option set of the column (none, Deterministic,
// WithIndent, FormatNilSliceAsNull/FormatNilMapAsNull, StringifyNumbers,
// OmitZeroStructFields, DefaultOptionsV1, WithMarshalers, EscapeForHTML and
// EscapeForJS): goccy writes encoding/json/v2's bytes, or fails, for every
// value that holds no value of a type with encoding/json/v2's MarshalJSONTo
// method (json.MarshalerTo of encoding/json/v2, whose argument is
// *encoding/json/jsontext.Encoder) other than json.Number, and no map with
// interface keys. goccy looks for its own MarshalerTo, whose argument is
// goccy's jsontext.Encoder, and so encodes such a value by its fields: other
// bytes, or bytes where the method fails. And goccy writes a float held in an
// interface map key (map[any]T{1.5: …} as {"1.5":…}), which
// encoding/json/v2 rejects.
//
// What the rule does not cover, and the caller must:
//   - goccy's errors are its own types (errors.As for encoding/json/v2's
//     *json.SemanticError or encoding/json's error types fails on them), and
//     they say where differently (an offset where encoding/json/v2 names a
//     JSON Pointer; *MarshalerError for an invalid json.Number): on any goccy
//     error the reference path must decide;
//   - goccy fails on nesting encoding/json/v2 still writes (past 10000
//     levels): an error, so the reference path again;
//   - options are goccy's own types: only options that can be read back from
//     the standard library's json.Options (json.GetOption) can be handed to
//     goccy; the functions of json.WithMarshalers cannot, so a call with
//     them goes to the reference path.
//
// The package is empty where encoding/json/v2 is not (Go 1.26, Go 1.27 with
// GOEXPERIMENT=nojsonv2).
package v2route
