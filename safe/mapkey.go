package safe

import (
	"encoding"
	"encoding/json"
	"errors"
	"reflect"
	"strconv"

	"github.com/safejson/safejson/internal/jsontype"
	"github.com/safejson/safejson/internal/stdjsonerr"
)

// Map keys under json/v2 (flavor.MapKeysByValue). encoding/json writes a key
// as its value would be written where a JSON object name is expected, and
// fails on the first key that does not come out as a string. The classic
// rules (a key type is accepted or not) are in map.go.

// errNonString stands for json/v2's error for a key that is not written as a
// JSON string, whose message needs the key's JSON Pointer and offset.
var errNonString = errors.New("safe: key not written as a string")

// maxKeyIndirect bounds the pointers and interfaces followed through a key: a
// pointer that points to itself would be followed forever (json/v2 does).
const maxKeyIndirect = 1000

var float64Type = reflect.TypeFor[float64]()

// valueName returns the member name of key k of a KeyByValue map: json/v2's,
// or, where json/v2 fails, the substitute of otherKey (or an error under
// Strict). offset is the length of the output up to the map's '{' included.
func (me *mapEncoder) valueName(e *encodeState, k reflect.Value, offset int) (string, bool, error) {
	name, stdErr, err := valueKey(k, me.typ, false, 0)
	switch {
	case err != nil:
		return "", false, err
	case stdErr == nil:
		return name, true, nil
	case !e.strict:
		e.substituted(ReasonMapKey, keyErrorType(stdErr, me.typ))
		return otherKey(k, me.typ)
	case stdErr == errNonString:
		se := newError(ReasonMapKey, nil)
		se.nonString = offset + 1
		return "", false, se
	}
	return "", false, newError(ReasonMapKey, stdErr)
}

// valueKey returns the name json/v2 writes for key k: the name, or the error
// json/v2 fails with (errNonString for one that is not a string), or the
// error of a MarshalText method. addr says whether k is addressable for
// json/v2 (behind a pointer): only then is a MarshalText with a pointer
// receiver called, as for values.
func valueKey(k reflect.Value, mapType reflect.Type, addr bool, depth int) (name string, stdErr, err error) {
	t := k.Type()
	if depth > maxKeyIndirect {
		return "", errNonString, nil
	}
	switch t.Kind() {
	case reflect.Interface:
		if k.IsNil() {
			return "", errNonString, nil
		}
		c := k.Elem()
		if t == anyType && c.Type() == float64Type && isFinite(c.Float()) {
			return "", errNonString, nil // interface{} writes float64 as a number
		}
		if nilValueReceiver(k, textMarshalerType) {
			return "", errNonString, nil // encoding/json panics
		}
		return valueKey(c, mapType, false, depth+1)
	case reflect.Pointer:
		if k.IsNil() {
			return "", errNonString, nil
		}
		return valueKey(k.Elem(), mapType, true, depth+1)
	}
	if t.Kind() != reflect.String {
		if b, called, err := callKeyText(k, mapType, addr); called {
			return string(b), nil, err
		}
	}
	switch t.Kind() {
	case reflect.String:
		return k.String(), nil, nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.FormatInt(k.Int(), 10), nil, nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return strconv.FormatUint(k.Uint(), 10), nil, nil
	case reflect.Float32, reflect.Float64:
		f := k.Float()
		if !isFinite(f) {
			return "", unsupportedValue(k, strconv.FormatFloat(f, 'g', -1, t.Bits())), nil
		}
		return string(appendFloat(nil, f, t.Bits())), nil, nil
	case reflect.Complex64, reflect.Complex128, reflect.Chan, reflect.Func, reflect.UnsafePointer:
		return "", &json.UnsupportedTypeError{Type: t}, nil
	}
	return "", errNonString, nil // bool, struct, array, slice, map: not a string
}

var anyType = reflect.TypeFor[any]()

// callKeyText calls the text method encoding/json calls on map key k, if
// any (called): AppendText where the flavour calls it and k reaches it,
// else MarshalText; addr says whether k is addressable (json/v2 reaches a
// key behind a pointer through its address). err is encoding/json's error
// for a failing method.
func callKeyText(k reflect.Value, mapType reflect.Type, addr bool) (text []byte, called bool, err error) {
	t := k.Type()
	ti := jsontype.Of(t)
	switch ti.TextMethodOn(addr) {
	case jsontype.MethodAppendText:
		if ti.Append == jsontype.PointerMethod {
			k = k.Addr()
		}
		ta, _ := reflect.TypeAssert[encoding.TextAppender](k)
		if text, err = ta.AppendText(nil); err != nil {
			return nil, true, stdjsonerr.MapKeyError(mapType, t, true, err)
		}
		return text, true, nil
	case jsontype.MethodMarshalText:
		// AppendText is not reached: Text is MarshalText's receiver.
		if ti.Text == jsontype.PointerMethod {
			k = k.Addr()
		}
	default:
		return nil, false, nil
	}
	tm, _ := reflect.TypeAssert[encoding.TextMarshaler](k)
	if text, err = tm.MarshalText(); err != nil {
		return nil, true, stdjsonerr.MapKeyError(mapType, t, false, err)
	}
	return text, true, nil
}
