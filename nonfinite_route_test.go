package safejson

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/engine"
	"github.com/safejson/safejson/safe"
)

// TestNonFiniteRetry: a type that holds strings and floats goes to goccy
// first; a NaN that goccy rejects is written by sonic (null, as the
// reference encoder writes it) rather than by the reference encoder, and the
// type goes to sonic first from then on.
func TestNonFiniteRetry(t *testing.T) {
	compiled := map[string]bool{}
	for _, e := range engine.All() {
		compiled[e.Name()] = true
	}
	if !compiled["sonic"] || !compiled["goccy"] {
		// One engine only: no order to choose, no retry.
		var o Options
		assert.Nil(t, o.plan([]struct{ F float64 }{{1}}).Retry)
		return
	}
	type scored struct {
		Name  string
		Score float64
	}
	plain := []scored{{"a", 1}, {"<b>", 2.5}}
	withNaN := []scored{{"a", 1}, {"b", math.NaN()}, {"c", math.Inf(-1)}}
	var o Options
	require.Equal(t, "goccy", o.plan(plain).Engine.Name(), "strings and floats: goccy first")

	want, err := json.Marshal(plain)
	require.NoError(t, err)
	got, err := Marshal(plain)
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got))
	assert.Equal(t, "goccy", o.plan(plain).Engine.Name(), "no NaN met yet")

	ref, err := safe.Options{}.Marshal(withNaN)
	require.NoError(t, err)
	assert.Equal(t, `[{"Name":"a","Score":1},{"Name":"b","Score":null},{"Name":"c","Score":null}]`, string(ref))
	if o.plan(plain).Retry == nil {
		// sonic may not take the type here (arm64's sonic has float quirks
		// the planner avoids): goccy's rejection goes to the reference
		// encoder, and the type stays with goccy.
		got, err = Marshal(withNaN)
		require.NoError(t, err)
		assert.Equal(t, string(ref), string(got))
		assert.Equal(t, "goccy", o.plan(plain).Engine.Name())
		return
	}
	require.Equal(t, "sonic", o.plan(plain).Retry.Name(), "sonic writes a NaN goccy rejects")
	got, err = Marshal(withNaN)
	require.NoError(t, err)
	assert.Equal(t, string(ref), string(got))
	assert.Equal(t, "sonic", o.plan(plain).Engine.Name(), "after a NaN the type goes to sonic first")

	got, err = Marshal(plain)
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got), "sonic writes encoding/json's bytes for it")

	strict := Options{Strict: true}
	assert.Nil(t, strict.plan(plain).Retry, "no retry under Strict: the error is wanted")
	_, err = strict.Marshal(withNaN)
	var ue *json.UnsupportedValueError
	assert.ErrorAs(t, err, &ue)
}
