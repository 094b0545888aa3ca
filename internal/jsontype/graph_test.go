package jsontype

import (
	"encoding/json"
	"math/big"
	"reflect"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/flavor"
)

type tnode struct {
	Name string
	Kids []*tnode
}

type wrapper struct{ N *tnode }

type flat struct {
	A int
	B []string
	C map[string][2]int
}

type holder struct{ X any }

type methodHolder struct {
	M json.Marshaler
	N *methodHolder
}

type valLeaf struct{ Self *valLeaf }

func (valLeaf) MarshalJSON() ([]byte, error) { return []byte(`1`), nil }

type ptrLeaf struct{ Self *ptrLeaf }

func (*ptrLeaf) MarshalText() ([]byte, error) { return []byte(`p`), nil }

type hidden struct {
	self *hidden
	Skip *hidden `json:"-"`
	N    int
}

type selfPtr *selfPtr

type mutualA struct{ B *mutualB }
type mutualB struct{ A []mutualA }

// roOuter is not a Leaf: the MarshalJSON of its two embedded types hide
// each other, neither is promoted.
type roOuter struct {
	*roInner `json:"r"`
	*roOther `json:"o"`
}

type roOther struct{}

func (*roOther) MarshalJSON() ([]byte, error) { return []byte(`2`), nil }

type roInner struct{ X *roOuter }

func (*roInner) MarshalJSON() ([]byte, error) { return []byte(`1`), nil }

type ptrZero struct{}

func (*ptrZero) IsZero() bool { return true }

type byteText byte

func (*byteText) MarshalText() ([]byte, error) { return []byte(`b`), nil }

type keyText struct{ N int }

func (keyText) MarshalText() ([]byte, error) { return []byte(`k`), nil }

type stringText string

func (stringText) MarshalText() ([]byte, error) { return []byte(`k`), nil }

// The unexported fields are read by reflect only.
var _, _ = hidden{}.self, roOuter{}.roOther

func of[T any]() *Info { return Of(reflect.TypeFor[T]()) }

// TestRecursion checks the facts of the strongly connected components pass.
func TestRecursion(t *testing.T) {
	for _, c := range []struct {
		info                                 *Info
		cyclic, recursive, dynamic, mayCycle bool
	}{
		{of[*tnode](), true, true, false, true},
		{of[tnode](), true, true, false, true},
		{of[[]*tnode](), true, true, false, true},
		{of[*wrapper](), false, true, false, false},
		{of[*flat](), false, false, false, false},
		{of[map[string]*flat](), false, false, false, false},
		{of[*holder](), false, false, true, true},
		{of[[]any](), false, false, true, true},
		{of[map[string]any](), false, false, true, true},
		{of[*methodHolder](), true, true, true, true},
		{of[[]json.Marshaler](), false, false, true, false},
		{of[*valLeaf](), false, false, false, false},
		{of[*ptrLeaf](), false, false, false, false},
		{of[ptrLeaf](), false, false, false, false},
		{of[*hidden](), false, false, false, false},
		{of[selfPtr](), true, true, false, true},
		{of[*mutualA](), false, true, false, false}, // nothing points to a *mutualA
		{of[[]mutualA](), true, true, false, true},
		{of[*roOuter](), true, true, false, true},
		{ReadOnly(reflect.TypeFor[*roInner]()), true, true, false, true},
		{of[*roInner](), false, false, false, false},
		{of[[]byte](), false, false, false, false},
	} {
		i := c.info
		name := i.Type.String()
		if i.ReadOnly {
			name = "ReadOnly " + name
		}
		assert.Equal(t, c.cyclic, i.Comp.Cyclic, "%s: cyclic", name)
		assert.Equal(t, c.recursive, i.Recursive(), "%s: recursive", name)
		assert.Equal(t, c.dynamic, i.Dynamic(), "%s: dynamic", name)
		assert.Equal(t, c.mayCycle, i.MayCycle(), "%s: may cycle", name)
		assert.Contains(t, i.Comp.Types, i, "%s: its component", name)
	}

	// mutualA and mutualB share a component, with *mutualB and []mutualA.
	a, b := of[mutualA](), of[mutualB]()
	assert.Same(t, a.Comp, b.Comp)
	assert.Len(t, a.Comp.Types, 4)
	// wrapper's component is itself; tnode's comes after it.
	w := of[wrapper]()
	assert.Equal(t, []*Info{w}, w.Comp.Types)
	require.Len(t, w.Comp.Succ, 1)
	assert.Same(t, of[*tnode]().Comp, w.Comp.Succ[0])
}

