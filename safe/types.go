package safe

import (
	"encoding/base64"
	"encoding/json"
	"reflect"
	"strconv"
	"sync"

	"github.com/safejson/safejson/internal/flavor"
	"github.com/safejson/safejson/internal/jsontype"
	"github.com/safejson/safejson/internal/jsonwire"
	"github.com/safejson/safejson/internal/stdjsonerr"
)

// encoderCache maps a reflect.Type to its encoderFunc. Encoders are built
// without a lock: a goroutine that meets a type not cached builds its encoder
// and those of the types it holds on its own, and publishes them only when
// complete (LoadOrStore: the first published wins). Goroutines meeting the
// same new type at once may build it twice; the encoders are equivalent.
var encoderCache sync.Map // reflect.Type -> encoderFunc

// typeEncoder returns the encoder of values of type t.
func typeEncoder(t reflect.Type) encoderFunc {
	if f, ok := encoderCache.Load(t); ok {
		return f.(encoderFunc)
	}
	b := builder{cells: make(map[reflect.Type]*cell)}
	f := b.encoder(t)
	for u, c := range b.cells {
		if u == t {
			if g, loaded := encoderCache.LoadOrStore(u, c.fn); loaded {
				f = g.(encoderFunc)
			}
			continue
		}
		encoderCache.LoadOrStore(u, c.fn)
	}
	return f
}

// builder builds the encoders of a type and of the types it contains. A type
// met again while it is being built (a recursive type) gets a forwarder to its
// cell, filled in before anything is published.
type builder struct {
	cells map[reflect.Type]*cell
}

type cell struct{ fn encoderFunc }

func (b *builder) encoder(t reflect.Type) encoderFunc {
	if f, ok := encoderCache.Load(t); ok {
		return f.(encoderFunc)
	}
	if c, ok := b.cells[t]; ok {
		if c.fn != nil {
			return c.fn
		}
		return func(e *encodeState, b []byte, v reflect.Value) ([]byte, error) { return c.fn(e, b, v) }
	}
	c := &cell{}
	b.cells[t] = c
	c.fn = b.newEncoder(t, true, false)
	return c.fn
}

// rawMessageType names json.RawMessage in MarshalerError (marshal.go).
var rawMessageType = reflect.TypeFor[json.RawMessage]()

// newEncoder builds the encoder of t, in encoding/json's order of precedence:
// MarshalJSON (through the pointer when the value is addressable), then
// MarshalText (likewise), then the kind. quoted is the `,string` option: it
// changes bools, numbers and strings, also behind a pointer.
func (b *builder) newEncoder(t reflect.Type, allowAddr, quoted bool) encoderFunc {
	ti := jsontype.Of(t)
	switch {
	case ti.Special == jsontype.RawMessage:
		return encodeRawMessage
	case allowAddr && ti.AddrJSON():
		if ti.JSONMethod(true) == jsontype.MarshalerTo {
			return condAddr(encodeAddrMarshalerTo, b.newEncoder(t, false, quoted))
		}
		return condAddr(encodeAddrMarshaler, b.newEncoder(t, false, quoted))
	case ti.MethodInterface && flavor.InterfaceMethodsOnConcrete:
		return encodeMethodInterface
	case ti.JSONMethod(false) == jsontype.MarshalerTo:
		return encodeMarshalerTo
	case ti.JSON == jsontype.ValueMethod:
		return encodeMarshaler
	case allowAddr && ti.AddrText():
		if ti.TextMethod(true) {
			return condAddr(encodeAddrAppendText, b.newEncoder(t, false, quoted))
		}
		return condAddr(encodeAddrTextMarshaler, b.newEncoder(t, false, quoted))
	case ti.TextMethod(false):
		return encodeAppendText
	case ti.Text == jsontype.ValueMethod:
		return encodeTextMarshaler
	}
	return b.kindEncoder(t, quoted)
}

