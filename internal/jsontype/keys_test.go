package jsontype

import (
	"encoding"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/safejson/safejson/internal/flavor"
)

// TestKeyClassAsEncodingJSON: a map whose key class is KeyOther is the one
// the classic encoding/json rejects by its type (*json.UnsupportedTypeError,
// even empty); on json/v2 such a map, and one with interface keys, is
// KeyByValue.
func TestKeyClassAsEncodingJSON(t *testing.T) {
	type named string
	type namedInt int8
	keys := []reflect.Type{
		reflect.TypeFor[string](), reflect.TypeFor[named](), reflect.TypeFor[int](), reflect.TypeFor[namedInt](),
		reflect.TypeFor[int64](), reflect.TypeFor[uint8](), reflect.TypeFor[uint64](), reflect.TypeFor[uintptr](),
		reflect.TypeFor[float64](), reflect.TypeFor[bool](), reflect.TypeFor[struct{ A int }](), reflect.TypeFor[[2]int](),
		reflect.TypeFor[*int](), reflect.TypeFor[any](), reflect.TypeFor[encoding.TextMarshaler](),
		reflect.TypeFor[mText](), reflect.TypeFor[mPtrText](), reflect.TypeFor[mJSONText](), reflect.TypeFor[complex64](),
	}
	for _, k := range keys {
		mt := reflect.MapOf(k, reflect.TypeFor[int]())
		i := Of(mt)
		_, err := json.Marshal(reflect.MakeMap(mt).Interface())
		var ute *json.UnsupportedTypeError
		if !flavor.MapKeysByValue {
			assert.Equal(t, i.Key == KeyOther, err != nil, "%v: %v", mt, err)
			if err != nil {
				assert.ErrorAs(t, err, &ute, "%v", mt)
			}
			assert.Equal(t, i.Key, i.KeyWriting(), "%v", mt)
			continue
		}
		assert.NoError(t, err, "%v: json/v2 writes an empty map whatever its key type", mt)
		if i.Key == KeyOther || k.Kind() == reflect.Interface {
			assert.Equal(t, KeyByValue, i.KeyWriting(), "%v", mt)
		} else {
			assert.Equal(t, i.Key, i.KeyWriting(), "%v", mt)
		}
	}
}
