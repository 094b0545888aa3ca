package safe_test

import (
	"errors"
	"strings"
)

// Types with methods, shared by the tests of package safe.

// valText has a value-receiver MarshalText.
type valText struct{ S string }

func (v valText) MarshalText() ([]byte, error) { return []byte("text:" + v.S), nil }

// rawJSON returns its own text from MarshalJSON.
type rawJSON string

func (r rawJSON) MarshalJSON() ([]byte, error) { return []byte(r), nil }

// failJSON fails in MarshalJSON.
type failJSON struct{}

var errRefused = errors.New("refused")

func (failJSON) MarshalJSON() ([]byte, error) { return nil, errRefused }

// textKey is a map key type with MarshalText.
type textKey int

func (k textKey) MarshalText() ([]byte, error) { return []byte("k" + itoa(int(k))), nil }

// sameText gives every key the same text: the keys tie.
type sameText int

func (sameText) MarshalText() ([]byte, error) { return []byte("same"), nil }

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