// TestDepth checks the JSON nesting of types that are neither recursive nor
// dynamic.
func TestDepth(t *testing.T) {
	assert.Equal(t, 0, of[int]().Depth)
	assert.Equal(t, 0, of[[]byte]().Depth)
	assert.Equal(t, 0, of[*valLeaf]().Depth)
	assert.Equal(t, 1, of[[]int]().Depth)
	assert.Equal(t, 3, of[flat]().Depth) // {"C":{"k":[1,2]}}
	assert.Equal(t, 4, of[*map[string]*flat]().Depth)
	assert.Equal(t, 1, of[struct{ T time.Time }]().Depth)
}

// TestMethods checks receivers, leaves and special types.
func TestMethods(t *testing.T) {
	v, p := of[valLeaf](), of[ptrLeaf]()
	assert.Equal(t, ValueMethod, v.JSON)
	assert.True(t, v.Leaf)
	assert.Nil(t, v.Children)
	assert.True(t, v.AddrJSON())
	assert.Equal(t, PointerMethod, p.Text)
	assert.Equal(t, NoMethod, p.JSON)
	assert.False(t, p.Leaf)
	assert.True(t, p.AddrText())
	assert.True(t, p.MarshalMethods())
	pp := of[*ptrLeaf]()
	assert.Equal(t, ValueMethod, pp.Text)
	assert.True(t, pp.Leaf)
	assert.False(t, pp.AddrText(), "a pointer is not called through its address")

	m := of[json.Marshaler]()
	assert.True(t, m.MethodInterface)
	assert.False(t, m.Leaf)
	assert.False(t, m.AddrJSON())
	assert.False(t, of[any]().MethodInterface)

	assert.False(t, of[roOuter]().Leaf)
	for _, m := range of[roOuter]().Members {
		assert.True(t, m.HiddenMethods, "%s", m.GoName)
		assert.True(t, m.ReadOnly, "%s", m.GoName)
	}
	for _, m := range of[embeddedPointers]().Members {
		assert.False(t, m.HiddenMethods, "%s", m.GoName)
	}
	ro := ReadOnly(reflect.TypeFor[*roInner]())
	assert.Equal(t, NoMethod, ro.JSON)
	assert.False(t, ro.Leaf)
	require.Len(t, ro.Children, 1)
	assert.True(t, ro.Children[0].ReadOnly)
	assert.Same(t, ReadOnly(reflect.TypeFor[roInner]()), ro.Children[0])

	assert.Equal(t, RawMessage, of[json.RawMessage]().Special)
	assert.Equal(t, Number, of[json.Number]().Special)
	for _, i := range []*Info{of[time.Time](), of[*time.Time](), of[big.Int](), of[*big.Float]()} {
		assert.Equal(t, StdMarshaler, i.Special, "%s", i.Type)
	}
	assert.Equal(t, NotSpecial, of[valLeaf]().Special)
	assert.True(t, of[time.Time]().Unmarshaler)
	assert.Equal(t, ValueMethod, of[time.Time]().Zero)
	assert.Equal(t, PointerMethod, of[ptrZero]().Zero)
	assert.Equal(t, ValueMethod, of[*ptrZero]().Zero)
	assert.Equal(t, NoMethod, of[valLeaf]().Zero)
	assert.False(t, of[valLeaf]().Unmarshaler)
}

