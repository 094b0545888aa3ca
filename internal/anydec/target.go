package anydec

import (
	"bytes"
	"encoding/json"

	"github.com/safejson/safejson/internal/engine"
)

// Target reports whether Unmarshal decodes into v: a *any holding nil, a
// *map[string]any (nil or not: encoding/json keeps an existing map and sets
// the members into it), or a *[]any holding a slice of no capacity (into
// a longer one encoding/json decodes element by element, through what the
// elements hold). Other targets (a *any holding a value, named types) are
// not taken.
func Target(v any) bool {
	switch p := v.(type) {
	case *any:
		return p != nil && *p == nil
	case *map[string]any:
		return p != nil
	case *[]any:
		return p != nil && cap(*p) == 0
	}
	return false
}

// Unmarshal decodes data into v, which Target takes, as json.Unmarshal
// does (as a json.Decoder after UseNumber does, if useNumber), with its
// verdict: input json.Valid rejects (unless valid says it was checked),
// a top-level value of another kind than the target's, and a number out of
// range go to encoding/json with the target as it was.
func Unmarshal(data []byte, v any, useNumber, valid bool) error {
	if !valid && !engine.Valid(data) {
		return std(data, v, useNumber)
	}
	first := data[skip(data)]
	switch p := v.(type) {
	case *any:
		if r, ok := Decode(data, useNumber); ok {
			*p = r
			return nil
		}
	case *map[string]any:
		switch {
		case first == 'n':
			*p = nil
			return nil
		case first != '{':
		case *p != nil:
			if DecodeInto(data, *p, useNumber) {
				return nil
			}
		default:
			if r, ok := Decode(data, useNumber); ok {
				*p = r.(map[string]any)
				return nil
			}
		}
	case *[]any:
		switch first {
		case 'n':
			*p = nil
			return nil
		case '[':
			if r, ok := Decode(data, useNumber); ok {
				*p = r.([]any)
				return nil
			}
		}
	}
	return std(data, v, useNumber)
}

// std decodes data into v with encoding/json.
func std(data []byte, v any, useNumber bool) error {
	if !useNumber {
		return json.Unmarshal(data, v)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	return dec.Decode(v)
}

// skip returns the index of the first byte of data that is not JSON
// whitespace.
func skip(data []byte) int {
	i := 0
	for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r') {
		i++
	}
	return i
}
