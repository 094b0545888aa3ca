//go:build !safejson_goccy && !safejson_std && (amd64 || arm64) && !go1.28

package engine

// DecodeQuirks: see decode_quirks_test.go for each.
func (sonicEngine) DecodeQuirks() DecodeQuirks {
	return DecodeQuirkNestedTypeCompile | DecodeQuirkInterfaceMemory | DecodeQuirkRawMessageUTF8 |
		DecodeQuirkNegativeZero | DecodeQuirkUnicodeFold | DecodeQuirkPartialFill | DecodeQuirkStrayCloser | DecodeQuirkMapValueMerge
}
