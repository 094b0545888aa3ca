package safe

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"reflect"

	"github.com/safejson/safejson/internal/flavor"
	"github.com/safejson/safejson/internal/jsonwire"
	"github.com/safejson/safejson/internal/stdjsonerr"
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
	return e.callMarshalJSON(b, m, v)
}

// methodErrorType is the type encoding/json names in the *json.MarshalerError
// of a method called on v (flavor.MarshalerErrorType): v's own type, or, by
// json/v2, a pointer to the concrete type. The zero Value stands for a
// json.RawMessage.
func methodErrorType(v reflect.Value) reflect.Type {
	switch {
	case !v.IsValid():
		return flavor.MarshalerErrorType(rawMessageType, rawMessageType)
	case v.Kind() == reflect.Interface && v.Elem().Kind() == reflect.Pointer && v.Elem().IsNil():
		return flavor.NilInInterfaceErrorType(v.Type())
	case v.Kind() == reflect.Interface && !v.IsNil():
		return flavor.MarshalerErrorType(v.Type(), v.Elem().Type())
	}
	return flavor.MarshalerErrorType(v.Type(), v.Type())
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
	return e.callMarshalJSON(b, m, v)
}

// callMarshalJSON calls m, the MarshalJSON method of v.
func (e *encodeState) callMarshalJSON(b []byte, m json.Marshaler, v reflect.Value) ([]byte, error) {
	out, err := m.MarshalJSON()
	if err != nil {
		return b, stdjsonerr.MarshalJSONError(methodErrorType(v), err)
	}
	return e.marshaled(b, out, v)
}

// marshaled appends src, written by the MarshalJSON method of v, compacted
// (or indented), or returns encoding/json's error when src is not valid JSON.
func (e *encodeState) marshaled(b, src []byte, v reflect.Value) ([]byte, error) {
	if out, ok := e.appendJSON(b, src); ok {
		return out, nil
	}
	err := stdjsonerr.Syntax(src)
	if err == nil { // appendJSON and encoding/json disagree: a bug in appendJSON
		err = errors.New("safe: internal error: JSON rejected by safe but valid for encoding/json")
	}
	var se *json.SyntaxError
	if flavor.SyntaxOffsetInOutput && errors.As(err, &se) {
		se.Offset += int64(e.compactLen(b))
	}
	return b, stdjsonerr.MarshalJSONError(methodErrorType(v), err)
}

// compactLen returns the length of b, the output written so far, once
// compacted: without the newlines, prefixes and indents, and the space after
// each colon, that indenting wrote outside strings. b is this encode's own
// output, a start of JSON: its tokens are jsonwire's, its nesting
// jsonwire.State's.
func (e *encodeState) compactLen(b []byte) int {
	if !e.indented {
		return len(b)
	}
	st := &e.raw
	st.Reset()
	n := 0
	for i := 0; i < len(b); {
		j := i + 1 // the end of the token at i
		switch c := b[i]; c {
		case '"':
			st.String()
			j, _ = jsonwire.SkipString(b, i+1)
		case '\n':
			i++
			if bytes.HasPrefix(b[i:], []byte(e.prefix)) {
				i += len(e.prefix)
			}
			for range st.Depth() {
				if e.indent == "" || !bytes.HasPrefix(b[i:], []byte(e.indent)) {
					break
				}
				i += len(e.indent)
			}
			continue
		case ':':
			st.Colon()
			if j < len(b) && b[j] == ' ' {
				n, i = n+1, j+1
				continue
			}
		case '{', '[':
			st.Open(c)
		case '}', ']':
			st.Close(c)
		case ',':
			st.Comma()
		default:
			st.Value()
			if end, ok := jsonwire.SkipScalar(b, i); ok {
				j = end
			}
		}
		n, i = n+j-i, j
	}
	return n
}

