//go:build bench_full

package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/bench/internal/corpus"
	"github.com/safejson/safejson/internal/engine"
	"github.com/safejson/safejson/internal/plan"
)

// TestShapedRoutes: the loose structs of the corpus go to an engine on their
// files, whose objects have hundreds of members, json.RawMessage fields
// included.
func TestShapedRoutes(t *testing.T) {
	for _, f := range corpus.ShapedFiles() {
		data, err := corpus.Load(f.Name)
		require.NoError(t, err)
		r := plan.RouteDecode(nil, f.New())
		facts, ok := engine.Scan(data, r.Needs)
		require.True(t, ok, f.Name)
		eng := r.Pick(facts)
		if len(engine.All()) > 1 { // an engine is compiled in
			assert.NotEqual(t, engine.Std(), eng, "%s: route %+v, facts %v", f.Name, r, facts)
		}
	}
}
