package plan

import (
	"reflect"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/safejson/safejson/internal/benchdata"
	"github.com/safejson/safejson/internal/testutil"
)

// TestScanAfterPoolLoss: sync.Pool drops scanners at a garbage collection
// (a pooled item survives one runtime.GC about half the time); the scan of
// a value 3000 levels deep, which the depth limit stops at 1000, then costs
// a scanner and three stack allocations (32, 256, 2048), not one per doubling.
func TestScanAfterPoolLoss(t *testing.T) {
	if testutil.RaceEnabled {
		t.Skip("sync.Pool drops items at random under -race")
	}
	v := benchdata.DeepStruct(3000)
	ti := infoOf(reflect.TypeOf(v))
	assert.False(t, scanValue(v, ti, EngineDepthLimit, 0))
	const n = 50
	var a, b runtime.MemStats
	runtime.ReadMemStats(&a)
	for range n {
		runtime.GC()
		scanValue(v, ti, EngineDepthLimit, 0)
	}
	runtime.ReadMemStats(&b)
	perOp := float64(b.Mallocs-a.Mallocs) / n
	t.Logf("%.2f allocations per scan after a GC", perOp)
	assert.LessOrEqual(t, perOp, 5.0) // 1 + 3, and the GC's own
}
