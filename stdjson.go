package safejson

import "encoding/json"

// The rest of encoding/json's API, so that a program changes one import line
// (see "A drop-in for encoding/json" in the package documentation). Each type
// is an alias of encoding/json's: values, errors and errors.As work across
// code that imports either package. Their documentation is encoding/json's.
type (
	// Marshaler is json.Marshaler: a type that writes its own JSON.
	Marshaler = json.Marshaler
	// Unmarshaler is json.Unmarshaler: a type that reads its own JSON.
	Unmarshaler = json.Unmarshaler
	// RawMessage is json.RawMessage: JSON text kept as it is.
	RawMessage = json.RawMessage
	// Number is json.Number: a JSON number kept as its text.
	Number = json.Number
	// Token is json.Token: what Decoder.Token returns.
	Token = json.Token
	// Delim is json.Delim: one of [ ] { }, as a Token.
	Delim = json.Delim
)

// The errors of encoding/json, which safejson returns where encoding/json
// does (see the package documentation for when that is).
type (
	// SyntaxError is json.SyntaxError: input that is not JSON.
	SyntaxError = json.SyntaxError
	// UnmarshalTypeError is json.UnmarshalTypeError: a JSON value that
	// does not fit the Go type it is decoded into.
	UnmarshalTypeError = json.UnmarshalTypeError
	// InvalidUnmarshalError is json.InvalidUnmarshalError: a target that is
	// not a non-nil pointer.
	InvalidUnmarshalError = json.InvalidUnmarshalError
	// MarshalerError is json.MarshalerError: a MarshalJSON or MarshalText
	// method failed or wrote invalid JSON.
	MarshalerError = json.MarshalerError
	// UnsupportedTypeError is json.UnsupportedTypeError: a type
	// encoding/json cannot write (safejson writes a substitute, or returns
	// it under Options.Strict inside a *safe.Error).
	UnsupportedTypeError = json.UnsupportedTypeError
	// UnsupportedValueError is json.UnsupportedValueError: a value
	// encoding/json cannot write (a cycle, NaN; as UnsupportedTypeError).
	UnsupportedValueError = json.UnsupportedValueError
)

// Errors encoding/json no longer returns, kept as it keeps them.
type (
	// InvalidUTF8Error is json.InvalidUTF8Error.
	//
	// Deprecated: No longer used; kept for compatibility.
	//lint:ignore SA1019 encoding/json's API, deprecated identifiers included
	InvalidUTF8Error = json.InvalidUTF8Error
	// UnmarshalFieldError is json.UnmarshalFieldError.
	//
	// Deprecated: No longer used; kept for compatibility.
	//lint:ignore SA1019 encoding/json's API, deprecated identifiers included
	UnmarshalFieldError = json.UnmarshalFieldError
)
