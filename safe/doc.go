// Package safe is safejson's reference encoder: pure Go and reflect, no third-party
// code. It is the fallback the root package uses when an engine rejects a value,
// and the oracle the conformance suite compares every engine to.
//
// It keeps two promises. For every value encoding/json (Go 1.26) accepts, nested at
// most MaxDepth levels, it writes the same bytes. For every value encoding/json
// rejects, it writes valid JSON with a documented substitute instead of an error;
// it returns errors only for failures of the caller's own MarshalJSON or
// MarshalText methods, as encoding/json's error types, or for any substitution
// when Options.Strict is set.
package safe
