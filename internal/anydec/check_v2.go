//go:build goexperiment.jsonv2

package anydec

import "encoding/json"

// checkLong returns nil if data is one JSON value as json.Valid says, and
// else encoding/json's error for it, which is the error of json.Unmarshal
// into any target (a syntax error is found before the target is looked
// at). encoding/json on json/v2 scans about as fast as engine.Valid, so its
// own scan is the check: invalid input costs that one scan, not a check
// and then the scan for the error.
func checkLong(data []byte) error {
	return json.Unmarshal(data, new(skip))
}

// skip is a target that takes any JSON value and keeps nothing.
type skip struct{}

func (*skip) UnmarshalJSON([]byte) error { return nil }
