package anydec

import (
	"github.com/safejson/safejson/internal/engine"
)

// Target reports whether Into decodes into v: a *any holding nil, a
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

// Mode says how Into reads its input; the zero Mode is json.Unmarshal's.
type Mode struct {
	// UseNumber decodes each number as a json.Number, as a json.Decoder
	// does after UseNumber.
	UseNumber bool
	// Valid says that json.Valid has accepted the input (a Decoder's
	// value), which spares the check before members are set into an
	// existing map.
	Valid bool
}

// Into decodes data into v, which Target takes, as json.Unmarshal does (as
// a json.Decoder does, by mode), and reports whether it did. It declines,
// leaving the target as it was for encoding/json's verdict, input
// json.Valid rejects, a top-level value of another kind than the target's,
// and a number out of range (the decode executor, internal/decode, hands
// such input to encoding/json).
func Into(data []byte, v any, mode Mode) bool {
	useNumber := mode.UseNumber
	switch p := v.(type) {
	case *any:
		if r, s := Decode(data, useNumber); s == OK {
			*p = r
			return true
		}
	case *map[string]any:
		if c := first(data); c != '{' && c != 'n' {
			break // encoding/json's error, without decoding the value first
		}
		if *p != nil {
			// Members go into the map as they are read: only input
			// known to be valid, and an object.
			if first(data) == '{' && (mode.Valid || engine.Valid(data)) && DecodeInto(data, *p, useNumber) {
				return true
			}
			break
		}
		switch r, s := Decode(data, useNumber); r.(type) {
		case nil:
			if s == OK { // null
				*p = nil
				return true
			}
		case map[string]any:
			*p = r.(map[string]any)
			return true
		}
	case *[]any:
		if c := first(data); c != '[' && c != 'n' {
			break
		}
		switch r, s := Decode(data, useNumber); r.(type) {
		case nil:
			if s == OK {
				*p = nil
				return true
			}
		case []any:
			*p = r.([]any)
			return true
		}
	}
	return false
}

// first returns the first byte of data that is not JSON whitespace, 0 if
// there is none.
func first(data []byte) byte {
	for _, c := range data {
		if c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			return c
		}
	}
	return 0
}
