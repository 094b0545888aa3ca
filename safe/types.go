package safe

import (
	"encoding/base64"
	"encoding/json"
	"reflect"
	"strconv"
	"sync"
)

// encoderCache maps a reflect.Type to its encoderFunc. Encoders are built under
// buildMu and published only when complete, with every type built on the way.
var (
	encoderCache sync.Map // reflect.Type -> encoderFunc
	buildMu      sync.Mutex
)

// typeEncoder returns the encoder of values of type t.
func typeEncoder(t reflect.Type) encoderFunc {
	if f, ok := encoderCache.Load(t); ok {
		return f.(encoderFunc)
	}
	buildMu.Lock()
	defer buildMu.Unlock()
	if f, ok := encoderCache.Load(t); ok {
		return f.(encoderFunc)
	}
	b := builder{cells: make(map[reflect.Type]*cell)}
	f := b.encoder(t)
	for u, c := range b.cells {
		encoderCache.Store(u, c.fn)
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
		return func(e *encodeState, v reflect.Value) error { return c.fn(e, v) }
	}
	c := &cell{}
	b.cells[t] = c
	c.fn = b.newEncoder(t, true, false)
	return c.fn
}

var (
	rawMessageType = reflect.TypeFor[json.RawMessage]()
	numberType     = reflect.TypeFor[json.Number]()
)

