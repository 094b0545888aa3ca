package plan

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/benchdata"
	"github.com/safejson/safejson/internal/engine"
	"github.com/safejson/safejson/internal/options"
	"github.com/safejson/safejson/safe"
)

type planLeaf struct {
	A int    `json:"a"`
	B string `json:"b"`
}

type planList struct {
	V    int
	Next *planList
}

type planA struct{ B *planB }
type planB struct{ A []planA }

type planFunc struct {
	Name string
	F    func()
}

type planHiddenFunc struct {
	Name string
	F    func() `json:"-"`
	f    func()
}

type planChanMapVal struct{ M map[string]chan int }

type planBoolKey struct{ M map[bool]int }

type planTextKey int

func (planTextKey) MarshalText() ([]byte, error) { return []byte("k"), nil }

type planStringOpt struct {
	S string `json:"s,string"`
	N int    `json:"n,string"`
}

type planMarshaler struct{ Inner *planList }

func (planMarshaler) MarshalJSON() ([]byte, error) { return []byte(`1`), nil }

type planPtrMarshaler struct{ X int }

func (*planPtrMarshaler) MarshalJSON() ([]byte, error) { return []byte(`1`), nil }

type planEmbed struct {
	planLeaf
	Extra float32 `json:",omitzero"`
}

type planIface struct{ Any any }

func TestFeatures(t *testing.T) {
	cases := []struct {
		v       any
		has     features
		lacks   features
		depth   int
		scanned bool
	}{
		{v: 1, lacks: ^features(0)},
		{v: "s", lacks: ^features(0)},
		{v: 1.5, has: featFloat, lacks: featFloat32},
		{v: float32(1), has: featFloat | featFloat32},
		{v: planLeaf{}, lacks: ^features(0), depth: 1},
		{v: []planLeaf{}, lacks: ^features(0), depth: 2},
		{v: map[string][]int{}, has: featMap, depth: 2},
		{v: []byte("x"), lacks: ^features(0), depth: 0},
		{v: [2]byte{}, has: featByteArray, depth: 1},
		{v: &planList{}, has: featRecursive, lacks: featDynamic, scanned: true},
		{v: []planA{}, has: featRecursive, scanned: true},
		{v: planFunc{}, has: featUnsupported, depth: 1},
		{v: planHiddenFunc{f: func() {}}, lacks: featUnsupported, depth: 1},
		{v: planChanMapVal{}, has: featUnsupported | featMap, depth: 2},
		{v: planBoolKey{}, has: featBadMapKey, depth: 2},
		{v: map[planTextKey]int{}, has: featTextMarshaler, lacks: featBadMapKey, depth: 1},
		{v: planStringOpt{}, has: featStringOpt | featStringOptString, depth: 1},
		{v: planMarshaler{}, has: featMarshaler, lacks: featRecursive, depth: 0},
		{v: planPtrMarshaler{}, has: featMarshaler | featPtrMarshaler, depth: 1},
		// depth is an upper bound: an embedded struct is counted as a level
		// although its fields are promoted.
		{v: planEmbed{}, has: featEmbedded | featOmitZero | featFloat32, depth: 2},
		{v: planIface{}, has: featDynamic, scanned: true},
		{v: map[string]any{}, has: featDynamic | featMap, scanned: true},
		{v: json.RawMessage(`1`), has: featRawMessage, lacks: featMarshaler},
		{v: json.Number("1"), has: featNumber},
		{v: time.Time{}, lacks: ^features(0)},
		{v: unsafe.Pointer(nil), has: featUnsupported},
		{v: complex(1, 2), has: featUnsupported},
		{v: benchdata.Items(1), has: featFloat, lacks: featRecursive | featDynamic, depth: 3},
		{v: benchdata.ItemsWithSelf(1), has: featRecursive, scanned: true},
		{v: struct {
			A int `json:"a_b-C9,omitempty"`
			B int `json:",string"`
		}{}, has: featStringOpt, lacks: featOddTagName, depth: 1},
		{v: struct {
			A int `json:"a b"`
		}{}, has: featOddTagName, depth: 1},
		{v: []struct {
			A int `json:"é"`
		}{}, has: featOddTagName, depth: 2},
	}
	for _, c := range cases {
		ti := infoOf(reflect.TypeOf(c.v))
		name := reflect.TypeOf(c.v).String()
		assert.Equal(t, c.has, ti.feat&c.has, "%s: features %b", name, ti.feat)
		assert.Zero(t, ti.feat&c.lacks&^c.has, "%s: features %b", name, ti.feat)
		assert.Equal(t, c.scanned, ti.scan != nil, "%s: scanned", name)
		if !c.scanned {
			assert.Equal(t, c.depth, ti.depth, "%s: depth", name)
		}
	}
}

