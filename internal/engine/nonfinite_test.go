package engine_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/engine"
	"github.com/safejson/safejson/internal/options"
	"github.com/safejson/safejson/safe"
)

// TestNullForNonFinite: an engine that honours options.Output.NullForNonFinite writes
// exactly the reference encoder's default substitute (null); one that does not
// still rejects the value. Either way nothing else changes.
func TestNullForNonFinite(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	values := []any{
		nan,
		float32(-inf),
		[]float64{1.5, nan, -inf, 0.25},
		map[string]float64{"a": nan, "b": 2},
		struct {
			F float64
			G float32 `json:"g,omitempty"`
			H *float64
		}{F: inf, G: float32(nan), H: &nan},
		[2]any{nan, "x"},
	}
	honours := map[string]bool{"sonic": true}
	for _, e := range engine.All() {
		for _, noEscape := range []bool{false, true} {
			for _, indent := range []string{"", "  "} {
				o := options.Output{NullForNonFinite: true, NoEscapeHTML: noEscape, Indent: indent}
				for _, v := range values {
					got, err := e.Append(nil, v, o)
					if !honours[e.Name()] {
						assert.True(t, engine.IsRejected(err), "%s %#v: %v", e.Name(), v, err)
						continue
					}
					require.NoError(t, err, "%s %#v", e.Name(), v)
					want, err := safe.Options{NoEscapeHTML: noEscape, Indent: indent}.Marshal(v)
					require.NoError(t, err)
					assert.Equal(t, string(want), string(got), "%s %#v", e.Name(), v)
				}
			}
		}
		// Finite values are written as without the option.
		plain, err := e.Append(nil, []float64{1.5, -2e300}, options.Output{})
		require.NoError(t, err)
		withOpt, err := e.Append(nil, []float64{1.5, -2e300}, options.Output{NullForNonFinite: true})
		require.NoError(t, err)
		assert.Equal(t, string(plain), string(withOpt), e.Name())
	}
}

// TestAppendUsesRoomInDst: an engine writes into dst when it has room, so a
// caller reusing its buffer (safejson.Encoder) appends without a copy.
func TestAppendUsesRoomInDst(t *testing.T) {
	v := []string{"a", "b", "<c>"}
	for _, e := range engine.All() {
		dst := make([]byte, 0, 4096)
		out, err := e.Append(dst, v, options.Output{})
		require.NoError(t, err)
		assert.Equal(t, `["a","b","\u003cc\u003e"]`, string(out), e.Name())
		assert.Same(t, &dst[:1][0], &out[:1][0], "%s: output not written into dst", e.Name())
	}
}
