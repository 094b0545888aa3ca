package plan_test

import (
	"encoding/binary"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"

	benchcorpus "github.com/safejson/safejson/bench/corpus"
	"github.com/safejson/safejson/internal/benchdata"
	"github.com/safejson/safejson/internal/corpus"
	"github.com/safejson/safejson/internal/plan"
	"github.com/safejson/safejson/internal/randtype"
)

// TestPortSameFeatures: the planner's features, depth, dynamic root and scan
// plans are the same computed by its own walk (before the port) and from
// jsontype, over the conformance corpus, random types, and the bench's.
func TestPortSameFeatures(t *testing.T) {
	var types []reflect.Type
	for _, c := range corpus.Cases() {
		if c.Value != nil {
			types = append(types, dynamicTypes(reflect.ValueOf(c.Value))...)
		}
	}
	nConf := len(types)
	var data [8]byte
	for i := range 4000 {
		binary.LittleEndian.PutUint64(data[:], uint64(i)*0x9E3779B97F4A7C15)
		s := randtype.Config{}.Generate(data[:])
		types = append(types, s.Type)
		if s.Value != nil {
			types = append(types, dynamicTypes(reflect.ValueOf(s.Value))...)
		}
	}
	nRand := len(types) - nConf
	for _, f := range benchcorpus.Files() {
		types = append(types, reflect.TypeOf(f.New()))
	}
	for _, v := range []any{benchdata.Items(1), benchdata.Maps(1), benchdata.ItemsWithNaN(1), benchdata.ItemsWithFunc(1),
		benchdata.ItemsWithSelf(1), benchdata.SelfMap(), benchdata.DeepStruct(3), benchdata.DeepMap(3)} {
		types = append(types, dynamicTypes(reflect.ValueOf(v))...)
	}
	types = append(types, reflect.TypeFor[portReadOnly](), reflect.TypeFor[portReadOnlyPtr](), reflect.TypeFor[portReadOnlyPlain](), reflect.TypeFor[portReadOnlyPtrPtr]())
	t.Logf("%d types: %d conformance, %d random, %d bench", len(types), nConf, nRand, len(types)-nConf-nRand)
	diffs := map[string]bool{}
	for _, typ := range types {
		for _, d := range plan.PortDiff(typ) {
			diffs[d] = true
		}
	}
	t.Logf("%d read-only infos compared; accepted: %q", plan.PortReadOnly, plan.PortReadOnlyDiffs)
	for d := range diffs {
		t.Log(d)
	}
	assert.Empty(t, diffs)
}

// dynamicTypes returns v's type and the types of the values its interfaces
// hold, down to a bounded depth.
func dynamicTypes(v reflect.Value) []reflect.Type {
	var out []reflect.Type
	seen := map[uintptr]bool{}
	budget := 5000
	var walk func(v reflect.Value, depth int)
	walk = func(v reflect.Value, depth int) {
		if budget--; !v.IsValid() || depth > 40 || budget < 0 {
			return
		}
		switch v.Kind() {
		case reflect.Interface:
			if !v.IsNil() {
				out = append(out, v.Elem().Type())
				walk(v.Elem(), depth+1)
			}
		case reflect.Pointer, reflect.Map, reflect.Slice:
			if v.IsNil() || v.Kind() != reflect.Slice && seen[v.Pointer()] {
				return
			}
			if v.Kind() != reflect.Slice {
				seen[v.Pointer()] = true
			}
			switch v.Kind() {
			case reflect.Pointer:
				walk(v.Elem(), depth+1)
			case reflect.Map:
				for it := v.MapRange(); it.Next(); {
					walk(it.Value(), depth+1)
				}
			default:
				for i := range min(v.Len(), 8) {
					walk(v.Index(i), depth+1)
				}
			}
		case reflect.Array:
			for i := range min(v.Len(), 8) {
				walk(v.Index(i), depth+1)
			}
		case reflect.Struct:
			for i := range v.NumField() {
				walk(v.Field(i), depth+1)
			}
		}
	}
	out = append(out, v.Type())
	walk(v, 0)
	return out
}

type portInner struct{ X []int }

func (portInner) MarshalJSON() ([]byte, error) { return []byte("1"), nil }

type portPtrInner struct{ X []int }

func (*portPtrInner) MarshalText() ([]byte, error) { return []byte("1"), nil }

type portPlainInner struct{ X []int }

// Unexported embedded structs named by their tag: encoding/json writes them
// by their kind.
type (
	portReadOnly struct {
		portInner `json:"inner"`
	}
	portReadOnlyPtr struct {
		portPtrInner `json:"inner"`
	}
	portReadOnlyPtrPtr struct {
		*portPlainInner `json:"inner"`
	}
	portReadOnlyPlain struct {
		portPlainInner `json:"inner"`
	}
)
