//go:build !safejson_goccy && !safejson_std && (amd64 || arm64) && !go1.28

package engine

import (
	"runtime"

	"github.com/safejson/safejson/internal/flavor"
)

// sonicDecodeQuirks: see decode_quirks_test.go for each. sonic decodes with
// its JIT (jitdec) on amd64 and with a Go decoder (optdec) on arm64, whose
// quirks differ.
var sonicDecodeQuirks = func() DecodeQuirks {
	q := DecodeQuirkRawMessageUTF8 | DecodeQuirkNegativeZero | DecodeQuirkUnicodeFold | DecodeQuirkPartialFill |
		DecodeQuirkStrayCloser | DecodeQuirkMapValueMerge | DecodeQuirkAcceptsInvalid | DecodeQuirkUnexportedEmbedded
	if runtime.GOARCH == "amd64" {
		q |= DecodeQuirkNestedTypeCompile | DecodeQuirkInterfaceMemory | DecodeQuirkMethodRetry
	} else {
		q |= DecodeQuirkEmbeddedNull
		if flavor.QuotedNumbersStrict {
			q |= DecodeQuirkQuotedNumber
		}
	}
	return q
}()

// DecodeQuirks: see sonicDecodeQuirks.
func (sonicEngine) DecodeQuirks() DecodeQuirks { return sonicDecodeQuirks }
