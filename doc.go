// Package safejson encodes any Go value as JSON, fast, and never fails on data.
//
// It keeps two promises:
//
//  1. Same bytes as encoding/json. For every value encoding/json (Go 1.26)
//     accepts, nested at most MaxDepth levels, Marshal, MarshalIndent and
//     Encoder write exactly what encoding/json writes, whichever engine ran.
//  2. Never fails on data. For values encoding/json rejects — a cycle, NaN or
//     ±Inf, a chan, func or complex value, a map key it cannot write, nesting
//     deeper than MaxDepth — it writes valid JSON with a documented substitute
//     (see package safe). It returns an error only when the caller's own
//     MarshalJSON or MarshalText fails or writes invalid JSON, as the error
//     encoding/json returns (*json.MarshalerError …), or for any substitution
//     under Options.Strict.
//
// # How it is fast
//
// A value goes first to a fast third-party engine (internal/engine, named by
// package engine: sonic and goccy/go-json on amd64 and arm64, goccy elsewhere;
// build tags choose), and only when the engine rejects it to the reference
// encoder of package safe. Which path a value takes is planned once per
// reflect.Type:
//
//   - with two engines compiled in, a type that can hold a float but neither
//     a string nor an interface goes to sonic first (it writes a NaN's null
//     itself), any other type to goccy first (faster strings and interfaces);
//   - a type whose values cannot fail or form a cycle goes straight to the engine;
//   - a type that always fails (a struct with a func field, a map with bool
//     keys) never tries the engine; one that the engine is known to write
//     differently from encoding/json (its quirks) goes to another compiled-in
//     engine that writes it right, or to the reference encoder;
//   - the shapes of decoded JSON (any, []any, map[string]any …) go to the
//     engine after a pre-scan when they hold at most plan.DecodedMembers (128)
//     map members in all (long strings, arrays of numbers), else to the
//     reference encoder, which writes member-heavy trees faster;
//   - a type that can form a cycle (a recursive type, a struct with an
//     interface field) is walked first, along its references only, for an
//     ancestor that comes back: a cyclic value goes straight to the reference
//     encoder instead of costing the engine's thousand-level search, the cliff
//     every engine has today;
//   - NaN and ±Inf are written as null by the engine itself where it can do so
//     exactly as the reference encoder does (sonic), unless Strict is set.
//
// An invalid json.Number returns encoding/json's error.
//
// A panic inside an engine sends the value to the reference encoder; a panic in
// the caller's own MarshalJSON propagates, as in encoding/json (the method may
// then have been called twice, once by each).
//
// Unmarshal and NewDecoder give encoding/json's verdict on every input. The
// target's type is planned as for encoding: an engine decodes it only where
// it is known to do so exactly and within encoding/json's memory (no
// interface, no Unmarshaler, none of the engine's DecodeQuirks), and only
// input that encoding/json's scanner accepts; everything else, and every
// input the engine refuses, is encoding/json's. A Decoder reads the stream
// through a json.Decoder, so it holds one value, not the stream.
package safejson
