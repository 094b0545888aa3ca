package safe

import (
	"encoding"
	"encoding/json"
	"errors"
	"reflect"

	"github.com/safejson/safejson/internal/stderr"
)

// encodeMarshaler calls MarshalJSON: null for a nil pointer or interface.
func encodeMarshaler(e *encodeState, v reflect.Value) error {
	if v.Kind() == reflect.Pointer && v.IsNil() {
		return encodeNull(e)
	}
	m, ok := reflect.TypeAssert[json.Marshaler](v)
	if !ok || nilValueReceiver(v, marshalerType) {
		return encodeNull(e)
	}
	return e.callMarshalJSON(m, v.Type())
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
func encodeAddrMarshaler(e *encodeState, v reflect.Value) error {
	m, _ := reflect.TypeAssert[json.Marshaler](v.Addr())
	return e.callMarshalJSON(m, v.Type())
}

func (e *encodeState) callMarshalJSON(m json.Marshaler, t reflect.Type) error {
	b, err := m.MarshalJSON()
	if err != nil {
		return stderr.MarshalJSONError(t, err)
	}
	return e.marshaled(b, t)
}

// marshaled appends b, written by a MarshalJSON method of type t, compacted (or
// indented), or returns encoding/json's error when b is not valid JSON.
func (e *encodeState) marshaled(b []byte, t reflect.Type) error {
	if e.appendJSON(b) {
		return nil
	}
	err := stderr.Syntax(b)
	if err == nil { // appendJSON and encoding/json disagree: a bug in appendJSON
		err = errors.New("safe: internal error: JSON rejected by safe but valid for encoding/json")
	}
	return stderr.MarshalJSONError(t, err)
}

// encodeRawMessage writes a json.RawMessage as its MarshalJSON method would,
// without boxing the slice into an interface.
func encodeRawMessage(e *encodeState, v reflect.Value) error {
	b := v.Bytes()
	if b == nil {
		return encodeNull(e)
	}
	return e.marshaled(b, rawMessageType)
}

// encodeTextMarshaler calls MarshalText and writes the text as a JSON string:
// null for a nil pointer or interface.
func encodeTextMarshaler(e *encodeState, v reflect.Value) error {
	if v.Kind() == reflect.Pointer && v.IsNil() {
		return encodeNull(e)
	}
	m, ok := reflect.TypeAssert[encoding.TextMarshaler](v)
	if !ok || nilValueReceiver(v, textMarshalerType) {
		return encodeNull(e)
	}
	return e.callMarshalText(m, v.Type())
}

// encodeAddrTextMarshaler calls the MarshalText of the pointer to addressable v.
func encodeAddrTextMarshaler(e *encodeState, v reflect.Value) error {
	m, _ := reflect.TypeAssert[encoding.TextMarshaler](v.Addr())
	return e.callMarshalText(m, v.Type())
}

func (e *encodeState) callMarshalText(m encoding.TextMarshaler, t reflect.Type) error {
	b, err := m.MarshalText()
	if err != nil {
		return stderr.MarshalTextError(t, err)
	}
	e.buf = appendBytesString(e.buf, b, e.escapeHTML)
	return nil
}
