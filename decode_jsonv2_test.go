//go:build go1.27 && goexperiment.jsonv2

package safejson

import (
	"encoding/json"
	"encoding/json/jsontext"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/engine"
	"github.com/safejson/safejson/internal/testutil"
)

// fromOnly decodes itself by UnmarshalJSONFrom (json/v2's UnmarshalerFrom),
// which encoding/json on json/v2 calls and the engines do not.
type fromOnly struct{ Got string }

func (f *fromOnly) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	v, err := dec.ReadValue()
	f.Got = "from:" + string(v)
	return err
}

// TestDecodeUnmarshalJSONFrom: a type decoded by UnmarshalJSONFrom, also
// through a promoted json.Number's, decodes as encoding/json decodes it,
// whichever engine is named.
func TestDecodeUnmarshalJSONFrom(t *testing.T) {
	type holder struct{ F fromOnly }
	type number struct{ N struct{ json.Number } }
	for _, c := range []struct {
		in  string
		new func() any
	}{
		{`{"F":{"Got":"no"}}`, func() any { return new(holder) }},
		{`{"N":12}`, func() any { return new(number) }},
	} {
		want := c.new()
		require.NoError(t, json.Unmarshal([]byte(c.in), want))
		for _, e := range append([]engine.Engine{{}}, engine.All()...) {
			got := c.new()
			require.NoError(t, Options{Engine: e}.Unmarshal([]byte(c.in), got), e.Name())
			assert.Equal(t, want, got, "%s: %s", e.Name(), c.in)
		}
	}
	var h holder
	require.NoError(t, json.Unmarshal([]byte(`{"F":{"Got":"no"}}`), &h))
	require.Equal(t, `from:{"Got":"no"}`, h.F.Got, "encoding/json calls UnmarshalJSONFrom")
}

// TestDecodeFormatOption: encoding/json on json/v2 rejects a struct with a
// format option when decoding too; so does safejson, with its error, whichever
// engine is named.
func TestDecodeFormatOption(t *testing.T) {
	type withFormat struct {
		N int `json:",format:hex"`
	}
	in := []byte(`{"N":1}`)
	var want withFormat
	wantErr := json.Unmarshal(in, &want)
	require.Error(t, wantErr)
	for _, e := range append([]engine.Engine{{}}, engine.All()...) {
		var got withFormat
		err := Options{Engine: e}.Unmarshal(in, &got)
		require.Error(t, err, e.Name())
		testutil.SameError(t, wantErr, err, e.Name())
		assert.Equal(t, want, got, e.Name())
	}
}
