package plan

import (
	"reflect"
	"sync/atomic"
	"testing"

	"github.com/safejson/safejson/internal/benchdata"
)

var firstUseSeq atomic.Int64

// BenchmarkFirstUse routes, from every P at once, values of struct types
// never met before (benchdata.FreshType): the planner's cost for a new
// type, paid once.
func BenchmarkFirstUse(b *testing.B) {
	o := normalised(nil)
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			t := benchdata.FreshType(firstUseSeq.Add(1))
			RouteEncode(o, reflect.New(t).Elem().Interface())
		}
	})
}

// BenchmarkRoute is the decision for a type met before: straight to the
// engine, after a pre-scan, and to the reference encoder.
func BenchmarkRoute(b *testing.B) {
	cases := []struct {
		name string
		v    any
	}{
		{"engine/items-20", benchdata.Items(20)},
		{"prescan/self-items-20", benchdata.ItemsWithSelf(20)},
		{"safe/maps-20", benchdata.Maps(20)},
	}
	o := normalised(nil)
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				RouteEncode(o, c.v)
			}
		})
	}
}
