package stats

import (
	"sync"
	"sync/atomic"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
)

func TestAddRead(t *testing.T) {
	Enable()
	before := Read(EncodeQuirk)
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 1000 {
				Add(EncodeQuirk)
			}
			AddN(EncodeQuirk, 10)
		}()
	}
	wg.Wait()
	assert.Equal(t, uint64(8*1010), Read(EncodeQuirk)-before)
}

func TestShardSize(t *testing.T) {
	assert.Zero(t, unsafe.Sizeof(shard{})%64, "a shard is whole cache lines")
}

var single atomic.Uint64

// BenchmarkStatsAdd is the cost of one count, from every P at once
// (-cpu 1,2,…), sharded (Add) and, for comparison, on one shared word.
func BenchmarkStatsAdd(b *testing.B) {
	on.Store(false)
	b.Run("off", func(b *testing.B) {
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				Add(EncodeSonic)
			}
		})
	})
	Enable()
	b.Run("sharded", func(b *testing.B) {
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				Add(EncodeSonic)
			}
		})
	})
	b.Run("one-word", func(b *testing.B) {
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				single.Add(1)
			}
		})
	})
}