func TestScanFindsCycles(t *testing.T) {
	selfList := &planList{V: 1}
	selfList.Next = selfList
	twoCycle := &planList{V: 1, Next: &planList{V: 2}}
	twoCycle.Next.Next = twoCycle
	shared := &planList{V: 9}
	selfSlice := []any{1, nil}
	selfSlice[1] = selfSlice
	mutualA := []planA{{}}
	mutualA[0].B = &planB{A: mutualA}
	deepButFine := benchdata.DeepStruct(EngineDepthLimit - 1)
	ring := func(n int) *planList {
		first := &planList{V: 0}
		last := first
		for i := 1; i < n; i++ {
			last.Next = &planList{V: i}
			last = last.Next
		}
		last.Next = first
		return first
	}

	cases := []struct {
		name string
		v    any
		ok   bool
	}{
		{"plain list", &planList{V: 1, Next: &planList{V: 2}}, true},
		{"self list", selfList, false},
		{"two-node cycle", twoCycle, false},
		{"shared, not ancestor", []*planList{shared, shared}, true},
		{"self map", benchdata.SelfMap(), false},
		{"self slice", selfSlice, false},
		{"mutual through slice", mutualA, false},
		{"decoded json", benchdata.Maps(20), true},
		{"one self item", benchdata.ItemsWithSelf(20), false},
		{"interface holding cycle", planIface{Any: selfList}, false},
		{"interface holding func struct", planIface{Any: planFunc{}}, false},
		{"interface holding plain struct", planIface{Any: planLeaf{}}, true},
		{"deep map beyond limit", benchdata.DeepMap(EngineDepthLimit + 1), false},
		{"deep struct within limit", deepButFine, true},
		{"deep struct beyond limit", benchdata.DeepStruct(EngineDepthLimit + 1), false},
		{"ring of 17 (beyond the recent ancestors)", ring(17), false},
		{"ring of 300", ring(300), false},
		{"ring of 5000 (found by the depth limit)", ring(5000), false},
		{"tail of 700, then a ring of 40", &planList{V: -1, Next: func() *planList {
			tail := &planList{V: -2}
			cur := tail
			for i := 0; i < 700; i++ {
				cur.Next = &planList{V: i}
				cur = cur.Next
			}
			cur.Next = ring(40)
			return tail
		}()}, false},
	}
	for _, c := range cases {
		ti := infoOf(reflect.TypeOf(c.v))
		if assert.NotNil(t, ti.scan, c.name) {
			assert.Equal(t, c.ok, scanValue(c.v, ti, EngineDepthLimit, featUnsupported|featBadMapKey), c.name)
		}
	}
}

type planArrayElem struct{ X int }

func (*planArrayElem) MarshalText() ([]byte, error) { return []byte("m"), nil }

func TestEveryQuirkIsHandled(t *testing.T) {
	for _, e := range engine.All() {
		assert.Zero(t, e.Quirks()&^knownQuirks, "%s reports quirks the planner does not handle: %v", e.Name(), e.Quirks()&^knownQuirks)
	}
}

func TestQuirksRouteAround(t *testing.T) {
	triggers := []struct {
		quirk engine.Quirks
		v     any
	}{
		{engine.QuirkStringOption, planStringOpt{S: "<"}},
		{engine.QuirkMarshalerOutput, planMarshaler{}},
		{engine.QuirkMarshalerOutput, []json.RawMessage{json.RawMessage(`1`)}},
		{engine.QuirkMarshalerOutput, planIface{Any: planMarshaler{}}},
		{engine.QuirkNegativeZero, 1.5},
		{engine.QuirkArrayMethods, [2]planArrayElem{}},
		{engine.QuirkNestedTypeCompile, [][][][][][][]int{}},
		{engine.QuirkOmitEmptyNegativeZero, struct {
			F float64 `json:",omitempty"`
		}{}},
		{engine.QuirkEmbeddedPointerMethods, struct{ *planPtrMarshaler }{}},
		{engine.QuirkStickyPointerMethods, planIface{Any: planPtrMarshaler{}}},
		{engine.QuirkMarshalerInterfacePointer, struct{ M *json.Marshaler }{}},
		{engine.QuirkDoublePointerMethods, struct{ P **planPtrMarshaler }{}},
		{engine.QuirkTagName, struct {
			//lint:ignore SA5008 a quote in the name, on purpose (QuirkTagName)
			A int `json:"a\"b"`
		}{}},
	}
	for _, e := range engine.All() {
		for _, tr := range triggers {
			got, _ := route(normalised(e), tr.v)
			if e.Quirks().Has(tr.quirk) {
				assert.Nil(t, got, "%s has %v: %T must not go to it", e.Name(), tr.quirk, tr.v)
			}
			if e.Quirks() == 0 {
				assert.NotNil(t, got, "%s has no quirk: %T may go to it", e.Name(), tr.v)
			}
		}
	}
	// With no engine named, a type the default engine writes wrongly goes to
	// another compiled-in engine that writes it right, if there is one.
	for _, tr := range triggers {
		got, _ := route(normalised(nil), tr.v)
		if got != nil {
			assert.False(t, got.Quirks().Has(tr.quirk), "%T went to %s", tr.v, got.Name())
		}
	}
}

type (
	planRecSlice []planRecSlice
	planRecMap   map[string]planRecMap
	planRecPtr   *planRecPtr
)

func TestSelfElementTypes(t *testing.T) {
	self := planRecSlice{nil, nil}
	self[1] = self
	for _, v := range []any{planRecSlice{planRecSlice{}}, planRecMap{"a": planRecMap{}}, planRecPtr(nil), self} {
		ti := infoOf(reflect.TypeOf(v))
		assert.NotZero(t, ti.feat&featRecursive, "%T", v)
		assert.NotZero(t, ti.feat&featDeepTypeNest, "%T: its type nests without end", v)
	}
	got, err := safe.Marshal(self)
	require.NoError(t, err)
	assert.Equal(t, `[null,null]`, string(got))
}

// normalised returns the default options naming engine e (nil: none).
func normalised(e engine.Engine) *options.Options {
	o := options.Options{Engine: e}
	if err := o.Normalize(); err != nil {
		panic(err)
	}
	return &o
}
