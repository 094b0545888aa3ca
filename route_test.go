package safejson

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/benchdata"
	"github.com/safejson/safejson/internal/engine"
	"github.com/safejson/safejson/safe"
)

// planIface is a struct with an interface field: its values are pre-scanned.
type planIface struct{ Any any }

// TestRootAddsNoAllocation: the root package's part of an encode (options,
// plan, dispatch) allocates nothing beyond what the encoder it picks does.
func TestRootAddsNoAllocation(t *testing.T) {
	items := benchdata.Items(5)
	buf := make([]byte, 0, 64<<10)
	allocs := func(f func() ([]byte, error)) float64 {
		_, err := f()
		require.NoError(t, err)
		return testing.AllocsPerRun(50, func() { _, _ = f() })
	}
	for _, e := range engine.All() {
		o := Options{Engine: engine.HandleOf(e)}
		require.Equal(t, e, o.plan(items).Engine, e.Name())
		raw := allocs(func() ([]byte, error) { return e.Append(buf[:0], items, engine.Options{}) })
		got := allocs(func() ([]byte, error) { return o.Append(buf[:0], items) })
		assert.LessOrEqual(t, got, raw, "%s: through safejson, over the raw engine", e.Name())
	}
	for _, c := range []struct {
		name string
		o    Options
		s    safe.Options
		v    any
	}{
		{"decoded JSON", Options{}, safe.Options{}, benchdata.Maps(3)},
		{"replacer", Options{Replacer: benchdata.Redact}, safe.Options{Replacer: benchdata.Redact}, items},
		{"placeholder", Options{Circular: CircularPlaceholder, Placeholder: "c"}, safe.Options{Circular: safe.CircularPlaceholder, Placeholder: "c"}, benchdata.Maps(3)},
	} {
		require.Nil(t, c.o.plan(c.v).Engine, c.name)
		want := allocs(func() ([]byte, error) { return c.s.Append(buf[:0], c.v) })
		got := allocs(func() ([]byte, error) { return c.o.Append(buf[:0], c.v) })
		assert.LessOrEqual(t, got, want, "%s: through safejson, over package safe", c.name)
	}
}
