package safe

import (
	"encoding"
	"encoding/json"
	"errors"
	"reflect"

	"github.com/safejson/safejson/internal/stderr"
)

// encodeMarshaler calls MarshalJSON: null for a nil pointer or interface.
func encodeMarshaler(e *encodeState, b []byte, v reflect.Value) ([]byte, error) {
	if v.Kind() == reflect.Pointer && v.IsNil() {
		return appendNull(b)
	}
	m, ok := reflect.TypeAssert[json.Marshaler](v)
	if !ok || nilValueReceiver(v, marshalerType) {
		return appendNull(b)
	}
	return e.callMarshalJSON(b, m, v.Type())
}

// nilValueReceiver reports whether v is an interface holding a nil pointer
// whose method of interface iface has a value receiver: a call would panic in
// Go's method wrapper (it does in encoding/json, which therefore never
// succeeds on such a value), so safe writes null, as for a nil pointer.
func nilValueReceiver(v reflect.Value, iface reflect.Type) bool {
	if v.Kind() != reflect.Interface {
		return false
	}
	p := v.Elem()
	return p.Kind() == reflect.Pointer && p.IsNil() && p.Type().Elem().Implements(iface)
}

// encodeAddrMarshaler calls the MarshalJSON of the pointer to addressable v.
func encodeAddrMarshaler(e *encodeState, b []byte, v reflect.Value) ([]byte, error) {
	m, _ := reflect.TypeAssert[json.Marshaler](v.Addr())
	return e.callMarshalJSON(b, m, v.Type())
}

func (e *encodeState) callMarshalJSON(b []byte, m json.Marshaler, t reflect.Type) ([]byte, error) {
	out, err := m.MarshalJSON()
	if err != nil {
		return b, stderr.MarshalJSONError(t, err)
	}
	return e.marshaled(b, out, t)
}

// marshaled appends src, written by a MarshalJSON method of type t, compacted
// (or indented), or returns encoding/json's error when src is not valid JSON.
func (e *encodeState) marshaled(b, src []byte, t reflect.Type) ([]byte, error) {
	if out, ok := e.appendJSON(b, src); ok {
		return out, nil
	}
	err := stderr.Syntax(src)
	if err == nil { // appendJSON and encoding/json disagree: a bug in appendJSON
		err = errors.New("safe: internal error: JSON rejected by safe but valid for encoding/json")
	}
	return b, stderr.MarshalJSONError(t, err)
}

// encodeRawMessage writes a json.RawMessage as its MarshalJSON method would,
// without boxing the slice into an interface.
func encodeRawMessage(e *encodeState, b []byte, v reflect.Value) ([]byte, error) {
	raw := v.Bytes()
	if raw == nil {
		return appendNull(b)
	}
	return e.marshaled(b, raw, rawMessageType)
}

// encodeTextMarshaler calls MarshalText and writes the text as a JSON string:
// null for a nil pointer or interface.
func encodeTextMarshaler(e *encodeState, b []byte, v reflect.Value) ([]byte, error) {
	if v.Kind() == reflect.Pointer && v.IsNil() {
		return appendNull(b)
	}
	m, ok := reflect.TypeAssert[encoding.TextMarshaler](v)
	if !ok || nilValueReceiver(v, textMarshalerType) {
		return appendNull(b)
	}
	return e.callMarshalText(b, m, v.Type())
}

// encodeAddrTextMarshaler calls the MarshalText of the pointer to addressable v.
func encodeAddrTextMarshaler(e *encodeState, b []byte, v reflect.Value) ([]byte, error) {
	m, _ := reflect.TypeAssert[encoding.TextMarshaler](v.Addr())
	return e.callMarshalText(b, m, v.Type())
}

func (e *encodeState) callMarshalText(b []byte, m encoding.TextMarshaler, t reflect.Type) ([]byte, error) {
	text, err := m.MarshalText()
	if err != nil {
		return b, stderr.MarshalTextError(t, err)
	}
	return appendBytesString(b, text, e.escapeHTML), nil
}