// kindEncoder builds the encoder of t by its kind alone, ignoring methods.
func (b *builder) kindEncoder(t reflect.Type, quoted bool) encoderFunc {
	switch t.Kind() {
	case reflect.Bool:
		if quoted {
			return encodeQuotedBool
		}
		return encodeBool
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if quoted {
			return encodeQuotedInt
		}
		return encodeInt
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if quoted {
			return encodeQuotedUint
		}
		return encodeUint
	case reflect.Float32:
		if quoted {
			return encodeQuotedFloat32
		}
		return encodeFloat32
	case reflect.Float64:
		if quoted {
			return encodeQuotedFloat64
		}
		return encodeFloat64
	case reflect.String:
		number := jsontype.Of(t).Special == jsontype.Number
		switch {
		case number && quoted:
			return encodeQuotedNumber
		case number:
			return encodeNumber
		case quoted:
			return encodeQuotedString
		}
		return encodeString
	case reflect.Interface:
		return encodeInterface
	case reflect.Struct:
		return b.structEncoder(t)
	case reflect.Map:
		return b.mapEncoder(t)
	case reflect.Slice:
		return b.sliceEncoder(t)
	case reflect.Array:
		ae := &arrayEncoder{elem: b.encoder(t.Elem())}
		return ae.encode
	case reflect.Pointer:
		pe := &ptrEncoder{typ: t}
		if quoted {
			pe.elem = b.newEncoder(t.Elem(), true, true)
		} else {
			pe.elem = b.encoder(t.Elem())
			pe.track = mayCycle(t)
		}
		return pe.encode
	}
	return encodeUnsupported // chan, func, complex, unsafe.Pointer
}

// condAddr calls addrEnc for an addressable value, elseEnc for another.
func condAddr(addrEnc, elseEnc encoderFunc) encoderFunc {
	return func(e *encodeState, b []byte, v reflect.Value) ([]byte, error) {
		if v.CanAddr() {
			return addrEnc(e, b, v)
		}
		return elseEnc(e, b, v)
	}
}

func appendNull(b []byte) ([]byte, error) { return append(b, "null"...), nil }

func encodeBool(_ *encodeState, b []byte, v reflect.Value) ([]byte, error) {
	return strconv.AppendBool(b, v.Bool()), nil
}

func encodeQuotedBool(_ *encodeState, b []byte, v reflect.Value) ([]byte, error) {
	return append(strconv.AppendBool(append(b, '"'), v.Bool()), '"'), nil
}

func encodeInt(_ *encodeState, b []byte, v reflect.Value) ([]byte, error) {
	return strconv.AppendInt(b, v.Int(), 10), nil
}

func encodeQuotedInt(_ *encodeState, b []byte, v reflect.Value) ([]byte, error) {
	return append(strconv.AppendInt(append(b, '"'), v.Int(), 10), '"'), nil
}

func encodeUint(_ *encodeState, b []byte, v reflect.Value) ([]byte, error) {
	return strconv.AppendUint(b, v.Uint(), 10), nil
}

func encodeQuotedUint(_ *encodeState, b []byte, v reflect.Value) ([]byte, error) {
	return append(strconv.AppendUint(append(b, '"'), v.Uint(), 10), '"'), nil
}

func encodeString(e *encodeState, b []byte, v reflect.Value) ([]byte, error) {
	return appendString(b, v.String(), e.escapeHTML), nil
}

// encodeQuotedString writes a `,string` string: the JSON string of the JSON
// string, escaped twice (HTML-escaped only the first time, as encoding/json).
func encodeQuotedString(e *encodeState, b []byte, v reflect.Value) ([]byte, error) {
	start := len(b)
	b = appendString(b, v.String(), e.escapeHTML)
	inner := string(b[start:])
	return appendString(b[:start], inner, false), nil
}

// number returns the text of a json.Number, "0" for the empty one, or the
// error encoding/json returns for an invalid one; quoted is the `,string`
// option.
func number(s string, quoted bool) (string, error) {
	if s == "" {
		return "0", nil
	}
	if !jsonwire.ValidNumber(s) {
		return "", stdjsonerr.InvalidNumber(s, quoted)
	}
	return s, nil
}

func encodeNumber(_ *encodeState, b []byte, v reflect.Value) ([]byte, error) {
	s, err := number(v.String(), false)
	if err != nil {
		return b, err
	}
	return append(b, s...), nil
}

func encodeQuotedNumber(_ *encodeState, b []byte, v reflect.Value) ([]byte, error) {
	s, err := number(v.String(), true)
	if err != nil {
		return b, err
	}
	return append(append(append(b, '"'), s...), '"'), nil
}

// encodeInterface writes the value held by an interface, through the fast
// paths of encodeAny when it can be read.
func encodeInterface(e *encodeState, b []byte, v reflect.Value) ([]byte, error) {
	if v.IsNil() {
		return appendNull(b)
	}
	if !e.follow() {
		return e.tooManyIndirections(b, v)
	}
	var err error
	if v.CanInterface() {
		b, err = e.encodeAny(b, v.Interface())
	} else {
		b, err = e.encodeValue(b, v.Elem())
	}
	e.indirect--
	return b, err
}

