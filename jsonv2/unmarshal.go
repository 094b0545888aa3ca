//go:build goexperiment.jsonv2 && go1.27

package jsonv2

import (
	"encoding/json/jsontext"
	"encoding/json/v2"
	"io"
)

// Unmarshal is encoding/json/v2's Unmarshal: its verdict on every input.
// The options of this package are accepted and have no effect.
func Unmarshal(in []byte, out any, opts ...json.Options) error {
	var c config
	return json.Unmarshal(in, out, split(opts, &c)...)
}

// UnmarshalRead is encoding/json/v2's UnmarshalRead.
func UnmarshalRead(in io.Reader, out any, opts ...json.Options) error {
	var c config
	return json.UnmarshalRead(in, out, split(opts, &c)...)
}

// UnmarshalDecode is encoding/json/v2's UnmarshalDecode.
func UnmarshalDecode(in *jsontext.Decoder, out any, opts ...json.Options) error {
	var c config
	return json.UnmarshalDecode(in, out, split(opts, &c)...)
}
