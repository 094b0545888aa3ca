package safejson_test

import (
	"testing"

	"github.com/safejson/safejson"
	"github.com/safejson/safejson/internal/benchdata"
)

// The encode paths of the root package, one benchmark each: straight to the
// engine, to the engine after a pre-scan, to the reference encoder (decoded
// JSON, a replacer), and the fallback after a rejection (NaN under Strict is
// an error; a func field is a rejection the planner foresees; a cycle is
// found by the pre-scan).
func BenchmarkEncode(b *testing.B) {
	cases := []struct {
		name string
		o    safejson.Options
		v    any
	}{
		{"engine/items-20", safejson.Options{}, benchdata.Items(20)},
		{"engine/item", safejson.Options{}, benchdata.NewItem(1)},
		{"engine-indent/items-20", safejson.Options{Indent: "  "}, benchdata.Items(20)},
		{"prescan/self-items-20", safejson.Options{}, benchdata.ItemsWithSelf(20)},
		{"safe/maps-20", safejson.Options{}, benchdata.Maps(20)},
		{"safe/replacer-items-20", safejson.Options{Replacer: benchdata.Redact}, benchdata.Items(20)},
		{"fallback/nan-items-20", safejson.Options{}, benchdata.ItemsWithNaN(20)},
		{"safe/func-items-20", safejson.Options{}, benchdata.ItemsWithFunc(20)},
		{"small/int", safejson.Options{}, 42},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			var buf []byte
			b.ReportAllocs()
			for b.Loop() {
				var err error
				buf, err = c.o.Append(buf[:0], c.v)
				if err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
