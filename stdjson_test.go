package safejson_test

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/safejson/safejson"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// request is a type a service written for encoding/json holds: its fields
// are safejson's names for encoding/json's types.
type request struct {
	ID    safejson.Number     `json:"id"`
	Extra safejson.RawMessage `json:"extra"`
}

// TestStdTypesInterchange: the types are encoding/json's, so a value
// declared with one package's names is the other's, and both packages'
// errors are found by errors.As under either name.
func TestStdTypesInterchange(t *testing.T) {
	in := `{"id":12345678901234567890,"extra":{"a":[1, 2]}}`
	var got request
	require.NoError(t, safejson.Unmarshal([]byte(in), &got))
	var want struct {
		ID    json.Number     `json:"id"`
		Extra json.RawMessage `json:"extra"`
	}
	require.NoError(t, json.Unmarshal([]byte(in), &want))
	assert.Equal(t, want.ID, got.ID)
	assert.Equal(t, want.Extra, got.Extra)
	var asStd json.RawMessage = got.Extra // no conversion: the same type
	assert.Equal(t, `{"a":[1, 2]}`, string(asStd))

	out, err := safejson.Marshal(got)
	require.NoError(t, err)
	stdOut, err := json.Marshal(want)
	require.NoError(t, err)
	assert.Equal(t, string(stdOut), string(out))

	bad := []byte(`{"id":1,}`)
	errSafe := safejson.Unmarshal(bad, &got)
	errStd := json.Unmarshal(bad, &want)
	for _, err := range []error{errSafe, errStd} {
		var se *safejson.SyntaxError
		require.True(t, errors.As(err, &se), "%v", err)
		var stdSE *json.SyntaxError
		require.True(t, errors.As(err, &stdSE), "%v", err)
		assert.Same(t, se, stdSE)
	}
	assert.Equal(t, errStd.Error(), errSafe.Error())

	var n int
	err = safejson.Unmarshal([]byte(`"x"`), &n)
	var ute *safejson.UnmarshalTypeError
	require.True(t, errors.As(err, &ute), "%v", err)
	assert.Equal(t, "string", ute.Value)

	err = safejson.Unmarshal([]byte(`1`), n)
	var iue *safejson.InvalidUnmarshalError
	require.True(t, errors.As(err, &iue), "%v", err)
}
