// Package safejson encodes any Go value as JSON, fast, and never fails on
// data; it decodes with encoding/json's verdict.
//
// Its functions have the signatures of encoding/json's and replace them
// where a server or a logger writes JSON:
//
//	b, err := safejson.Marshal(v)              // as json.Marshal
//	err = safejson.NewEncoder(w).Encode(v)     // as json.Encoder; nothing written on error
//	err = safejson.Unmarshal(data, &v)         // as json.Unmarshal
//	err = safejson.NewDecoder(r).Decode(&v)    // as json.Decoder
//
// # A drop-in for encoding/json
//
// A program that imports encoding/json changes that one line,
//
//	import json "github.com/safejson/safejson"
//
// and builds and runs as before, with the substitutes below where
// encoding/json would fail: the package has every exported identifier of the
// toolchain's encoding/json. Its types (RawMessage, Number, Marshaler,
// SyntaxError, UnmarshalTypeError …) are aliases of encoding/json's, so
// values and errors pass between code that imports either package and
// errors.As finds the same types; Encoder and Decoder are safejson's, with
// encoding/json's methods. Valid, Compact, Indent and HTMLEscape give
// encoding/json's verdict, bytes and errors (offsets included), faster. The
// one name that means something else is
// Options, which encoding/json has on Go 1.27 (for encoding/json/v2's
// functions): here it is safejson's options.
//
// # Promises
//
// Same bytes as encoding/json: the encoding/json of the toolchain that builds
// the program, which is the classic one on Go 1.26 and on Go 1.27 with
// GOEXPERIMENT=nojsonv2, and the one implemented on encoding/json/v2 on Go
// 1.27 by default (they differ in places, such as invalid UTF-8 and the
// errors' wording). For every value that encoding/json accepts, nested at most
// MaxDepth levels, Marshal, MarshalIndent, Append and Encoder write exactly
// its bytes, whichever engine or path ran.
//
// Never fails on data. For a value encoding/json rejects, safejson writes
// valid JSON with a substitute instead of an error:
//
//	a cycle (a pointer, map or slice inside itself)   member omitted; null in an array
//	NaN, +Inf, -Inf                                   null
//	a chan, func, complex or unsafe.Pointer value     member omitted; null in an array
//	a map key encoding/json cannot write (bool …)     the key's text ("true")
//	nesting deeper than Options.MaxDepth              "[Object]" or "[Array]"
//
// Options changes each of them (a placeholder string for cycles, an error
// under Strict, other limits). An error is returned only when the caller's
// own MarshalJSON or MarshalText fails or writes invalid JSON, as the error
// encoding/json returns (a *json.MarshalerError), or for a substitution under
// Options.Strict, or for invalid Options.
//
// Decoding gives encoding/json's verdict: Unmarshal and a Decoder return what
// encoding/json returns (the value, or an error of the same type and text)
// on every input, in time and memory within a small multiple of its own.
// Where the toolchain's encoding/json panics on a target type instead (Go
// 1.27, a few shapes of embedded pointers), they return a *CrashError.
//
// # How it works
//
// A value goes first to a fast engine configured for encoding/json's output
// (package engine says which; build tags safejson_sonic, safejson_goccy,
// safejson_std), and to the reference encoder of package safe only where
// the engine cannot or must not write it. The plan per type, the pre-scan of
// values that may hold a cycle and the decode plan are described in
// docs/how-it-works.md of the repository.
package safejson
