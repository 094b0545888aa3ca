package safejson

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/engine"
	"github.com/safejson/safejson/internal/enginehandle"
	"github.com/safejson/safejson/internal/options"
	"github.com/safejson/safejson/internal/stats"
)

// panicEngine is an engine that panics on every encode and decode.
type panicEngine struct{ engine.Engine }

func (panicEngine) Append([]byte, any, options.Output) ([]byte, error) { panic("engine bug") }
func (panicEngine) Unmarshal([]byte, any) error                        { panic("engine bug") }

type panicRecord struct {
	A int
	B string
}

// TestStatsEnginePanicked: an engine's panic is counted, the reference
// encoder (or encoding/json) counted as the route, and the substitutes of
// the value reported once.
func TestStatsEnginePanicked(t *testing.T) {
	stats.Enable()
	for _, e := range engine.All() {
		o := Options{Engine: enginehandle.Of(panicEngine{e})}
		read := func(i int) uint64 { return stats.Read(i) }
		panicked, quirk := read(stats.EncodePanicked), read(stats.EncodeQuirk)
		safeN, subs := read(stats.EncodeSafe), read(stats.SubstituteFirst+1)
		var got []Substitution
		o.OnSubstitute = func(s Substitution) { got = append(got, s) }
		b, err := o.Marshal([]panicRecord{{1, "x"}})
		require.NoError(t, err, e.Name())
		assert.JSONEq(t, `[{"A":1,"B":"x"}]`, string(b))
		b, err = o.Marshal(map[string]float64{"n": math.NaN()})
		require.NoError(t, err, e.Name())
		assert.Equal(t, `{"n":null}`, string(b))
		assert.Len(t, got, 1, e.Name())
		// The float map is never tried where the engine is known to write
		// floats wrongly (sonic on arm64).
		assert.Equal(t, uint64(2), read(stats.EncodePanicked)-panicked+read(stats.EncodeQuirk)-quirk, e.Name())
		assert.NotZero(t, read(stats.EncodePanicked)-panicked, e.Name())
		assert.Equal(t, uint64(2), read(stats.EncodeSafe)-safeN, e.Name())
		assert.Equal(t, uint64(1), read(stats.SubstituteFirst+1)-subs, e.Name())

		if e.Name() == "std" {
			continue
		}
		dp, ds := read(stats.DecodePanicked), read(stats.DecodeStd)
		var r panicRecord
		require.NoError(t, o.Unmarshal([]byte(`{"A":2}`), &r), e.Name())
		assert.Equal(t, panicRecord{A: 2}, r)
		assert.Equal(t, uint64(1), read(stats.DecodePanicked)-dp, e.Name())
		assert.Equal(t, uint64(1), read(stats.DecodeStd)-ds, e.Name())
	}
}
