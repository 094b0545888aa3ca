//go:build !safejson_sonic && !safejson_std

package engine

// DecodeQuirks: see decode_quirks_test.go for each.
func (goccyEngine) DecodeQuirks() DecodeQuirks {
	return DecodeQuirkPartialFill | DecodeQuirkObjectMemory
}
