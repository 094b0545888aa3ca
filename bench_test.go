package safejson_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson"
	"github.com/safejson/safejson/engine"
	"github.com/safejson/safejson/internal/benchdata"
	iengine "github.com/safejson/safejson/internal/engine"
	"github.com/safejson/safejson/internal/plan"
	"github.com/safejson/safejson/internal/testutil"
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

// BenchmarkDecodeBody decodes a request body of 20 bench items, as a
// framework's binding does, with json.Decoder and safejson.Decoder.
func BenchmarkDecodeBody(b *testing.B) {
	body, err := json.Marshal(benchdata.Items(20))
	if err != nil {
		b.Fatal(err)
	}
	b.Run("encoding-json", func(b *testing.B) {
		_ = json.NewDecoder(bytes.NewReader(body)).Decode(new([]benchdata.Item))
		b.SetBytes(int64(len(body)))
		b.ReportAllocs()
		for b.Loop() {
			var v []benchdata.Item
			if err := json.NewDecoder(bytes.NewReader(body)).Decode(&v); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("safejson", func(b *testing.B) {
		_ = safejson.NewDecoder(bytes.NewReader(body)).Decode(new([]benchdata.Item))
		b.SetBytes(int64(len(body)))
		b.ReportAllocs()
		for b.Loop() {
			var v []benchdata.Item
			if err := safejson.NewDecoder(bytes.NewReader(body)).Decode(&v); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// unfolded is a struct no engine quirk applies to (no float, no field name
// with an s), which every engine may decode.
type unfolded struct {
	ID    int      `json:"id"`
	Name  string   `json:"name"`
	Tag   []string `json:"tag"`
	Valid bool     `json:"valid"`
}

// BenchmarkUnmarshalUnfolded decodes 500 unfolded structs, the route where
// every engine is free to decode.
func BenchmarkUnmarshalUnfolded(b *testing.B) {
	v := make([]unfolded, 500)
	for i := range v {
		it := benchdata.NewItem(i)
		v[i] = unfolded{ID: it.ID, Name: it.Name, Tag: it.Tags, Valid: it.Active}
	}
	body, err := json.Marshal(v)
	if err != nil {
		b.Fatal(err)
	}
	decoders := map[string]func([]byte, any) error{"encoding-json": json.Unmarshal, "safejson": safejson.Unmarshal}
	for _, e := range iengine.All() {
		if e != iengine.Std() {
			decoders["raw-"+e.Name()] = e.Unmarshal
		}
	}
	for _, name := range slices.Sorted(maps.Keys(decoders)) {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(body)))
			b.ReportAllocs()
			for b.Loop() {
				var out []unfolded
				if err := decoders[name](body, &out); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkUnmarshal decodes the bench items with safejson.Unmarshal and
// json.Unmarshal and each raw engine compiled in: typed (an engine's route)
// and into any, 20 and 500 items.
func BenchmarkUnmarshal(b *testing.B) {
	for _, n := range []int{20, 500} {
		body, err := json.Marshal(benchdata.Items(n))
		if err != nil {
			b.Fatal(err)
		}
		for _, c := range []struct {
			name   string
			target func() any
		}{
			{"typed", func() any { return new([]benchdata.Item) }},
			{"any", func() any { return new(any) }},
		} {
			decoders := []struct {
				name      string
				unmarshal func([]byte, any) error
			}{{"encoding-json", json.Unmarshal}, {"safejson", safejson.Unmarshal}}
			for _, e := range iengine.All() {
				if e != iengine.Std() {
					decoders = append(decoders, struct {
						name      string
						unmarshal func([]byte, any) error
					}{"raw-" + e.Name(), e.Unmarshal})
				}
			}
			for _, d := range decoders {
				b.Run(fmt.Sprintf("items-%d/%s/%s", n, c.name, d.name), func(b *testing.B) {
					require.NoError(b, d.unmarshal(body, c.target()))
					b.SetBytes(int64(len(body)))
					b.ReportAllocs()
					for b.Loop() {
						if err := d.unmarshal(body, c.target()); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		}
	}
}

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
				defer reportCPU(b, testutil.CPUTime())
				for b.Loop() {
					if _, err := enc.marshal(c.v); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkUnmarshalPrefilled decodes into fresh and pre-filled targets:
// fresh (zero), a struct of defaults (selfContained: restored from a copy
// if the engine fails), and a reused slice with capacity and a Decoder
// decoding into the same struct again (they reach memory of their own:
// encoding/json alone), with safejson and encoding/json.
func BenchmarkUnmarshalPrefilled(b *testing.B) {
	items := make([]unfolded, 100)
	for i := range items {
		it := benchdata.NewItem(i)
		items[i] = unfolded{ID: it.ID, Name: it.Name, Tag: it.Tags, Valid: it.Active}
	}
	list, err := json.Marshal(items)
	if err != nil {
		b.Fatal(err)
	}
	one, err := json.Marshal(unfolded{ID: 7, Name: "seven", Tag: []string{"a", "b"}, Valid: true})
	if err != nil {
		b.Fatal(err)
	}
	decoders := []struct {
		name      string
		unmarshal func([]byte, any) error
	}{{"encoding-json", json.Unmarshal}, {"safejson", safejson.Unmarshal}}
	for _, d := range decoders {
		b.Run("fresh-struct/"+d.name, func(b *testing.B) {
			b.ReportAllocs()
			defer reportCPU(b, testutil.CPUTime())
			for b.Loop() {
				var v unfolded
				if err := d.unmarshal(one, &v); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("defaults-struct/"+d.name, func(b *testing.B) {
			b.ReportAllocs()
			defer reportCPU(b, testutil.CPUTime())
			for b.Loop() {
				v := unfolded{ID: -1, Name: "default"}
				if err := d.unmarshal(one, &v); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("fresh-slice/"+d.name, func(b *testing.B) {
			b.ReportAllocs()
			defer reportCPU(b, testutil.CPUTime())
			for b.Loop() {
				var v []unfolded
				if err := d.unmarshal(list, &v); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("reused-slice/"+d.name, func(b *testing.B) {
			b.ReportAllocs()
			defer reportCPU(b, testutil.CPUTime())
			var v []unfolded
			for b.Loop() {
				v = v[:0]
				if err := d.unmarshal(list, &v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	stream := bytes.Repeat(one, 100)
	b.Run("decoder-same-struct/encoding-json", func(b *testing.B) {
		b.ReportAllocs()
		defer reportCPU(b, testutil.CPUTime())
		for b.Loop() {
			dec := json.NewDecoder(bytes.NewReader(stream))
			var v unfolded
			for dec.More() {
				if err := dec.Decode(&v); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	b.Run("decoder-same-struct/safejson", func(b *testing.B) {
		b.ReportAllocs()
		defer reportCPU(b, testutil.CPUTime())
		for b.Loop() {
			dec := safejson.NewDecoder(bytes.NewReader(stream))
			var v unfolded
			for dec.More() {
				if err := dec.Decode(&v); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}

// reportCPU reports the process CPU time since start per iteration, as
// cpu-ns/op (steadier than wall time on a shared machine).
func reportCPU(b *testing.B, start int64) {
	if start != 0 && b.N > 0 {
		b.ReportMetric(float64(testutil.CPUTime()-start)/float64(b.N), "cpu-ns/op")
	}
}

// BenchmarkText compares Valid, Compact, Indent and HTMLEscape with
// encoding/json's on the json/v2 corpus ($ANYDEC_CORPUS, benchdata.Corpus):
// BenchmarkText/FUNC/FILE/{std,safejson}.
func BenchmarkText(b *testing.B) {
	type impl struct {
		name string
		run  func(dst *bytes.Buffer, src []byte) error
	}
	funcs := []struct {
		name  string
		impls []impl
	}{
		{"Valid", []impl{
			{"std", func(_ *bytes.Buffer, src []byte) error { json.Valid(src); return nil }},
			{"safejson", func(_ *bytes.Buffer, src []byte) error { safejson.Valid(src); return nil }},
		}},
		{"Compact", []impl{{"std", json.Compact}, {"safejson", safejson.Compact}}},
		{"Indent", []impl{
			{"std", func(dst *bytes.Buffer, src []byte) error { return json.Indent(dst, src, "", "\t") }},
			{"safejson", func(dst *bytes.Buffer, src []byte) error { return safejson.Indent(dst, src, "", "\t") }},
		}},
		{"HTMLEscape", []impl{
			{"std", func(dst *bytes.Buffer, src []byte) error { json.HTMLEscape(dst, src); return nil }},
			{"safejson", func(dst *bytes.Buffer, src []byte) error { safejson.HTMLEscape(dst, src); return nil }},
		}},
	}
	files := benchdata.Corpus(b)
	for _, fn := range funcs {
		for _, f := range files {
			for _, im := range fn.impls {
				b.Run(fn.name+"/"+f.Name+"/"+im.name, func(b *testing.B) {
					var dst bytes.Buffer
					b.SetBytes(int64(len(f.Data)))
					b.ReportAllocs()
					for b.Loop() {
						dst.Reset()
						if err := im.run(&dst, f.Data); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		}
	}
}

// The record types of BenchmarkUnmarshalFeatures: what services decode.

// benchModel is an ORM model's base struct (gorm.Model's shape).
type benchModel struct {
	ID        uint       `json:"id"`
	CreatedAt time.Time  `json:"created_at"`
	UpdatedAt time.Time  `json:"updated_at"`
	DeletedAt *time.Time `json:"deleted_at"`
}

type benchStatus int

func (s benchStatus) MarshalText() ([]byte, error) { return []byte(strconv.Itoa(int(s))), nil }

func (s *benchStatus) UnmarshalText(b []byte) error {
	n, err := strconv.Atoi(string(b))
	*s = benchStatus(n)
	return err
}

// benchUser: the base model embedded, two strings, a float, a list.
type benchUser struct {
	benchModel
	Name  string   `json:"name"`
	Email string   `json:"email"`
	Score float64  `json:"score"`
	Tags  []string `json:"tags"`
}

// benchAPIUser is benchUser with the API habits still decoded by
// encoding/json: an int64 as a string for JavaScript, an enum with methods.
type benchAPIUser struct {
	benchUser
	Ref    int64       `json:"ref,string"`
	Status benchStatus `json:"status"`
}

// benchEvent holds times outside an embedded struct.
type benchEvent struct {
	At    time.Time   `json:"at"`
	Until *time.Time  `json:"until"`
	Seen  []time.Time `json:"seen"`
	Kind  string      `json:"kind"`
}

// BenchmarkUnmarshalFeatures decodes 200 records of each type with
// encoding/json, with goccy and sonic directly where compiled in (the peers),
// and with safejson; each safejson row names the route the plan gives it.
func BenchmarkUnmarshalFeatures(b *testing.B) {
	base := time.Date(2024, 5, 6, 7, 8, 9, 123456000, time.UTC)
	users := make([]benchAPIUser, 200)
	events := make([]benchEvent, 200)
	for i := range users {
		at := base.Add(time.Duration(i) * time.Hour)
		u := benchUser{
			benchModel: benchModel{ID: uint(i + 1), CreatedAt: at, UpdatedAt: at.Add(time.Minute)},
			Name:       "user " + strconv.Itoa(i), Email: "user" + strconv.Itoa(i) + "@example.com",
			Score: float64(i) * 1.5, Tags: []string{"a", "b"},
		}
		if i%3 == 0 {
			u.DeletedAt = &at
		}
		users[i] = benchAPIUser{benchUser: u, Ref: int64(i) << 40, Status: benchStatus(i % 4)}
		events[i] = benchEvent{At: at, Until: u.DeletedAt, Seen: []time.Time{at, at.Add(time.Second)}, Kind: "login"}
	}
	rows := []struct {
		name   string
		target func() any
		body   any
	}{
		{"orm-user", func() any { return new([]benchUser) }, users},
		{"api-user", func() any { return new([]benchAPIUser) }, users},
		{"event", func() any { return new([]benchEvent) }, events},
	}
	for _, r := range rows {
		body, err := json.Marshal(r.body)
		require.NoError(b, err)
		route := plan.RouteDecode(nil, r.target()).Eng.Name()
		decoders := []struct {
			name      string
			unmarshal func([]byte, any) error
		}{{"encoding-json", json.Unmarshal}}
		for _, e := range iengine.All() {
			if e.Name() != "std" {
				decoders = append(decoders, struct {
					name      string
					unmarshal func([]byte, any) error
				}{e.Name(), e.Unmarshal})
			}
		}
		decoders = append(decoders, struct {
			name      string
			unmarshal func([]byte, any) error
		}{"safejson-" + route, safejson.Unmarshal})
		for _, d := range decoders {
			b.Run(r.name+"/"+d.name, func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(body)))
				defer reportCPU(b, testutil.CPUTime())
				for b.Loop() {
					if err := d.unmarshal(body, r.target()); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