// TestBytes checks the base64 rule and its exception.
func TestBytes(t *testing.T) {
	assert.True(t, of[[]byte]().Base64)
	assert.True(t, of[json.RawMessage]().Base64) // by kind; Special comes first
	assert.False(t, of[[4]byte]().Base64)
	assert.True(t, of[[4]byte]().ByteElems)
	assert.False(t, of[[]byteText]().Base64)
	assert.True(t, of[[]byteText]().Opens)
	assert.False(t, of[[]byte]().Opens)
	for _, x := range []any{[]byte{1, 2}, []byteText{1}, [2]byte{1, 2}} {
		b, err := json.Marshal(x)
		require.NoError(t, err)
		assert.Equal(t, Of(reflect.TypeOf(x)).Base64, b[0] == '"', "%T: %s", x, b)
	}
}

// TestKeys checks map key classes against what encoding/json accepts.
func TestKeys(t *testing.T) {
	for _, c := range []struct {
		m    any
		want KeyClass
	}{
		{map[string]int{"a": 1}, KeyString},
		{map[stringText]int{"a": 1}, KeyString},
		{map[keyText]int{{1}: 1}, KeyText},
		{map[int8]int{1: 1}, KeyInt},
		{map[uintptr]int{1: 1}, KeyUint},
		{map[float64]int{1: 1}, KeyOther},
		{map[[1]int]int{{1}: 1}, KeyOther},
		{map[bool]int{true: 1}, KeyOther},
	} {
		typ := reflect.TypeOf(c.m)
		i := Of(typ)
		assert.Equal(t, c.want, i.Key, "%s", typ)
		_, err := json.Marshal(c.m)
		if !flavor.MapKeysByValue {
			assert.Equal(t, i.Key.Writable(), err == nil, "%s: %v", typ, err)
		}
		require.Len(t, i.Children, 2)
		assert.Equal(t, typ.Key(), i.Children[0].Type)
	}
	assert.Equal(t, KeyNone, of[[]int]().Key)
	assert.False(t, KeyNone.Writable())
}

// TestNestAndDynamicRoot checks the type nest count and the shapes of
// decoded JSON.
func TestNestAndDynamicRoot(t *testing.T) {
	assert.Equal(t, 0, of[int]().Nest)
	assert.Equal(t, 4, of[map[string][]*[]int]().Nest)
	assert.Equal(t, MaxNest, of[selfPtr]().Nest)
	for _, i := range []*Info{of[any](), of[[]any](), of[*[]map[string]any](), of[[2]json.Marshaler]()} {
		assert.True(t, i.DynamicRoot, "%s", i.Type)
	}
	for _, i := range []*Info{of[int](), of[holder](), of[[]byte](), of[*valLeaf](), of[selfPtr]()} {
		assert.False(t, i.DynamicRoot, "%s", i.Type)
	}
}

// TestConcurrentFirstUse analyses, from many goroutines at once, struct
// types none has met, sharing recursive types, and checks that every
// goroutine gets the one published Info, complete. Run with -race.
func TestConcurrentFirstUse(t *testing.T) {
	const goroutines, types = 8, 30
	fresh := make([]reflect.Type, types)
	for i := range fresh {
		fresh[i] = reflect.StructOf([]reflect.StructField{
			{Name: "N" + strconv.Itoa(i), Type: reflect.TypeFor[*tnode]()},
			{Name: "M", Type: reflect.MapOf(reflect.TypeFor[string](), reflect.SliceOf(reflect.TypeFor[mutualA]()))},
			{Name: "F", Type: reflect.TypeFor[flat](), Tag: `json:"f,omitempty"`},
		})
	}
	got := make([][]*Info, goroutines)
	var wg sync.WaitGroup
	for g := range goroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range types {
				got[g] = append(got[g], Of(fresh[(j+g)%types]))
			}
		}()
	}
	wg.Wait()
	for g := range goroutines {
		for j, i := range got[g] {
			typ := fresh[(j+g)%types]
			require.Same(t, Of(typ), i, "goroutine %d, %s", g, typ)
			assert.True(t, i.Recursive())
			assert.False(t, i.Comp.Cyclic)
			require.Len(t, i.Children, 3)
			assert.True(t, i.Children[0].MayCycle())
			assert.True(t, i.Children[1].Recursive())
			assert.Equal(t, 3, i.Children[2].Depth)
			assert.Equal(t, []string{typ.Field(0).Name, "M", "f"}, []string{i.Fields[0].Name, i.Fields[1].Name, i.Fields[2].Name})
		}
	}
}
