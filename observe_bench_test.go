package safejson_test

import (
	"testing"

	"github.com/safejson/safejson"
	"github.com/safejson/safejson/internal/benchdata"
	"github.com/safejson/safejson/internal/stats"
	"github.com/safejson/safejson/internal/testutil"
)

// observeBenchCases are BenchmarkEncode's rows.
func observeBenchCases() []struct {
	name string
	o    safejson.Options
	v    any
} {
	return []struct {
		name string
		o    safejson.Options
		v    any
	}{
		{"engine/items-20", safejson.Options{}, benchdata.Items(20)},
		{"engine/item", safejson.Options{}, benchdata.NewItem(1)},
		{"prescan/self-items-20", safejson.Options{}, benchdata.ItemsWithSelf(20)},
		{"safe/maps-20", safejson.Options{}, benchdata.Maps(20)},
		{"fallback/nan-items-20", safejson.Options{}, benchdata.ItemsWithNaN(20)},
		{"safe/func-items-20", safejson.Options{}, benchdata.ItemsWithFunc(20)},
		{"small/int", safejson.Options{}, 42},
	}
}

// BenchmarkEncodeObserved is BenchmarkEncode's rows with and without an
// OnSubstitute (one that does nothing), counters on.
func BenchmarkEncodeObserved(b *testing.B) {
	safejson.EnableStats()
	for _, c := range observeBenchCases() {
		for _, mode := range []string{"unset", "set"} {
			o := c.o
			if mode == "set" {
				o.OnSubstitute = func(safejson.Substitution) {}
			}
			b.Run(c.name+"/"+mode, func(b *testing.B) {
				var buf []byte
				b.ReportAllocs()
				defer reportCPU(b, testutil.CPUTime())
				for b.Loop() {
					var err error
					if buf, err = o.Append(buf[:0], c.v); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkEncodeParallel encodes from every P at once (-cpu 1,2,…), with
// the process counters off and on: their cost where many cores count.
func BenchmarkEncodeParallel(b *testing.B) {
	defer stats.SetEnabled(true)
	for _, c := range observeBenchCases() {
		if c.name != "engine/item" && c.name != "small/int" && c.name != "fallback/nan-items-20" {
			continue
		}
		for _, counting := range []bool{false, true} {
			name := c.name + "/off"
			if counting {
				name = c.name + "/counting"
			}
			b.Run(name, func(b *testing.B) {
				stats.SetEnabled(counting)
				b.ReportAllocs()
				defer reportCPU(b, testutil.CPUTime())
				b.RunParallel(func(pb *testing.PB) {
					var buf []byte
					for pb.Next() {
						var err error
						if buf, err = c.o.Append(buf[:0], c.v); err != nil {
							b.Error(err)
							return
						}
					}
				})
			})
		}
	}
}