// encodeMethodInterface writes a value of an interface type with a marshal
// method as json/v2 does (flavor.InterfaceMethodsOnConcrete): by its concrete
// value, but for a nil pointer, on which the interface's method is called.
func encodeMethodInterface(e *encodeState, b []byte, v reflect.Value) ([]byte, error) {
	if v.IsNil() || v.Elem().Kind() != reflect.Pointer || !v.Elem().IsNil() {
		return encodeInterface(e, b, v)
	}
	if v.Type().Implements(marshalerType) {
		return encodeMarshaler(e, b, v)
	}
	return encodeTextMarshaler(e, b, v)
}

// encodeUnsupported writes the substitute for a value of a type encoding/json
// cannot write (chan, func, complex, unsafe.Pointer): nothing, so the member
// is omitted or the element is null.
func encodeUnsupported(e *encodeState, b []byte, v reflect.Value) ([]byte, error) {
	return b, e.unsupportedType(v.Type())
}

func (e *encodeState) unsupportedType(t reflect.Type) error {
	if e.strict {
		return newError(ReasonUnsupportedType, &json.UnsupportedTypeError{Type: t})
	}
	e.substituted(ReasonUnsupportedType, t)
	return errOmit
}

// ptrEncoder writes what a pointer points to, tracking the pointer on the path
// when its type can form a cycle.
type ptrEncoder struct {
	typ   reflect.Type
	elem  encoderFunc
	track bool
}

func (pe *ptrEncoder) encode(e *encodeState, b []byte, v reflect.Value) ([]byte, error) {
	if v.IsNil() {
		return appendNull(b)
	}
	var k ancestor
	if pe.track {
		k = ancestor{ptr: v.UnsafePointer(), typ: pe.typ}
		if e.anc.has(k) {
			return e.cycle(b, v)
		}
	}
	if !e.follow() {
		return e.tooManyIndirections(b, v)
	}
	if !pe.track {
		b, err := pe.elem(e, b, v.Elem())
		e.indirect--
		return b, err
	}
	e.anc.push(k)
	b, err := pe.elem(e, b, v.Elem())
	e.anc.pop()
	e.indirect--
	return b, err
}

// sliceEncoder writes a slice as an array, tracking it on the path when its
// type can form a cycle.
type sliceEncoder struct {
	typ   reflect.Type
	array arrayEncoder
	track bool
}

func (b *builder) sliceEncoder(t reflect.Type) encoderFunc {
	// []byte is base64, unless a pointer to its element type has a marshaling
	// method; arrays of bytes are always arrays of numbers.
	if jsontype.Of(t).Base64 {
		return encodeByteSlice
	}
	se := &sliceEncoder{typ: t, array: arrayEncoder{elem: b.encoder(t.Elem())}, track: mayCycle(t)}
	return se.encode
}

func (se *sliceEncoder) encode(e *encodeState, b []byte, v reflect.Value) ([]byte, error) {
	if v.IsNil() {
		return appendNull(b)
	}
	n := v.Len()
	if !se.track || n == 0 {
		return se.array.encode(e, b, v)
	}
	k := ancestor{ptr: v.UnsafePointer(), typ: se.typ, n: n}
	if e.anc.has(k) {
		return e.cycle(b, v)
	}
	e.anc.push(k)
	b, err := se.array.encode(e, b, v)
	e.anc.pop()
	return b, err
}

func encodeByteSlice(_ *encodeState, b []byte, v reflect.Value) ([]byte, error) {
	if v.IsNil() {
		return appendNull(b)
	}
	return append(base64.StdEncoding.AppendEncode(append(b, '"'), v.Bytes()), '"'), nil
}

// arrayEncoder writes the elements of an array or slice.
type arrayEncoder struct {
	elem encoderFunc
}

func (ae *arrayEncoder) encode(e *encodeState, b []byte, v reflect.Value) ([]byte, error) {
	if e.depth >= e.maxDepth {
		return e.tooDeep(b, v, true)
	}
	n := v.Len()
	limit, err := e.breadth(v, n)
	if err != nil {
		return b, err
	}
	e.depth++
	b = append(b, '[')
	for i := range limit {
		if i > 0 {
			b = append(b, ',')
		}
		if e.indented {
			b = e.newline(b, e.depth)
		}
		mark := len(b)
		if e.hooked {
			b, err = e.replacedIndex(b, i, v.Index(i), ae.elem)
		} else {
			b, err = ae.elem(e, b, v.Index(i))
		}
		if err != nil {
			if err != errOmit {
				return b, withinIndex(err, i)
			}
			b = append(b[:mark], "null"...)
		}
	}
	if limit < n {
		b = e.restElement(b, n-limit)
	}
	e.depth--
	if n > 0 && e.indented {
		b = e.newline(b, e.depth)
	}
	return append(b, ']'), nil
}
