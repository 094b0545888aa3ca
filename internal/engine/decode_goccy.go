//go:build !safejson_sonic && !safejson_std

package engine

import gojson "github.com/goccy/go-json"

// DecodeQuirks: see decode_quirks_test.go for each.
func (goccyEngine) DecodeQuirks() DecodeQuirks {
	return DecodeQuirkPartialFill
}

// fastValid is goccy's Valid: its skipper, with encoding/json's grammar.
func fastValid(data []byte) bool { return gojson.Valid(data) }
