package safe_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/flavor"
	"github.com/safejson/safejson/safe"
)

// roInner is embedded unexported, and named by its tag, in roOuter, whose
// contents lead back to roOuter. Its MarshalJSON and roOther's hide each
// other, so roOuter is not a Marshaler itself.
type roInner struct {
	N int
	X *roOuter
	Y *roInner
}

func (*roInner) MarshalJSON() ([]byte, error) { return []byte(`1`), nil }

type roOther struct{}

func (*roOther) MarshalJSON() ([]byte, error) { return []byte(`2`), nil }

type roOuter struct {
	*roInner `json:"r"`
	*roOther `json:"j"`
	M        int
}

// roOuter.roOther is read by reflect only.
var (
	_                = roOuter{}.roOther
	_ json.Marshaler = (*roOther)(nil)
)

// TestReadOnlyCycle: the classic encoding/json panics calling the methods of
// an unexported embedded field, so safe writes it by kind; a cycle through
// it is cut at the first pointer that comes back (the *roOuter at X), as
// any other. json/v2 leaves such fields out (flavor.DropsUnexportedEmbedded).
func TestReadOnlyCycle(t *testing.T) {
	o := &roOuter{M: 1}
	o.roInner = &roInner{N: 2, X: o}
	o.roInner.Y = o.roInner
	got, err := safe.Marshal(o)
	require.NoError(t, err)
	placeholder, err := safe.Options{Circular: safe.CircularPlaceholder}.Marshal(o)
	require.NoError(t, err)
	if flavor.V2 {
		want, err := json.Marshal(o)
		require.NoError(t, err)
		assert.Equal(t, string(want), string(got))
		assert.Equal(t, string(want), string(placeholder))
		return
	}
	assert.Equal(t, `{"r":{"N":2,"Y":1},"j":null,"M":1}`, string(got))
	assert.Equal(t, `{"r":{"N":2,"X":"[Circular]","Y":1},"j":null,"M":1}`, string(placeholder))
}