// encodeRawMessage writes a json.RawMessage as its MarshalJSON method would,
// without boxing the slice into an interface.
func encodeRawMessage(e *encodeState, b []byte, v reflect.Value) ([]byte, error) {
	raw := v.Bytes()
	if raw == nil {
		return appendNull(b)
	}
	return e.marshaled(b, raw, v)
}

// encodeMarshalerTo writes v by its MarshalJSONTo method (json/v2's
// MarshalerTo, flavor.MarshalerTo), which takes a *jsontext.Encoder: safe
// hands the value to encoding/json, which calls it as it would in place, and
// copies what it writes (its error, a *json.MarshalerError of
// MarshalJSONTo, is returned as it is). A value receiver: v is passed as it
// is.
func encodeMarshalerTo(e *encodeState, b []byte, v reflect.Value) ([]byte, error) {
	return e.callMarshalJSONTo(b, v, v)
}

// encodeAddrMarshalerTo is encodeMarshalerTo for an addressable v, whose
// MarshalJSONTo encoding/json calls through its address.
func encodeAddrMarshalerTo(e *encodeState, b []byte, v reflect.Value) ([]byte, error) {
	return e.callMarshalJSONTo(b, v.Addr(), v)
}

// callMarshalJSONTo writes what encoding/json writes for x, whose
// MarshalJSONTo it calls, in place of v.
func (e *encodeState) callMarshalJSONTo(b []byte, x, v reflect.Value) ([]byte, error) {
	out, err := stdMarshal(x.Interface(), e.escapeHTML)
	if err != nil {
		return b, err
	}
	return e.marshaled(b, out, v)
}

// stdMarshal is json.Marshal, with HTML escaping or without.
func stdMarshal(x any, escapeHTML bool) ([]byte, error) {
	if escapeHTML {
		return json.Marshal(x)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(x); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte{'\n'}), nil
}

// encodeAppendText calls AppendText (encoding.TextAppender, which
// encoding/json calls before MarshalText where it calls it:
// flavor.TextAppender) and writes the text as a JSON string: null for a nil
// pointer or interface.
func encodeAppendText(e *encodeState, b []byte, v reflect.Value) ([]byte, error) {
	if v.Kind() == reflect.Pointer && v.IsNil() {
		return appendNull(b)
	}
	m, ok := reflect.TypeAssert[encoding.TextAppender](v)
	if !ok || nilValueReceiver(v, flavor.TextAppender) {
		return appendNull(b)
	}
	return e.callAppendText(b, m, v)
}

// encodeAddrAppendText calls the AppendText of the pointer to addressable v.
func encodeAddrAppendText(e *encodeState, b []byte, v reflect.Value) ([]byte, error) {
	m, _ := reflect.TypeAssert[encoding.TextAppender](v.Addr())
	return e.callAppendText(b, m, v)
}

// callAppendText calls m, the AppendText method of v.
func (e *encodeState) callAppendText(b []byte, m encoding.TextAppender, v reflect.Value) ([]byte, error) {
	text, err := m.AppendText(nil)
	if err != nil {
		return b, stdjsonerr.AppendTextError(methodErrorType(v), err)
	}
	return appendBytesString(b, text, e.escapeHTML), nil
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
	return e.callMarshalText(b, m, v)
}

// encodeAddrTextMarshaler calls the MarshalText of the pointer to addressable v.
func encodeAddrTextMarshaler(e *encodeState, b []byte, v reflect.Value) ([]byte, error) {
	m, _ := reflect.TypeAssert[encoding.TextMarshaler](v.Addr())
	return e.callMarshalText(b, m, v)
}

// callMarshalText calls m, the MarshalText method of v.
func (e *encodeState) callMarshalText(b []byte, m encoding.TextMarshaler, v reflect.Value) ([]byte, error) {
	text, err := m.MarshalText()
	if err != nil {
		return b, stdjsonerr.MarshalTextError(methodErrorType(v), err)
	}
	return appendBytesString(b, text, e.escapeHTML), nil
}
