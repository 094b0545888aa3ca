package randtype

import (
	"errors"
	"strconv"
	"sync"
)

// The named types below carry the methods encoding/json looks for: a struct
// type made by reflect.StructOf has no methods of its own, so the generator uses
// these as field, element, key and interface types. None of their methods ever
// panics, not even on a nil receiver (a nil receiver writes a marker that
// encoding/json never writes, so an encoder calling a method it should not call
// shows in the output). The methods that fail do so for some values only.

// JSONValue has a value-receiver MarshalJSON that writes a spaced object with
// HTML characters in a string, which encoding/json compacts and escapes.
type JSONValue int

// MarshalJSON writes {"json": v, "html": "<&>"} with extra spaces.
func (v JSONValue) MarshalJSON() ([]byte, error) {
	b := append([]byte(`{ "json" : `), strconv.Itoa(int(v))...)
	return append(b, ` , "html":"<&>`+"\u2028"+`" }`...), nil
}

// JSONPtr has a pointer-receiver MarshalJSON: encoding/json calls it only when
// the value is addressable, and otherwise writes the struct.
type JSONPtr struct {
	S string
}

// MarshalJSON writes the string "ptr:" + S.
func (p *JSONPtr) MarshalJSON() ([]byte, error) {
	if p == nil {
		return []byte(`"randtype: MarshalJSON called on a nil *JSONPtr"`), nil
	}
	return appendJSONString([]byte(nil), "ptr:"+p.S), nil
}

// ErrRefused is the error the failing methods of this package return.
var ErrRefused = errors.New("randtype: refused")

// JSONFail has a value-receiver MarshalJSON that fails for negative values,
// writes invalid JSON for values ending in 1, nothing for values ending in 2, and
// a number otherwise.
type JSONFail int

// MarshalJSON fails or writes invalid JSON for some values, as described on the
// type.
func (v JSONFail) MarshalJSON() ([]byte, error) {
	switch {
	case v < 0:
		return nil, ErrRefused
	case v%10 == 1:
		return []byte(`{"unterminated": [1, `), nil
	case v%10 == 2:
		return nil, nil
	}
	return strconv.AppendInt(nil, int64(v), 10), nil
}

// Fails reports whether MarshalJSON returns an error or invalid JSON.
func (v JSONFail) Fails() bool { return v < 0 || v%10 == 1 || v%10 == 2 }

// JSONPtrFail has a pointer-receiver MarshalJSON that fails when N is negative
// and writes [N] otherwise.
type JSONPtrFail struct {
	N int
}

// MarshalJSON fails for a negative N and writes [N] otherwise.
func (p *JSONPtrFail) MarshalJSON() ([]byte, error) {
	if p == nil {
		return []byte(`"randtype: MarshalJSON called on a nil *JSONPtrFail"`), nil
	}
	if p.N < 0 {
		return nil, ErrRefused
	}
	return append(strconv.AppendInt([]byte("[ "), int64(p.N), 10), " ]"...), nil
}

// TextValue has a value-receiver MarshalText whose text holds HTML characters.
type TextValue int

// MarshalText writes t<v>&.
func (v TextValue) MarshalText() ([]byte, error) {
	return append(strconv.AppendInt([]byte("t<"), int64(v), 10), ">&"...), nil
}

// TextPtr is a string with a pointer-receiver MarshalText: written as text
// when addressable, as the plain string otherwise; as a map key its kind
// (string) wins and the method is not called.
type TextPtr string

// MarshalText writes "ptr-" + the string.
func (p *TextPtr) MarshalText() ([]byte, error) {
	if p == nil {
		return []byte("randtype: MarshalText called on a nil *TextPtr"), nil
	}
	return []byte("ptr-" + string(*p)), nil
}

// TextFail has a value-receiver MarshalText that fails for negative values. As
// a map key its failure is encoding/json's plain "encoding error for type"
// error, whose text does not depend on which key failed first.
type TextFail int

// MarshalText fails for negative values and writes f<v> otherwise.
func (v TextFail) MarshalText() ([]byte, error) {
	if v < 0 {
		return nil, ErrRefused
	}
	return strconv.AppendInt([]byte("f"), int64(v), 10), nil
}

// TextString is a string with a value-receiver MarshalText: as a value the
// method is used; as a map key the string itself is, since its kind is string.
type TextString string

