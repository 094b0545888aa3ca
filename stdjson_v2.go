//go:build goexperiment.jsonv2 && go1.27

package safejson

import (
	"encoding/json"
	jsonv2 "encoding/json/v2"
)

// The option functions encoding/json has where it runs on encoding/json/v2
// (Go 1.27 by default; a file of this go1.26 module may name them only
// under a go1.27 constraint), for a program that hands their options to
// encoding/json/v2 or to package jsonv2. Each calls encoding/json's
// function of its name, whose documentation it has.
//
// encoding/json's Options type, which they return, is the one identifier
// of encoding/json that this package does not have under its name: Options
// here is safejson's. A program that names the type writes jsonv2.Options
// (encoding/json/v2's), which is the same type.

// DefaultOptionsV1 is encoding/json's DefaultOptionsV1.
func DefaultOptionsV1() jsonv2.Options { return json.DefaultOptionsV1() }

// CallMethodsWithLegacySemantics is encoding/json's CallMethodsWithLegacySemantics.
func CallMethodsWithLegacySemantics(v bool) jsonv2.Options {
	return json.CallMethodsWithLegacySemantics(v)
}

// FormatByteArrayAsArray is encoding/json's FormatByteArrayAsArray.
func FormatByteArrayAsArray(v bool) jsonv2.Options { return json.FormatByteArrayAsArray(v) }

// FormatBytesWithLegacySemantics is encoding/json's FormatBytesWithLegacySemantics.
func FormatBytesWithLegacySemantics(v bool) jsonv2.Options {
	return json.FormatBytesWithLegacySemantics(v)
}

// FormatDurationAsNano is encoding/json's FormatDurationAsNano.
func FormatDurationAsNano(v bool) jsonv2.Options { return json.FormatDurationAsNano(v) }

// MatchCaseSensitiveDelimiter is encoding/json's MatchCaseSensitiveDelimiter.
func MatchCaseSensitiveDelimiter(v bool) jsonv2.Options { return json.MatchCaseSensitiveDelimiter(v) }

// MergeWithLegacySemantics is encoding/json's MergeWithLegacySemantics.
func MergeWithLegacySemantics(v bool) jsonv2.Options { return json.MergeWithLegacySemantics(v) }

// OmitEmptyWithLegacySemantics is encoding/json's OmitEmptyWithLegacySemantics.
func OmitEmptyWithLegacySemantics(v bool) jsonv2.Options { return json.OmitEmptyWithLegacySemantics(v) }

// ParseBytesWithLooseRFC4648 is encoding/json's ParseBytesWithLooseRFC4648.
func ParseBytesWithLooseRFC4648(v bool) jsonv2.Options { return json.ParseBytesWithLooseRFC4648(v) }

// ParseTimeWithLooseRFC3339 is encoding/json's ParseTimeWithLooseRFC3339.
func ParseTimeWithLooseRFC3339(v bool) jsonv2.Options { return json.ParseTimeWithLooseRFC3339(v) }

// ReportErrorsWithLegacySemantics is encoding/json's ReportErrorsWithLegacySemantics.
func ReportErrorsWithLegacySemantics(v bool) jsonv2.Options {
	return json.ReportErrorsWithLegacySemantics(v)
}

// StringifyWithLegacySemantics is encoding/json's StringifyWithLegacySemantics.
func StringifyWithLegacySemantics(v bool) jsonv2.Options { return json.StringifyWithLegacySemantics(v) }

// UnmarshalArrayFromAnyLength is encoding/json's UnmarshalArrayFromAnyLength.
func UnmarshalArrayFromAnyLength(v bool) jsonv2.Options { return json.UnmarshalArrayFromAnyLength(v) }
