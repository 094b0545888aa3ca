package anydec

import (
	"bytes"
	"encoding/json"
)

// Unmarshal is Into with the decode executor's answer where Into declines:
// encoding/json's verdict on the target as Into left it, by mode.
func Unmarshal(data []byte, v any, mode Mode) error {
	if Into(data, v, mode) {
		return nil
	}
	if !mode.UseNumber {
		return json.Unmarshal(data, v)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	return dec.Decode(v)
}
