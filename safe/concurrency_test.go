package safe_test

import (
	"encoding/json"
	"reflect"
	"strconv"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/benchdata"
	"github.com/safejson/safejson/safe"
)

// freshTypes returns n struct types never encoded before, each with a field
// of a shared recursive type and one of a type of its own, and a value of each.
func freshTypes(seed, n int) []any {
	type rec struct {
		Name string `json:"name"`
		Kids []*rec `json:"kids,omitempty"`
	}
	out := make([]any, n)
	for i := range out {
		own := reflect.StructOf([]reflect.StructField{{
			Name: "V" + strconv.Itoa(seed+1) + "_" + strconv.Itoa(i),
			Type: reflect.TypeFor[map[string][]float64](),
			Tag:  `json:"v,omitempty"`,
		}})
		t := reflect.StructOf([]reflect.StructField{
			{Name: "Own", Type: own, Tag: reflect.StructTag(`json:"own` + strconv.Itoa(i) + `"`)},
			{Name: "Rec", Type: reflect.TypeFor[*rec]()},
			{Name: "Items", Type: reflect.TypeFor[[]benchdata.Item]()},
		})
		v := reflect.New(t).Elem()
		v.Field(0).Field(0).Set(reflect.ValueOf(map[string][]float64{"x": {float64(i), 0.5}}))
		v.Field(1).Set(reflect.ValueOf(&rec{Name: "r", Kids: []*rec{{Name: strconv.Itoa(i)}}}))
		v.Field(2).Set(reflect.ValueOf(benchdata.Items(2)))
		out[i] = v.Interface()
	}
	return out
}

// TestConcurrentFirstUse encodes, from many goroutines at once, values of
// types none of them has met (the encoder cache is built concurrently) and
// shared ones, and compares each result with encoding/json. Run with -race.
func TestConcurrentFirstUse(t *testing.T) {
	const goroutines, perGoroutine = 16, 20
	shared := freshTypes(-1, perGoroutine)
	var wg sync.WaitGroup
	errs := make(chan string, goroutines*perGoroutine*2)
	for g := range goroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			values := append(freshTypes(g, perGoroutine), shared...)
			for _, v := range values {
				want, err := json.Marshal(v)
				if err != nil {
					errs <- err.Error()
					continue
				}
				got, err := safe.Options{MaxBreadth: 0, Circular: safe.CircularError}.Marshal(v)
				if err != nil || string(got) != string(want) {
					errs <- "different: " + string(got) + " vs " + string(want)
				}
				ind, err := safe.MarshalIndent(v, "", " ")
				wantInd, _ := json.MarshalIndent(v, "", " ")
				if err != nil || string(ind) != string(wantInd) {
					errs <- "different indented: " + string(ind)
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		require.Fail(t, e)
	}
}

// TestConcurrentSharedValue encodes one cyclic value from many goroutines
// with different options: the states do not mix.
func TestConcurrentSharedValue(t *testing.T) {
	c := newCyclic()
	wantOmit, err := safe.Marshal(c)
	require.NoError(t, err)
	wantPlace, err := safe.Options{Circular: safe.CircularPlaceholder, Indent: "\t"}.Marshal(c)
	require.NoError(t, err)
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 200 {
				if g%2 == 0 {
					got, err := safe.Marshal(c)
					assert.NoError(t, err)
					assert.Equal(t, string(wantOmit), string(got))
				} else {
					got, err := safe.Options{Circular: safe.CircularPlaceholder, Indent: "\t"}.Marshal(c)
					assert.NoError(t, err)
					assert.Equal(t, string(wantPlace), string(got))
				}
			}
		}()
	}
	wg.Wait()
}
