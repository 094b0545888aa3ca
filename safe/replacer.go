package safe

import (
	"math"
	"reflect"
	"strconv"
)

// replaced calls the replacer for v, the member or element named key, and
// writes what it returns: with enc, v's encoder, when that has v's type (so
// that a `,string` option or an addressable MarshalJSON still applies, and a
// value returned unchanged is written exactly as without a replacer), by its
// own type otherwise. The replacer is not called again for that value, only
// for its members. false omits the member (null for an element). Under a
// report, key is on e.path while v is written.
func (e *encodeState) replaced(b []byte, key string, v reflect.Value, enc encoderFunc) ([]byte, error) {
	if e.report != nil {
		e.pushName(key)
		var err error
		if e.replacer == nil {
			b, err = enc(e, b, v)
		} else {
			b, err = e.replace(b, key, v, enc)
		}
		e.popPath()
		return b, err
	}
	return e.replace(b, key, v, enc)
}

// replacedIndex is replaced for element i of an array, whose key (i in
// decimal) is made only for a replacer.
func (e *encodeState) replacedIndex(b []byte, i int, v reflect.Value, enc encoderFunc) ([]byte, error) {
	key := ""
	if e.replacer != nil {
		key = strconv.Itoa(i)
	}
	if e.report != nil {
		e.pushIndex(i)
		var err error
		if e.replacer == nil {
			b, err = enc(e, b, v)
		} else {
			b, err = e.replace(b, key, v, enc)
		}
		e.popPath()
		return b, err
	}
	return e.replace(b, key, v, enc)
}

// replace is replaced without the path.
func (e *encodeState) replace(b []byte, key string, v reflect.Value, enc encoderFunc) ([]byte, error) {
	if e.replacer == nil || !v.CanInterface() {
		return enc(e, b, v)
	}
	r, keep := e.replacer(key, v.Interface())
	if !keep {
		return b, errOmit
	}
	if v.Kind() == reflect.Interface {
		// The replacer saw the value held; the interface's own encoder may
		// differ (a json.Marshaler field holding a nil pointer calls it).
		if r == nil && v.IsNil() || !v.IsNil() && reflect.TypeOf(r) == v.Elem().Type() && identical(v.Elem(), reflect.ValueOf(r)) {
			return enc(e, b, v)
		}
		return e.encodeAny(b, r)
	}
	if reflect.TypeOf(r) == v.Type() {
		if rv := reflect.ValueOf(r); !identical(v, rv) {
			v = rv
		}
		return enc(e, b, v)
	}
	return e.encodeAny(b, r)
}

// replacedAny is replaced for a value held by an interface, the member
// named key.
func (e *encodeState) replacedAny(b []byte, key string, x any) ([]byte, error) {
	if e.report != nil {
		e.pushName(key)
		b, err := e.replaceAny(b, key, x)
		e.popPath()
		return b, err
	}
	return e.replaceAny(b, key, x)
}

// replacedAnyIndex is replacedAny for element i of an array.
func (e *encodeState) replacedAnyIndex(b []byte, i int, x any) ([]byte, error) {
	key := ""
	if e.replacer != nil {
		key = strconv.Itoa(i)
	}
	if e.report != nil {
		e.pushIndex(i)
		b, err := e.replaceAny(b, key, x)
		e.popPath()
		return b, err
	}
	return e.replaceAny(b, key, x)
}

// replaceAny is replacedAny without the path.
func (e *encodeState) replaceAny(b []byte, key string, x any) ([]byte, error) {
	if e.replacer == nil {
		return e.encodeAny(b, x)
	}
	r, keep := e.replacer(key, x)
	if !keep {
		return b, errOmit
	}
	return e.encodeAny(b, r)
}

// identical reports whether a and b, of the same type, hold the same bits:
// equal scalars (floats bit for bit), the same references (funcs: the same
// code), recursively through arrays, structs and interfaces.
func identical(a, b reflect.Value) bool {
	switch a.Kind() {
	case reflect.Bool:
		return a.Bool() == b.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return a.Int() == b.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return a.Uint() == b.Uint()
	case reflect.Float32, reflect.Float64:
		return math.Float64bits(a.Float()) == math.Float64bits(b.Float())
	case reflect.Complex64, reflect.Complex128:
		x, y := a.Complex(), b.Complex()
		return math.Float64bits(real(x)) == math.Float64bits(real(y)) &&
			math.Float64bits(imag(x)) == math.Float64bits(imag(y))
	case reflect.String:
		return a.String() == b.String()
	case reflect.Pointer, reflect.Map, reflect.Chan, reflect.UnsafePointer:
		return a.UnsafePointer() == b.UnsafePointer()
	case reflect.Slice:
		return a.UnsafePointer() == b.UnsafePointer() && a.Len() == b.Len() && a.Cap() == b.Cap()
	case reflect.Interface:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		return a.Elem().Type() == b.Elem().Type() && identical(a.Elem(), b.Elem())
	case reflect.Array:
		for i := range a.Len() {
			if !identical(a.Index(i), b.Index(i)) {
				return false
			}
		}
		return true
	case reflect.Struct:
		for i := range a.NumField() {
			if !identical(a.Field(i), b.Field(i)) {
				return false
			}
		}
		return true
	case reflect.Func:
		// The code pointer: two closures of one literal compare equal. A func
		// is written only by its own MarshalJSON or MarshalText, if any.
		return a.IsNil() == b.IsNil() && a.Pointer() == b.Pointer()
	}
	return false
}
