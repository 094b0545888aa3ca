package stderr

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type badText struct{}

func (badText) MarshalText() ([]byte, error) { return nil, errors.New("boom") }

type badJSON struct{}

func (badJSON) MarshalJSON() ([]byte, error) { return nil, errors.New("boom") }

type invalidJSON struct{}

func (invalidJSON) MarshalJSON() ([]byte, error) { return []byte(`{"a":}`), nil }

func TestErrorsMatchEncodingJSON(t *testing.T) {
	boom := errors.New("boom")
	cases := []struct {
		name string
		v    any
		got  error
	}{
		{"MarshalText", badText{}, MarshalTextError(reflect.TypeFor[badText](), boom)},
		{"map key MarshalText", map[badText]int{{}: 1}, MapKeyError(reflect.TypeFor[map[badText]int](), boom)},
		{"MarshalJSON", badJSON{}, MarshalJSONError(reflect.TypeFor[badJSON](), boom)},
		{"invalid MarshalJSON output", invalidJSON{}, MarshalJSONError(reflect.TypeFor[invalidJSON](), Syntax([]byte(`{"a":}`)))},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, want := json.Marshal(c.v)
			require.Error(t, want)
			assert.Equal(t, want.Error(), c.got.Error())
			assert.IsType(t, want, c.got)
		})
	}
	assert.NoError(t, Syntax([]byte(`{"a":1}`)))
	var se *json.SyntaxError
	assert.ErrorAs(t, Syntax([]byte(`nope`)), &se)
}
