//go:build goexperiment.jsonv2 && go1.27

package safejson

import "encoding/json"

// The options encoding/json has where it runs on encoding/json/v2 (Go 1.27
// by default; a file of this go1.26 module may name them only under a
// go1.27 constraint), for a program that hands them to encoding/json/v2 or
// to package jsonv2. Each is json's function; their documentation is
// encoding/json's.
//
// encoding/json's Options type, which they return, is the one identifier
// of encoding/json that this package does not have under its name: Options
// here is safejson's. A program that names the type writes jsonv2.Options
// (encoding/json/v2's), which is the same type.
var (
	DefaultOptionsV1                = json.DefaultOptionsV1
	CallMethodsWithLegacySemantics  = json.CallMethodsWithLegacySemantics
	FormatByteArrayAsArray          = json.FormatByteArrayAsArray
	FormatBytesWithLegacySemantics  = json.FormatBytesWithLegacySemantics
	FormatDurationAsNano            = json.FormatDurationAsNano
	MatchCaseSensitiveDelimiter     = json.MatchCaseSensitiveDelimiter
	MergeWithLegacySemantics        = json.MergeWithLegacySemantics
	OmitEmptyWithLegacySemantics    = json.OmitEmptyWithLegacySemantics
	ParseBytesWithLooseRFC4648      = json.ParseBytesWithLooseRFC4648
	ParseTimeWithLooseRFC3339       = json.ParseTimeWithLooseRFC3339
	ReportErrorsWithLegacySemantics = json.ReportErrorsWithLegacySemantics
	StringifyWithLegacySemantics    = json.StringifyWithLegacySemantics
	UnmarshalArrayFromAnyLength     = json.UnmarshalArrayFromAnyLength
)
