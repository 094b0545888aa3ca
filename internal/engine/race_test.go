package engine

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/options"
)

// freshValues returns n values of struct types made at run time, so that no
// engine has met them before: each has a unique field name, and fields of
// assorted kinds, nested structs, slices, maps and pointers.
func freshValues(t *testing.T, prefix string, n int) []any {
	r := rand.New(rand.NewPCG(uint64(n), 7))
	kinds := []reflect.Type{
		reflect.TypeFor[string](), reflect.TypeFor[int64](), reflect.TypeFor[float64](), reflect.TypeFor[bool](),
		reflect.TypeFor[[]string](), reflect.TypeFor[map[string]int](), reflect.TypeFor[*int](), reflect.TypeFor[any](),
		reflect.TypeFor[[]byte](), reflect.TypeFor[valueMarshaler](),
	}
	values := make([]any, n)
	for i := range values {
		inner := reflect.StructOf([]reflect.StructField{
			{Name: fmt.Sprintf("%sInner%d", prefix, i), Type: kinds[r.IntN(len(kinds))], Tag: `json:"inner,omitempty"`},
			{Name: "N", Type: reflect.TypeFor[int]()},
		})
		fields := []reflect.StructField{{Name: fmt.Sprintf("%sID%d", prefix, i), Type: reflect.TypeFor[int]()}}
		for j := range 1 + r.IntN(6) {
			ft := kinds[r.IntN(len(kinds))]
			switch r.IntN(4) {
			case 0:
				ft = inner
			case 1:
				ft = reflect.SliceOf(inner)
			case 2:
				ft = reflect.MapOf(reflect.TypeFor[string](), reflect.PointerTo(inner))
			}
			fields = append(fields, reflect.StructField{Name: fmt.Sprintf("F%d", j), Type: ft, Tag: reflect.StructTag(fmt.Sprintf(`json:"f%d"`, j))})
		}
		v := reflect.New(reflect.StructOf(fields)).Elem()
		fill(r, v, 3)
		values[i] = v.Addr().Interface()
	}
	require.Len(t, values, n)
	return values
}

// fill sets v, of a type freshValues makes, to random contents.
func fill(r *rand.Rand, v reflect.Value, depth int) {
	switch v.Kind() {
	case reflect.String:
		v.SetString(fmt.Sprintf("s<%d>\u2028\b", r.IntN(100)))
	case reflect.Int, reflect.Int64:
		v.SetInt(r.Int64N(1e6) - 5e5)
	case reflect.Float64:
		v.SetFloat(r.NormFloat64() * 1e6)
	case reflect.Bool:
		v.SetBool(r.IntN(2) == 0)
	case reflect.Pointer:
		if depth > 0 && r.IntN(3) > 0 {
			v.Set(reflect.New(v.Type().Elem()))
			fill(r, v.Elem(), depth-1)
		}
	case reflect.Slice:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			v.SetBytes([]byte{byte(r.IntN(256)), 1, 2})
			return
		}
		if depth > 0 {
			v.Set(reflect.MakeSlice(v.Type(), 2, 2))
			for i := range 2 {
				fill(r, v.Index(i), depth-1)
			}
		}
	case reflect.Map:
		if depth > 0 {
			v.Set(reflect.MakeMap(v.Type()))
			for i := range 3 {
				e := reflect.New(v.Type().Elem()).Elem()
				fill(r, e, depth-1)
				v.SetMapIndex(reflect.ValueOf(fmt.Sprintf("k%d", i)), e)
			}
		}
	case reflect.Interface:
		v.Set(reflect.ValueOf(r.IntN(10)))
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fill(r, v.Field(i), depth)
			}
		}
	}
}

// TestConcurrentFirstUse encodes values of types no engine has met from many
// goroutines at once (run it with -race): each engine compiles and caches
// each type while others use it.
func TestConcurrentFirstUse(t *testing.T) {
	const goroutines, types = 8, 48
	for _, e := range All() {
		values := freshValues(t, strings.ToUpper(e.Name()), types)
		want := make([]string, len(values))
		for i, v := range values {
			b, err := stdAppend(v, options.Output{})
			require.NoError(t, err)
			want[i] = string(b)
		}
		got := make([][]string, goroutines)
		var wg sync.WaitGroup
		for g := range goroutines {
			got[g] = make([]string, len(values))
			wg.Go(func() {
				// Each goroutine walks the types from its own starting point.
				for k := range values {
					i := (k + g*len(values)/goroutines) % len(values)
					b, err := e.Append(nil, values[i], options.Output{})
					if err != nil {
						got[g][i] = "error: " + err.Error()
						continue
					}
					got[g][i] = string(b)
				}
			})
		}
		wg.Wait()
		for g := range goroutines {
			for i := range values {
				assert.Equal(t, want[i], got[g][i], "%s goroutine %d type %d", e.Name(), g, i)
			}
		}
	}
}