// MarshalText writes "text:" + the string.
func (s TextString) MarshalText() ([]byte, error) { return []byte("text:" + string(s)), nil }

// Both has MarshalJSON and MarshalText: MarshalJSON wins for values,
// MarshalText is used for map keys.
type Both int

// MarshalJSON writes "json-N".
func (v Both) MarshalJSON() ([]byte, error) {
	return appendJSONString(nil, "json-"+strconv.Itoa(int(v))), nil
}

// MarshalText writes text-N.
func (v Both) MarshalText() ([]byte, error) { return []byte("text-" + strconv.Itoa(int(v))), nil }

// ZeroValue has a value-receiver IsZero that is true for 7 (and false for 0),
// so omitzero omits 7 and keeps 0.
type ZeroValue int

// IsZero reports whether v is 7.
func (v ZeroValue) IsZero() bool { return v == 7 }

// ZeroPtr has a pointer-receiver IsZero that is true for even N.
type ZeroPtr struct {
	N int
}

// IsZero reports whether N is even (and true for a nil receiver).
func (p *ZeroPtr) IsZero() bool { return p == nil || p.N%2 == 0 }

// TextByte is a byte with MarshalText: a []TextByte is written as an array of
// strings, not as base64.
type TextByte uint8

// MarshalText writes b<N>.
func (b TextByte) MarshalText() ([]byte, error) {
	return strconv.AppendInt([]byte("b"), int64(b), 10), nil
}

// Bytes is a named byte slice: written as base64.
type Bytes []byte

// Label is a named string with no methods: embedded, it is a field named Label.
type Label string

// Plain is a named struct with no methods, embeddable, with a tagged, an
// untagged and an unexported field.
type Plain struct {
	A int `json:"a,omitempty"`
	B string
	//lint:ignore U1000 set through reflect: an unexported field encoders skip
	c int
}

// Zeroer is an interface with IsZero, used as a field type: omitzero calls the
// method of the dynamic value, and treats a nil interface and a nil pointer
// inside it as zero.
type Zeroer interface {
	IsZero() bool
}

// Tree is a recursive named struct: its Up pointer and Any field can point
// back to an ancestor.
type Tree struct {
	Name string  `json:"name"`
	Kids []*Tree `json:"kids,omitempty"`
	Up   *Tree   `json:"up,omitempty"`
	Any  any     `json:"any,omitempty"`
}

// RecMap is a map of itself.
type RecMap map[string]RecMap

// RecSlice is a slice of itself.
type RecSlice []RecSlice

// appendJSONString appends s as a JSON string (escaping quotes, backslashes
// and control characters; other bytes are copied).
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c < 0x20:
			b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
		default:
			b = append(b, c)
		}
	}
	return append(b, '"')
}

// Calls logs the calls of the unmarshal methods of UnJSON and UnText, each
// as the method's letter and the bytes it was given, for tests that compare
// a decoder's calls with encoding/json's. Tests that read it must not run
// decodes in parallel.
var Calls struct {
	sync.Mutex
	Log []string
}

func record(method string, b []byte) {
	Calls.Lock()
	Calls.Log = append(Calls.Log, method+string(b))
	Calls.Unlock()
}

// TakeCalls returns the calls logged since the last TakeCalls, and forgets
// them.
func TakeCalls() []string {
	Calls.Lock()
	defer Calls.Unlock()
	l := Calls.Log
	Calls.Log = nil
	return l
}

// refuses reports whether an unmarshal method of this package refuses b:
// for one length in seven, so that random inputs meet both outcomes.
func refuses(b []byte) bool { return len(b)%7 == 3 }

// UnJSON has a pointer-receiver UnmarshalJSON of the user's kind: it keeps
// the value's bytes, and refuses some (refuses).
type UnJSON struct {
	Raw string
}

// UnmarshalJSON keeps b in Raw, or fails with ErrRefused.
func (u *UnJSON) UnmarshalJSON(b []byte) error {
	record("J", b)
	if refuses(b) {
		return ErrRefused
	}
	u.Raw = string(b)
	return nil
}

// UnText has a pointer-receiver UnmarshalText: it keeps the text with a
// mark, and refuses some (refuses).
type UnText string

// UnmarshalText sets the value to "text:" + b, or fails with ErrRefused.
func (u *UnText) UnmarshalText(b []byte) error {
	record("T", b)
	if refuses(b) {
		return ErrRefused
	}
	*u = UnText("text:" + string(b))
	return nil
}
