package safejson

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/engine"
	"github.com/safejson/safejson/internal/enginehandle"
)

// TestDecodedJSONThroughEngines: decoded JSON with few members, which now
// goes to an engine after the pre-scan, is written with encoding/json's bytes
// by every engine, on the strings and floats where the engines' own rules
// differ most (invalid UTF-8, U+2028, HTML, control characters, exponent
// thresholds, -0, the extremes), and each value is attempted by the engine
// once at most.
func TestDecodedJSONThroughEngines(t *testing.T) {
	strs := []any{
		"plain", "<a href=\"x\">&</a>", "\u2028\u2029", "a\x00b\x1f\b\f\n\r\t\\\"",
		"bad \xff\xfe utf8 \xed\xa0\x80 \xc0\xaf", "é中😀", "\u007f\u0080",
	}
	floats := []any{
		0.0, math.Copysign(0, -1), 1e21, 1e20, 123456789012345678901.0, 1e-6, 1e-7, 9.999999e-7,
		5e-324, math.MaxFloat64, -math.MaxFloat64, 0.1, 1.0 / 3, 1 << 53, 1<<53 + 2, float64(math.MaxInt64),
	}
	values := []any{
		map[string]any{"s": strs, "k\u2028<>&": "v", "bad\xffkey": true, "n": nil},
		floats,
		map[string]any{"f": floats, "s": strs[:3]},
		[]any{map[string]any{}, []any{}, map[string]any{"a": []any{nil, false, "x"}}},
		"just a string <&>",
		1.5,
		map[string]any{"nan": math.NaN()}, // an engine rejects it: the reference encoder's null
	}
	for _, e := range engine.All() {
		ce := &countingEngine{Engine: e}
		o := Options{Engine: enginehandle.Of(ce)}
		for _, v := range values {
			before := ce.calls.Load()
			got, err := o.Marshal(v)
			require.NoError(t, err)
			want, werr := json.Marshal(v)
			if werr == nil {
				assert.Equal(t, string(want), string(got), "%s: %#v", e.Name(), v)
			} else {
				assert.True(t, json.Valid(got), "%s: %s", e.Name(), got)
			}
			assert.LessOrEqual(t, ce.calls.Load()-before, int64(1), "%s: %#v", e.Name(), v)
		}
		got, err := o.MarshalIndent(values[0], "", "  ")
		require.NoError(t, err)
		want, err := json.MarshalIndent(values[0], "", "  ")
		require.NoError(t, err)
		assert.Equal(t, string(want), string(got), "%s indented", e.Name())
		assert.Positive(t, ce.calls.Load(), "%s: no value reached the engine", e.Name())
		noHTML := Options{Engine: enginehandle.Of(e), NoEscapeHTML: true}
		got, err = noHTML.Marshal(values[0])
		require.NoError(t, err)
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		require.NoError(t, enc.Encode(values[0]))
		assert.Equal(t, strings.TrimSuffix(buf.String(), "\n"), string(got), "%s without HTML escaping", e.Name())
	}
}