// newEncoder builds the encoder of t, in encoding/json's order of precedence:
// MarshalJSON (through the pointer when the value is addressable), then
// MarshalText (likewise), then the kind. quoted is the `,string` option: it
// changes bools, numbers and strings, also behind a pointer.
func (b *builder) newEncoder(t reflect.Type, allowAddr, quoted bool) encoderFunc {
	if t == rawMessageType {
		return encodeRawMessage
	}
	if t.Kind() != reflect.Pointer && allowAddr && reflect.PointerTo(t).Implements(marshalerType) {
		return condAddr(encodeAddrMarshaler, b.newEncoder(t, false, quoted))
	}
	if t.Implements(marshalerType) {
		return encodeMarshaler
	}
	if t.Kind() != reflect.Pointer && allowAddr && reflect.PointerTo(t).Implements(textMarshalerType) {
		return condAddr(encodeAddrTextMarshaler, b.newEncoder(t, false, quoted))
	}
	if t.Implements(textMarshalerType) {
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
		switch {
		case t == numberType && quoted:
			return encodeQuotedNumber
		case t == numberType:
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
	return func(e *encodeState, v reflect.Value) error {
		if v.CanAddr() {
			return addrEnc(e, v)
		}
		return elseEnc(e, v)
	}
}

func encodeNull(e *encodeState) error {
	e.buf = append(e.buf, "null"...)
	return nil
}

func encodeBool(e *encodeState, v reflect.Value) error {
	e.buf = strconv.AppendBool(e.buf, v.Bool())
	return nil
}

func encodeQuotedBool(e *encodeState, v reflect.Value) error {
	e.buf = append(strconv.AppendBool(append(e.buf, '"'), v.Bool()), '"')
	return nil
}

func encodeInt(e *encodeState, v reflect.Value) error {
	e.buf = strconv.AppendInt(e.buf, v.Int(), 10)
	return nil
}

func encodeQuotedInt(e *encodeState, v reflect.Value) error {
	e.buf = append(strconv.AppendInt(append(e.buf, '"'), v.Int(), 10), '"')
	return nil
}

func encodeUint(e *encodeState, v reflect.Value) error {
	e.buf = strconv.AppendUint(e.buf, v.Uint(), 10)
	return nil
}

func encodeQuotedUint(e *encodeState, v reflect.Value) error {
	e.buf = append(strconv.AppendUint(append(e.buf, '"'), v.Uint(), 10), '"')
	return nil
}

func encodeString(e *encodeState, v reflect.Value) error {
	e.buf = appendString(e.buf, v.String(), e.escapeHTML)
	return nil
}

// encodeQuotedString writes a `,string` string: the JSON string of the JSON
// string, escaped twice (HTML-escaped only the first time, as encoding/json).
func encodeQuotedString(e *encodeState, v reflect.Value) error {
	start := len(e.buf)
	e.buf = appendString(e.buf, v.String(), e.escapeHTML)
	inner := string(e.buf[start:])
	e.buf = appendString(e.buf[:start], inner, false)
	return nil
}

// number returns the text of a json.Number, "0" for the empty one, or the
// error encoding/json returns for an invalid one.
func number(s string) (string, error) {
	if s == "" {
		return "0", nil
	}
	if !validNumber(s) {
		return "", invalidNumberError(s)
	}
	return s, nil
}

func encodeNumber(e *encodeState, v reflect.Value) error {
	s, err := number(v.String())
	if err != nil {
		return err
	}
	e.buf = append(e.buf, s...)
	return nil
}

func encodeQuotedNumber(e *encodeState, v reflect.Value) error {
	s, err := number(v.String())
	if err != nil {
		return err
	}
	e.buf = append(append(append(e.buf, '"'), s...), '"')
	return nil
}

// encodeInterface writes the value held by an interface, through the fast
// paths of encodeAny when it can be read.
func encodeInterface(e *encodeState, v reflect.Value) error {
	if v.IsNil() {
		return encodeNull(e)
	}
	if ok, err := e.follow(v); !ok {
		return err
	}
	var err error
	if v.CanInterface() {
		err = e.encodeAny(v.Interface())
	} else {
		err = e.encodeValue(v.Elem())
	}
	e.indirect--
	return err
}

// encodeUnsupported writes the substitute for a value of a type encoding/json
// cannot write (chan, func, complex, unsafe.Pointer): nothing, so the member
// is omitted or the element is null.
func encodeUnsupported(e *encodeState, v reflect.Value) error {
	return e.unsupportedType(v.Type())
}

func (e *encodeState) unsupportedType(t reflect.Type) error {
	if e.strict {
		return newError(ReasonUnsupportedType, &json.UnsupportedTypeError{Type: t})
	}
	return errOmit
}

// ptrEncoder writes what a pointer points to, tracking the pointer on the path
// when its type can form a cycle.
type ptrEncoder struct {
	typ   reflect.Type
	elem  encoderFunc
	track bool
}

func (pe *ptrEncoder) encode(e *encodeState, v reflect.Value) error {
	if v.IsNil() {
		return encodeNull(e)
	}
	if !pe.track {
		if ok, err := e.follow(v); !ok {
			return err
		}
		err := pe.elem(e, v.Elem())
		e.indirect--
		return err
	}
	k := ancestor{ptr: v.UnsafePointer(), typ: pe.typ}
	if e.anc.has(k) {
		return e.cycle(v)
	}
	if ok, err := e.follow(v); !ok {
		return err
	}
	e.anc.push(k)
	err := pe.elem(e, v.Elem())
	e.anc.pop()
	e.indirect--
	return err
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
	if t.Elem().Kind() == reflect.Uint8 {
		p := reflect.PointerTo(t.Elem())
		if !p.Implements(marshalerType) && !p.Implements(textMarshalerType) {
			return encodeByteSlice
		}
	}
	se := &sliceEncoder{typ: t, array: arrayEncoder{elem: b.encoder(t.Elem())}, track: mayCycle(t)}
	return se.encode
}

func (se *sliceEncoder) encode(e *encodeState, v reflect.Value) error {
	if v.IsNil() {
		return encodeNull(e)
	}
	n := v.Len()
	if !se.track || n == 0 {
		return se.array.encode(e, v)
	}
	k := ancestor{ptr: v.UnsafePointer(), typ: se.typ, n: n}
	if e.anc.has(k) {
		return e.cycle(v)
	}
	e.anc.push(k)
	err := se.array.encode(e, v)
	e.anc.pop()
	return err
}

func encodeByteSlice(e *encodeState, v reflect.Value) error {
	if v.IsNil() {
		return encodeNull(e)
	}
	e.buf = append(base64.StdEncoding.AppendEncode(append(e.buf, '"'), v.Bytes()), '"')
	return nil
}

// arrayEncoder writes the elements of an array or slice.
type arrayEncoder struct {
	elem encoderFunc
}

func (ae *arrayEncoder) encode(e *encodeState, v reflect.Value) error {
	if e.depth >= e.maxDepth {
		return e.tooDeep(v, true)
	}
	n := v.Len()
	limit, err := e.breadth(v, n)
	if err != nil {
		return err
	}
	e.depth++
	e.buf = append(e.buf, '[')
	for i := range limit {
		if i > 0 {
			e.buf = append(e.buf, ',')
		}
		if e.indented {
			e.newline(e.depth)
		}
		mark := len(e.buf)
		var err error
		if e.replacer != nil {
			err = e.replaced(strconv.Itoa(i), v.Index(i), ae.elem)
		} else {
			err = ae.elem(e, v.Index(i))
		}
		if err != nil {
			if err != errOmit {
				return withinIndex(err, i)
			}
			e.buf = append(e.buf[:mark], "null"...)
		}
	}
	if limit < n {
		e.buf = append(e.buf, ',')
		if e.indented {
			e.newline(e.depth)
		}
		e.buf = appendNotStringified(append(e.buf, `"... `...), n-limit)
	}
	e.depth--
	if n > 0 && e.indented {
		e.newline(e.depth)
	}
	e.buf = append(e.buf, ']')
	return nil
}
