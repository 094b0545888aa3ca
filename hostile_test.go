package safejson_test

import (
	"bytes"
	"encoding/json"
	"reflect"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/safejson/safejson"
	"github.com/safejson/safejson/internal/attack/shapes"
	"github.com/safejson/safejson/internal/testutil"
)

// decodeCost is what one decode spends: bytes and allocations made, and
// process CPU time (garbage collection included).
type decodeCost struct {
	bytes, allocs uint64
	cpu           int64
}

// measureDecode decodes data into a new value of typ with dec, once to warm
// it (compiled decoders, pools), then twice (after a collection each, if
// collect, so that CPU time is the decode's own), and returns the least of
// each cost, with the error of the last decode.
func measureDecode(dec func([]byte, any) error, data []byte, typ reflect.Type, collect bool) (decodeCost, error) {
	err := dec(data, reflect.New(typ).Interface())
	c := decodeCost{^uint64(0), ^uint64(0), 1<<63 - 1}
	for range 2 {
		if collect {
			runtime.GC()
		}
		start := testutil.CPUTime()
		by, al := testutil.Allocations(func() { err = dec(data, reflect.New(typ).Interface()) })
		c.cpu = min(c.cpu, testutil.CPUTime()-start)
		c.bytes, c.allocs = min(c.bytes, by), min(c.allocs, al)
	}
	return c, err
}

// viaDecoder decodes data as one value of a Decoder over it.
func viaDecoder(newDecoder func(*bytes.Reader) interface{ Decode(any) error }) func([]byte, any) error {
	return func(data []byte, v any) error { return newDecoder(bytes.NewReader(data)).Decode(v) }
}

// TestHostileBound holds every attack shape of internal/attack/shapes to the
// bound by input size: what safejson spends on the shape, by Unmarshal and
// by a Decoder, against the most encoding/json spends (the same way) on the
// costliest valid body of the same size for the same target type
// (testutil.CostlyBodies, measured at 64 KB, or the bodies' size if less,
// and taken per byte: each repeats one shape). Bytes and allocations are asserted within the bound (2×);
// CPU time is logged, and asserted with a generous factor (5× the bound)
// only in the full run, where it is steady enough. The verdict is
// encoding/json's on the same body, whose cost is logged too. Bodies are
// 128 KB in the full run (the default build, not testutil.Reduced), 16 KB
// when Reduced and in the builds with an engine tag (the same shapes through
// the engine a tag keeps: the default build runs them at full size).
func TestHostileBound(t *testing.T) {
	full := !testutil.Reduced() && !testutil.EngineTagged
	n, costlyLen := 128<<10, 64<<10
	if !full {
		n, costlyLen = 16<<10, 16<<10
	}
	routes := []struct {
		name      string
		safejson  func([]byte, any) error
		encodingJ func([]byte, any) error
	}{
		{"Unmarshal", safejson.Unmarshal, json.Unmarshal},
		{"Decoder",
			viaDecoder(func(r *bytes.Reader) interface{ Decode(any) error } { return safejson.NewDecoder(r) }),
			viaDecoder(func(r *bytes.Reader) interface{ Decode(any) error } { return json.NewDecoder(r) })},
	}
	type key struct {
		typ   reflect.Type
		route string
	}
	costliest := map[key]decodeCost{}
	most := func(typ reflect.Type, route string, dec func([]byte, any) error) decodeCost {
		k := key{typ, route}
		if c, ok := costliest[k]; ok {
			return c
		}
		var m decodeCost
		for _, b := range testutil.CostlyBodies(typ, costlyLen) {
			c, _ := measureDecode(dec, b.Data, typ, full) // refused or not, encoding/json's cost
			m.bytes, m.allocs, m.cpu = max(m.bytes, c.bytes), max(m.allocs, c.allocs), max(m.cpu, c.cpu)
		}
		costliest[k] = m
		return m
	}
	for _, s := range shapes.All() {
		data := s.Make(n)
		scale := float64(len(data)) / float64(costlyLen)
		for _, r := range routes {
			bound := most(s.Type, r.name, r.encodingJ)
			ours, err := measureDecode(r.safejson, data, s.Type, full)
			// encoding/json's cost on this body is logged, and asserted only
			// for the Long shapes: one uncollected run is enough for the others.
			var same decodeCost
			var stdErr error
			if s.Long {
				same, stdErr = measureDecode(r.encodingJ, data, s.Type, full)
			} else {
				start := testutil.CPUTime()
				same.bytes, same.allocs = testutil.Allocations(func() { stdErr = r.encodingJ(data, reflect.New(s.Type).Interface()) })
				same.cpu = testutil.CPUTime() - start
			}
			testutil.SameError(t, stdErr, err, "%s by %s: the verdict", s.Name, r.name)
			maxBytes, maxAllocs, maxCPU := scale*float64(bound.bytes), scale*float64(bound.allocs), scale*float64(bound.cpu)
			t.Logf("%-36s %-9s %7d bytes: safejson %.2f× bytes, %.2f× allocations, %.2f× CPU of encoding/json's costliest valid body (%.0f bytes, %.0f allocations, %.2f ms); on this body encoding/json %d bytes, %d allocations, %.2f ms",
				s.Name, r.name, len(data), float64(ours.bytes)/maxBytes, float64(ours.allocs)/maxAllocs, float64(ours.cpu)/maxCPU,
				maxBytes, maxAllocs, maxCPU/1e6, same.bytes, same.allocs, float64(same.cpu)/1e6)
			// 64 KB of slack: a pool refilled, a buffer's first growth.
			assert.LessOrEqual(t, float64(ours.bytes), 2*maxBytes+64<<10, "%s by %s: bytes allocated", s.Name, r.name)
			assert.LessOrEqual(t, float64(ours.allocs), 2*maxAllocs+100, "%s by %s: allocations", s.Name, r.name)
			if full {
				assert.LessOrEqual(t, float64(ours.cpu), 5*2*maxCPU+2e6, "%s by %s: CPU time", s.Name, r.name)
			}
			if s.Long && r.name == "Unmarshal" {
				// encoding/json alone: no engine parses the number first.
				assert.LessOrEqual(t, ours.bytes, same.bytes+4<<10, "%s by %s: bytes allocated, against encoding/json on the body", s.Name, r.name)
				assert.LessOrEqual(t, ours.allocs, same.allocs+4, "%s by %s: allocations, against encoding/json on the body", s.Name, r.name)
			}
		}
	}
}
