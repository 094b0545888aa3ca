package safejsonotel_test

import (
	"context"
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.opentelemetry.io/otel/attribute"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	"go.opentelemetry.io/otel/sdk/metric/metricdata"

	"github.com/safejson/safejson"
	safejsonotel "github.com/safejson/safejson/compat/otel"
	"github.com/safejson/safejson/engine"
)

// read collects the reader's metrics: value by instrument and attribute.
func read(t *testing.T, r *sdkmetric.ManualReader) map[string]map[string]int64 {
	t.Helper()
	var rm metricdata.ResourceMetrics
	require.NoError(t, r.Collect(context.Background(), &rm))
	out := map[string]map[string]int64{}
	for _, sm := range rm.ScopeMetrics {
		for _, m := range sm.Metrics {
			if m.Name == "safejson.engine.info" {
				continue // info
			}
			sum, ok := m.Data.(metricdata.Sum[int64])
			require.True(t, ok, "%s is a %T", m.Name, m.Data)
			assert.True(t, sum.IsMonotonic, m.Name)
			out[m.Name] = map[string]int64{}
			for _, dp := range sum.DataPoints {
				require.Equal(t, 1, dp.Attributes.Len())
				kv := dp.Attributes.ToSlice()[0]
				out[m.Name][string(kv.Key)+"="+kv.Value.AsString()] = dp.Value
			}
		}
	}
	return out
}

type node struct {
	Next *node `json:"next,omitempty"`
}

func TestRegisterManualReader(t *testing.T) {
	r := sdkmetric.NewManualReader()
	mp := sdkmetric.NewMeterProvider(sdkmetric.WithReader(r))
	defer func() { require.NoError(t, mp.Shutdown(context.Background())) }()
	reg, err := safejsonotel.Register(mp.Meter("safejson"))
	require.NoError(t, err)

	before := read(t, r)
	n := &node{}
	n.Next = n
	for range 2 {
		_, err := safejson.Marshal([]any{math.Inf(-1), n})
		require.NoError(t, err)
	}
	var x any
	require.NoError(t, safejson.Unmarshal([]byte(`{"a":1}`), &x))
	after := read(t, r)

	for _, name := range []string{"safejson.encodes", "safejson.encode.fallbacks", "safejson.decodes", "safejson.decode.fallbacks", "safejson.substitutes"} {
		assert.Contains(t, after, name)
	}
	gained := func(name, attr string) int64 {
		_, ok := after[name][attr]
		require.True(t, ok, "%s %s not observed: %v", name, attr, after[name])
		return after[name][attr] - before[name][attr]
	}
	assert.Equal(t, int64(2), gained("safejson.substitutes", "reason=non-finite number"))
	assert.Equal(t, int64(2), gained("safejson.substitutes", "reason=cycle"))
	assert.Equal(t, int64(2), gained("safejson.encodes", "route=safe"))
	assert.Equal(t, int64(1), gained("safejson.decodes", "route=own"))
	assert.Zero(t, gained("safejson.encode.fallbacks", "cause=panicked"))

	// The info gauge: one point of value 1 per linked engine, its facts as attributes.
	var rm metricdata.ResourceMetrics
	require.NoError(t, r.Collect(context.Background(), &rm))
	var points []string
	for _, sm := range rm.ScopeMetrics {
		for _, m := range sm.Metrics {
			if m.Name != "safejson.engine.info" {
				continue
			}
			g, ok := m.Data.(metricdata.Gauge[int64])
			require.True(t, ok, "%T", m.Data)
			for _, dp := range g.DataPoints {
				assert.Equal(t, int64(1), dp.Value)
				points = append(points, dp.Attributes.Encoded(attribute.DefaultEncoder()))
			}
		}
	}
	var want []string
	for _, in := range engine.Linked() {
		want = append(want, fmt.Sprintf("engine=%s,module=%s,native=%t,verified=%t,version=%s", in.Engine.Name(), in.Module, in.Native, in.Verified, in.Version))
	}
	assert.ElementsMatch(t, want, points)

	require.NoError(t, reg.Unregister())
	assert.Empty(t, read(t, r), "nothing observed after Unregister")
}
