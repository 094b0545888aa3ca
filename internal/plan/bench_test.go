package plan

import (
	"reflect"
	"strconv"
	"sync/atomic"
	"testing"

	"github.com/safejson/safejson/internal/benchdata"
)

var firstUseSeq atomic.Int64

// BenchmarkFirstUse routes, from every P at once, values of struct types
// never met before (each holding shared and fresh types, one of them
// recursive): the planner's cost for a new type, paid once. reflect.StructOf's
// own cost is in the figure.
func BenchmarkFirstUse(b *testing.B) {
	type rec struct {
		Name string `json:"name"`
		Kids []*rec `json:"kids,omitempty"`
	}
	o := normalised(nil)
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			i := strconv.FormatInt(firstUseSeq.Add(1), 10)
			own := reflect.StructOf([]reflect.StructField{{
				Name: "V" + i, Type: reflect.TypeFor[map[string][]float64](), Tag: `json:"v,omitempty"`,
			}})
			t := reflect.StructOf([]reflect.StructField{
				{Name: "Own", Type: own},
				{Name: "Rec", Type: reflect.TypeFor[*rec]()},
				{Name: "Items", Type: reflect.TypeFor[[]benchdata.Item]()},
				{Name: "Ptr", Type: reflect.PointerTo(own)},
			})
			Route(o, reflect.New(t).Elem().Interface())
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
				Route(o, c.v)
			}
		})
	}
}
