//go:build !race

// Allocation counts are not measured under -race, where sync.Pool drops
// items at random (the engines and package safe pool their buffers).

package safejson

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/benchdata"
	"github.com/safejson/safejson/internal/engine"
	"github.com/safejson/safejson/internal/enginehandle"
	"github.com/safejson/safejson/internal/options"
	"github.com/safejson/safejson/safe"
)

// TestRootAddsNoAllocation: the root package's part of an encode (options,
// plan, dispatch) allocates nothing beyond what the encoder it picks does.
func TestRootAddsNoAllocation(t *testing.T) {
	// No float (sonic on arm64 has QuirkNegativeZero), nothing an engine
	// is kept from.
	type plain struct {
		ID   int
		Name string
		Tags []string
	}
	items := make([]plain, 5)
	for i := range items {
		items[i] = plain{i, "name <&>", []string{"a", "b"}}
	}
	buf := make([]byte, 0, 64<<10)
	allocs := func(f func() ([]byte, error)) float64 {
		_, err := f()
		require.NoError(t, err)
		return testing.AllocsPerRun(50, func() { _, _ = f() })
	}
	// Decoded JSON with few members goes to the engine after the pre-scan.
	decoded := map[string]any{"s": "name <&>", "t": []any{"a", true, nil}}
	for _, e := range engine.All() {
		o := Options{Engine: enginehandle.Of(e)}
		for _, v := range []any{items, decoded} {
			require.Equal(t, e, o.plan(v).Engine, "%s %T", e.Name(), v)
			raw := allocs(func() ([]byte, error) { return e.Append(buf[:0], v, options.Output{}) })
			got := allocs(func() ([]byte, error) { return o.Append(buf[:0], v) })
			assert.LessOrEqual(t, got, raw, "%s %T: through safejson, over the raw engine", e.Name(), v)
		}
	}
	for _, c := range []struct {
		name string
		o    Options
		s    safe.Options
		v    any
	}{
		{"decoded JSON", Options{}, safe.Options{}, benchdata.Maps(20)},
		{"replacer", Options{Replacer: benchdata.Redact}, safe.Options{Replacer: benchdata.Redact}, benchdata.Items(5)},
		{"placeholder", Options{Circular: CircularPlaceholder, Placeholder: "c"}, safe.Options{Circular: safe.CircularPlaceholder, Placeholder: "c"}, benchdata.Maps(20)},
	} {
		require.Nil(t, c.o.plan(c.v).Engine, c.name)
		want := allocs(func() ([]byte, error) { return c.s.Append(buf[:0], c.v) })
		got := allocs(func() ([]byte, error) { return c.o.Append(buf[:0], c.v) })
		assert.LessOrEqual(t, got, want, "%s: through safejson, over package safe", c.name)
	}
}
