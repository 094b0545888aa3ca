//go:build !safejson_goccy && !safejson_std && (amd64 || arm64) && !go1.28

package engine

import (
	"encoding/json"
	"errors"
	"math"
	"sync"

	"github.com/bytedance/sonic/encoder"
)

// sonicNative reports whether the linked sonic encodes with its own code (the
// JIT on amd64, its Go VM on arm64) rather than its compatibility wrapper of
// encoding/json, which a sonic release compiles instead where it does not
// support the architecture or the Go (its encoder_compat.go). The wrapper
// gives encoding/json's own error for NaN ("json: unsupported value: NaN");
// sonic's encoder its own text (sonicNaNOrInf). Asked once.
var sonicNative = sync.OnceValue(func() bool {
	_, err := encoder.Encode(math.NaN(), 0)
	var e *json.UnsupportedValueError
	return errors.As(err, &e) && e.Str == sonicNaNOrInf
})

func (sonicEngine) native() bool { return sonicNative() }
