package safe_test

import (
	"reflect"
	"strconv"
	"sync/atomic"
	"testing"

	"github.com/safejson/safejson/internal/benchdata"
	"github.com/safejson/safejson/safe"
)

var firstUseSeq atomic.Int64

// BenchmarkFirstUse encodes, from every P at once, values of struct types
// never met before (each holding shared and fresh types): the cost every new
// type pays once, building its encoders, and how goroutines meeting new
// types at once get in one another's way. reflect.StructOf's own cost is in
// the figure.
func BenchmarkFirstUse(b *testing.B) {
	type rec struct {
		Name string `json:"name"`
		Kids []*rec `json:"kids,omitempty"`
	}
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
			if _, err := safe.Marshal(reflect.New(t).Elem().Interface()); err != nil {
				b.Fatal(err)
			}
		}
	})
}
