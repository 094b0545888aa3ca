package safe_test

import (
	"reflect"
	"sync/atomic"
	"testing"

	"github.com/safejson/safejson/internal/benchdata"
	"github.com/safejson/safejson/safe"
)

var firstUseSeq atomic.Int64

// BenchmarkFirstUse encodes, from every P at once, values of struct types
// never met before (benchdata.FreshType): the cost every new type pays once,
// building its encoders, and how goroutines meeting new types at once get in
// one another's way.
func BenchmarkFirstUse(b *testing.B) {
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			t := benchdata.FreshType(firstUseSeq.Add(1))
			if _, err := safe.Marshal(reflect.New(t).Elem().Interface()); err != nil {
				b.Fatal(err)
			}
		}
	})
}
