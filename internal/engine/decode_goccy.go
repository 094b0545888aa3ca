//go:build !safejson_sonic && !safejson_std

package engine

import (
	gojson "github.com/goccy/go-json"

	"github.com/safejson/safejson/internal/flavor"
)

// goccyDecodeQuirks: see decode_quirks_test.go for each.
var goccyDecodeQuirks = func() DecodeQuirks {
	q := DecodeQuirkPartialFill
	if flavor.QuotedNumbersStrict {
		q |= DecodeQuirkQuotedNumber
	}
	return q
}()

// DecodeQuirks: see goccyDecodeQuirks.
func (goccyEngine) DecodeQuirks() DecodeQuirks { return goccyDecodeQuirks }

// fastValid is goccy's Valid: its skipper, with encoding/json's grammar.
func fastValid(data []byte) bool { return gojson.Valid(data) }
