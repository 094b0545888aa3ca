package safejson_test

import (
	"encoding/json"
	"math"
	"strconv"
	"testing"

	"github.com/safejson/safejson"
	"github.com/safejson/safejson/engine"
	"github.com/safejson/safejson/internal/benchdata"
)

// price is a user type with a MarshalJSON method.
type price int64

func (p price) MarshalJSON() ([]byte, error) {
	return strconv.AppendQuote(nil, "$"+strconv.FormatInt(int64(p), 10)), nil
}

// pricedItem is a bench item with a field of a user type with MarshalJSON.
type pricedItem struct {
	benchdata.Item
	Price price `json:"price"`
}

// BenchmarkMarshalMethods writes 20 items holding a MarshalJSON method, with
// and without a NaN, with encoding/json, safejson's default plan (the
// reference encoder, for the user's methods) and each engine named.
func BenchmarkMarshalMethods(b *testing.B) {
	items := make([]pricedItem, 20)
	for i := range items {
		items[i] = pricedItem{benchdata.NewItem(i), price(i * 100)}
	}
	nan := append([]pricedItem(nil), items...)
	nan[10].Score = math.NaN()
	encoders := []struct {
		name    string
		marshal func(any) ([]byte, error)
	}{{"encoding-json", json.Marshal}, {"safejson", safejson.Marshal}}
	for _, e := range engine.All() {
		encoders = append(encoders, struct {
			name    string
			marshal func(any) ([]byte, error)
		}{"safejson-" + e.Name(), safejson.Options{Engine: e}.Marshal})
	}
	for _, c := range []struct {
		name string
		v    any
	}{{"items-20", items}, {"nan-items-20", nan}} {
		for _, enc := range encoders {
			if enc.name == "encoding-json" && c.name == "nan-items-20" {
				continue // it fails
			}
			b.Run(c.name+"/"+enc.name, func(b *testing.B) {
				b.ReportAllocs()
				defer reportCPU(b, cpuTime())
				for b.Loop() {
					if _, err := enc.marshal(c.v); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
