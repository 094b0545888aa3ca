package jsontype

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Types whose methods write their own name, so that encoding/json's output
// says which one it called.
type (
	mJSONText    int // MarshalJSON, MarshalText (value)
	mPtrJSONText int // MarshalJSON (pointer), MarshalText (value)
	mText        int // MarshalText (value)
	mPtrText     int // MarshalText (pointer)
	mAppendText  int // AppendText, MarshalText (value)
	mPtrAppend   int // AppendText (pointer), MarshalText (value)
)

func (mJSONText) MarshalJSON() ([]byte, error)     { return []byte(`"MarshalJSON"`), nil }
func (mJSONText) MarshalText() ([]byte, error)     { return []byte("MarshalText"), nil }
func (*mPtrJSONText) MarshalJSON() ([]byte, error) { return []byte(`"MarshalJSON"`), nil }
func (mPtrJSONText) MarshalText() ([]byte, error)  { return []byte("MarshalText"), nil }
func (mText) MarshalText() ([]byte, error)         { return []byte("MarshalText"), nil }
func (*mPtrText) MarshalText() ([]byte, error)     { return []byte("MarshalText"), nil }
func (mAppendText) AppendText(b []byte) ([]byte, error) {
	return append(b, "AppendText"...), nil
}
func (mAppendText) MarshalText() ([]byte, error) { return []byte("MarshalText"), nil }
func (*mPtrAppend) AppendText(b []byte) ([]byte, error) {
	return append(b, "AppendText"...), nil
}
func (mPtrAppend) MarshalText() ([]byte, error) { return []byte("MarshalText"), nil }

// calledBy names the method whose output encoding/json wrote, NoMethodCalled
// for the kind (the number 0).
func calledBy(t *testing.T, out string) Method {
	switch out {
	case `"MarshalJSON"`:
		return MethodMarshalJSON
	case `"AppendText"`:
		return MethodAppendText
	case `"MarshalText"`:
		return MethodMarshalText
	case `0`, `"0"`: // the kind, as a value or as a map key
		return NoMethodCalled
	}
	t.Fatalf("unexpected output %s", out)
	return 0
}

// TestMethodOnAsEncodingJSON: the method MethodOn says encoding/json calls,
// on a value and on an addressable one (a field of a struct behind a
// pointer), is the one encoding/json calls.
func TestMethodOnAsEncodingJSON(t *testing.T) {
	for _, v := range []any{mJSONText(0), mPtrJSONText(0), mText(0), mPtrText(0), mAppendText(0), mPtrAppend(0)} {
		typ := reflect.TypeOf(v)
		out, err := json.Marshal(v)
		require.NoError(t, err)
		assert.Equal(t, calledBy(t, string(out)), Of(typ).MethodOn(false), "%v", typ)

		st := reflect.StructOf([]reflect.StructField{{Name: "F", Type: typ}})
		out, err = json.Marshal(reflect.New(st).Interface())
		require.NoError(t, err)
		var f map[string]json.RawMessage
		require.NoError(t, json.Unmarshal(out, &f))
		assert.Equal(t, calledBy(t, string(f["F"])), Of(typ).MethodOn(true), "%v, addressable", typ)

		// As a map key, only the text methods apply.
		mt := reflect.MapOf(typ, reflect.TypeFor[int]())
		m := reflect.MakeMap(mt)
		m.SetMapIndex(reflect.Zero(typ), reflect.ValueOf(1))
		out, err = json.Marshal(m.Interface())
		require.NoError(t, err)
		var keys map[string]int
		require.NoError(t, json.Unmarshal(out, &keys))
		for k := range keys {
			assert.Equal(t, calledBy(t, `"`+k+`"`), Of(typ).TextMethodOn(false), "%v, map key", typ)
		}
	}
}
