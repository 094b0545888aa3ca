package safe_test

import (
	"errors"
	"strings"
)

// Types with methods, shared by the tests of package safe.

// valJSON has a value-receiver MarshalJSON.
type valJSON struct{ N int }

func (v valJSON) MarshalJSON() ([]byte, error) { return []byte(`{"val": ` + itoa(v.N) + ` }`), nil }

// ptrJSON has a pointer-receiver MarshalJSON: called only when addressable.
type ptrJSON struct{ N int }

func (p *ptrJSON) MarshalJSON() ([]byte, error) {
	if p == nil {
		return []byte(`"nil ptrJSON"`), nil
	}
	return []byte(`"ptr ` + itoa(p.N) + `"`), nil
}

// valText has a value-receiver MarshalText.
type valText struct{ S string }

func (v valText) MarshalText() ([]byte, error) { return []byte("text:" + v.S), nil }

// ptrText has a pointer-receiver MarshalText.
type ptrText struct{ S string }

func (p *ptrText) MarshalText() ([]byte, error) { return []byte("ptrtext:" + p.S), nil }

// bothMethods has MarshalJSON and MarshalText: MarshalJSON wins.
type bothMethods int

func (bothMethods) MarshalJSON() ([]byte, error) { return []byte(`"json"`), nil }
func (bothMethods) MarshalText() ([]byte, error) { return []byte("text"), nil }

// ptrJSONvalText has a pointer-receiver MarshalJSON and a value-receiver
// MarshalText: JSON when addressable, text otherwise.
type ptrJSONvalText struct{ N int }

func (*ptrJSONvalText) MarshalJSON() ([]byte, error) { return []byte(`"json"`), nil }
func (ptrJSONvalText) MarshalText() ([]byte, error)  { return []byte("text"), nil }

// rawJSON returns its own text from MarshalJSON.
type rawJSON string

func (r rawJSON) MarshalJSON() ([]byte, error) { return []byte(r), nil }

// failJSON fails in MarshalJSON.
type failJSON struct{}

var errRefused = errors.New("refused")

func (failJSON) MarshalJSON() ([]byte, error) { return nil, errRefused }

// failText fails in MarshalText.
type failText struct{}

func (failText) MarshalText() ([]byte, error) { return nil, errRefused }

// textKey is a map key type with MarshalText.
type textKey int

func (k textKey) MarshalText() ([]byte, error) { return []byte("k" + itoa(int(k))), nil }

// stringTextKey is a string-kinded key type with MarshalText, which
// encoding/json ignores for map keys (string kinds are used as they are).
type stringTextKey string

func (k stringTextKey) MarshalText() ([]byte, error) { return []byte("ignored"), nil }

// ptrTextKey is a key whose pointer has MarshalText.
type ptrTextKey struct{ N int }

func (k *ptrTextKey) MarshalText() ([]byte, error) { return []byte("p" + itoa(k.N)), nil }

// sameText gives every key the same text: the keys tie.
type sameText int

func (sameText) MarshalText() ([]byte, error) { return []byte("same"), nil }

// failKey fails in MarshalText as a map key.
type failKey int

func (failKey) MarshalText() ([]byte, error) { return nil, errRefused }

// zeroVal is zero, for omitzero, when its value-receiver IsZero says so.
type zeroVal struct{ N int }

func (z zeroVal) IsZero() bool { return z.N == 7 }

// zeroPtr has a pointer-receiver IsZero.
type zeroPtr struct{ N int }

func (z *zeroPtr) IsZero() bool { return z.N == 7 }

// myBytes is a named byte slice: still base64.
type myBytes []byte

// myByte is a named byte: a slice of it is still base64.
type myByte byte

// jsonByte is a byte with MarshalJSON: a slice of it is an array.
type jsonByte byte

func (b jsonByte) MarshalJSON() ([]byte, error) { return []byte(`"b` + itoa(int(b)) + `"`), nil }

// textPtrByte is a byte whose pointer has MarshalText: a slice of it is an
// array of strings (its elements are addressable).
type textPtrByte byte

func (b *textPtrByte) MarshalText() ([]byte, error) { return []byte("t" + itoa(int(*b))), nil }

// myInt is an embeddable non-struct type.
type myInt int

// Stringer is an embeddable interface type.
type Stringer interface{ String() string }

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b strings.Builder
	if n < 0 {
		b.WriteByte('-')
		n = -n
	}
	var d []byte
	for ; n > 0; n /= 10 {
		d = append([]byte{byte('0' + n%10)}, d...)
	}
	b.Write(d)
	return b.String()
}

// failNilJSON and failNilText fail when called on a nil pointer.
type (
	failNilJSON struct{}
	failNilText struct{}
)

func (*failNilJSON) MarshalJSON() ([]byte, error) { return nil, errors.New("nil receiver") }
func (*failNilText) MarshalText() ([]byte, error) { return nil, errors.New("nil receiver") }
