package safejson_test

import (
	"encoding/json"
	"testing"
)

type rawFields struct {
	R json.RawMessage  `json:"r"`
	P *json.RawMessage `json:"p"`
	N int              `json:"n"`
	A any              `json:"a"`
}

// TestDecodeRawMessage: json.RawMessage, which an engine without
// DecodeQuirkRawMessageUTF8 decodes (its UnmarshalJSON is the standard
// library's), keeps the bytes of the value as encoding/json keeps them:
// whitespace inside, escapes, invalid UTF-8, null (a RawMessage holding
// "null", a *RawMessage left nil), a key twice (the last), beside a type
// error elsewhere and in invalid input.
func TestDecodeRawMessage(t *testing.T) {
	ins := []string{
		`{"r":{"a" : [1, 2 ,{"b":null}] },"n":1}`,
		` { "r" : "x\u2028\"\\y" , "p" : [ true ] } `,
		"{\"r\":\"a\xffb\xed\xa0\x80\",\"p\":\"\xfe\"}",
		`{"r":null,"p":null}`, `{"r":1e400,"p":-0}`, `{"r":12345678901234567890}`,
		`{"r":[1],"r":{"x":2},"p":3,"p":[4]}`,
		`{"r":{"x":1},"n":"not an int"}`, `{"n":1.5,"r":[]}`, `{"r":[1,2}`, `{"r":1} x`,
		`{"r":{"a":1,"a":2},"a":{"k":[1,{"k":2}]}}`, `{"R":"case","P":"folded"}`,
		`[{"r":1}]`, `"x"`, `null`, `{}`,
	}
	for _, in := range ins {
		checkAsEncodingJSON(t, in, func() any { return new(rawFields) })
		checkAsEncodingJSON(t, in, func() any { return new(json.RawMessage) })
		checkAsEncodingJSON(t, in, func() any { return new(map[string]json.RawMessage) })
		checkAsEncodingJSON(t, in, func() any { return new([]json.RawMessage) })
		checkAsEncodingJSON(t, "["+in+"]", func() any { return new([]rawFields) })
	}
	// A target holding a RawMessage already: encoding/json writes over it
	// (append to its first zero bytes), and leaves it on a syntax error.
	for _, in := range []string{`{"r":[1]}`, `{"r":[1]`, `{"n":"x"}`} {
		checkAsEncodingJSON(t, in, func() any { return &rawFields{R: json.RawMessage(`"old, long value"`), N: 3} })
	}
}
