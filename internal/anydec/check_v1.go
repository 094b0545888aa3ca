//go:build !goexperiment.jsonv2

package anydec

import (
	"encoding/json"

	"github.com/safejson/safejson/internal/engine"
)

// checkLong returns nil if data is one JSON value as json.Valid says, and
// else encoding/json's error for it, which is the error of json.Unmarshal
// into any target (a syntax error is found before the target is looked
// at). The classic encoding/json scans slower than engine.Valid, which
// decides; its scan runs only on invalid input, for the error.
func checkLong(data []byte) error {
	if engine.Valid(data) {
		return nil
	}
	return json.Unmarshal(data, new(skip))
}

// skip is a target that takes any JSON value and keeps nothing.
type skip struct{}

func (*skip) UnmarshalJSON([]byte) error { return nil }
