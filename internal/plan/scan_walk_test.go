package plan

import (
	"math/rand/v2"
	"reflect"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/benchdata"
	"github.com/safejson/safejson/internal/testutil"
	"github.com/safejson/safejson/safe"
)

// TestDirectIface: directIface on types whose layout every Go release agrees
// on, and a cycle found through an interface holding a pointer-shaped struct
// (walked from the data word itself) and one holding a larger struct.
func TestDirectIface(t *testing.T) {
	for typ, want := range map[reflect.Type]bool{
		reflect.TypeFor[*int]():                       true,
		reflect.TypeFor[map[string]int]():             true,
		reflect.TypeFor[chan int]():                   true,
		reflect.TypeFor[func()]():                     true,
		reflect.TypeFor[unsafe.Pointer]():             true,
		reflect.TypeFor[struct{ P *int }]():           true,
		reflect.TypeFor[[1]*int]():                    true,
		reflect.TypeFor[struct{ A [1]map[int]int }](): true,
		reflect.TypeFor[int]():                        false,
		reflect.TypeFor[string]():                     false,
		reflect.TypeFor[[]int]():                      false,
		reflect.TypeFor[struct{ P, Q *int }]():        false,
		reflect.TypeFor[[2]*int]():                    false,
		reflect.TypeFor[struct{}]():                   false,
		reflect.TypeFor[struct{ X any }]():            false,
		reflect.TypeFor[planList]():                   false,
	} {
		assert.Equal(t, want, directIface(typ), "%v", typ)
	}
	type one struct {
		_ struct{}
		P *gNode
	}
	type two struct {
		P *gNode
		N int
	}
	a, b := &gNode{}, &gNode{}
	a.Any, b.Any = one{P: a}, two{P: b}
	for _, v := range []any{a, b, []any{one{P: a}}} {
		_, err := safe.Options{Strict: true}.Marshal(v)
		require.Error(t, err)
		assert.False(t, scanValue(v, infoOf(reflect.TypeOf(v)), EngineDepthLimit, 0), "%T", v)
	}
	a.Any, b.Any = one{P: &gNode{}}, two{P: &gNode{}}
	for _, v := range []any{a, b} {
		assert.True(t, scanValue(v, infoOf(reflect.TypeOf(v)), EngineDepthLimit, 0), "%T", v)
	}
}

// Types of the random graphs below: a cycle can go through a slice of
// structs, a sub-slice of one, a map of structs, an interface, a pointer and
// an embedded pointer.
type gNode struct {
	ID   int
	Kids []gNode
	M    map[string]gNode
	P    *gNode
	Any  any
	*gEmb
}

type gEmb struct {
	Back  *gNode
	Nodes []*gNode
	Ifs   map[int]gIface
}

// gIface is an interface with methods, held in a map of gEmb.
type gIface interface{ Self() }

func (*gNode) Self() {}

// randomScanGraph returns a random value of backing arrays of gNode linked
// through every kind of reference gNode has, with or without cycles.
func randomScanGraph(r *rand.Rand) *gNode {
	arrays := make([][]gNode, 1+r.IntN(3))
	for i := range arrays {
		arrays[i] = make([]gNode, 1+r.IntN(3))
		for j := range arrays[i] {
			arrays[i][j].ID = 10*i + j
		}
	}
	node := func() *gNode { a := arrays[r.IntN(len(arrays))]; return &a[r.IntN(len(a))] }
	sub := func() []gNode {
		a := arrays[r.IntN(len(arrays))]
		lo := r.IntN(len(a))
		return a[lo : lo+r.IntN(len(a)-lo+1)]
	}
	// Links are made in passes: a map value or embedded struct copied in an
	// early pass holds the references made before it.
	for range 2 {
		for _, a := range arrays {
			for j := range a {
				n := &a[j]
				if r.IntN(4) == 0 {
					n.Kids = sub()
				}
				if r.IntN(5) == 0 {
					n.P = node()
				}
				switch r.IntN(8) {
				case 0:
					n.Any = node()
				case 1:
					n.Any = sub()
				case 2:
					n.Any = *node() // a copy: its references, not itself
				}
				if r.IntN(6) == 0 {
					n.M = map[string]gNode{"a": *node(), "b": {ID: -1, P: node()}}
				}
				if r.IntN(6) == 0 {
					e := &gEmb{}
					switch r.IntN(3) {
					case 0:
						e.Back = node()
					case 1:
						e.Nodes = []*gNode{node(), nil, node()}
					default:
						e.Ifs = map[int]gIface{1: node(), 2: nil}
					}
					n.gEmb = e
				}
			}
		}
	}
	return node()
}

// TestScanRandomGraphs: the pre-scan finds a cycle exactly where the
// reference encoder (the oracle: under Strict a cycle is an error) finds one.
func TestScanRandomGraphs(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	ti := infoOf(reflect.TypeFor[*gNode]())
	require.NotNil(t, ti.scan)
	cyclic, acyclic := 0, 0
	for i := range 1500 {
		v := randomScanGraph(r)
		_, err := safe.Options{Strict: true}.Marshal(v)
		ok := scanValue(v, ti, EngineDepthLimit, 0)
		if !assert.Equal(t, err == nil, ok, "graph %d: safe says %v", i, err) {
			break
		}
		if ok {
			acyclic++
		} else {
			cyclic++
		}
	}
	t.Logf("%d cyclic, %d acyclic", cyclic, acyclic)
	assert.Greater(t, cyclic, 200)
	assert.Greater(t, acyclic, 200)
}

// TestScanCycleShapes: one cycle of each shape the walk reads differently.
func TestScanCycleShapes(t *testing.T) {
	slice := make([]gNode, 2)
	slice[1].Kids = slice // through a slice of structs
	subSlice := make([]gNode, 3)
	subSlice[0].Kids = subSlice[1:]
	subSlice[2].Kids = subSlice[:1] // through two sub-slices of one array
	notCycle := make([]gNode, 3)
	notCycle[0].Kids = notCycle[1:] // a later part of the array: no cycle
	mapOf := &gNode{}
	mapOf.M = map[string]gNode{"x": {P: mapOf}} // through a map of structs
	iface := &gNode{}
	iface.Any = iface // through an interface
	emb := &gNode{}
	emb.gEmb = &gEmb{Back: emb} // through an embedded pointer
	embMap := &gNode{}
	embMap.gEmb = &gEmb{Ifs: map[int]gIface{7: embMap}} // a non-empty interface in a map
	arr := &struct{ A [3]*gNode }{}
	arr.A[2] = &gNode{}
	arr.A[2].P = arr.A[2] // through an array
	for _, c := range []struct {
		name string
		v    any
		ok   bool
	}{
		{"slice of structs", &slice[0], true},
		{"slice of structs, cycle", slice, false},
		{"sub-slices", subSlice, false},
		{"a later sub-slice", notCycle, true},
		{"map of structs", mapOf, false},
		{"interface", iface, false},
		{"interface, as a value", *iface, false},
		{"embedded pointer", emb, false},
		{"interface with methods in a map", embMap, false},
		{"array of pointers", arr, false},
		{"array of pointers, in an interface", []any{1, arr}, false},
	} {
		_, err := safe.Options{Strict: true}.Marshal(c.v)
		require.Equal(t, c.ok, err == nil, "%s: the oracle: %v", c.name, err)
		ti := infoOf(reflect.TypeOf(c.v))
		require.NotNil(t, ti.scan, c.name)
		assert.Equal(t, c.ok, scanValue(c.v, ti, EngineDepthLimit, 0), c.name)
	}
}

// scanTree is a recursive tree like golang_source's.
type scanTree struct {
	Name string
	Kids []scanTree
	N    int64
}

// scanCatalog has a map of structs that need no walk, beside an interface.
type scanCatalog struct {
	Events map[int64]struct {
		Name string
		IDs  []int64
	}
	Extra any
	Nodes map[string]*scanTree
	Vals  map[string]gIface
}

// TestScanAllocations: a scan allocates nothing per element, nor per map,
// once its scanner is pooled.
func TestScanAllocations(t *testing.T) {
	if testutil.RaceEnabled {
		t.Skip("sync.Pool drops items at random under -race")
	}
	var tree func(d int) scanTree
	tree = func(d int) scanTree {
		n := scanTree{Name: "n"}
		if d > 0 {
			n.Kids = []scanTree{tree(d - 1), tree(d - 1), tree(d - 1)}
		}
		return n
	}
	cat := &scanCatalog{Extra: benchdata.Maps(3), Nodes: map[string]*scanTree{}, Vals: map[string]gIface{}}
	cat.Events = map[int64]struct {
		Name string
		IDs  []int64
	}{}
	for i := range 200 {
		cat.Events[int64(i)] = struct {
			Name string
			IDs  []int64
		}{"e", []int64{1}}
		t := tree(1)
		cat.Nodes[string(rune('a'+i%26))+string(rune('a'+i/26))] = &t
		cat.Vals[string(rune('a'+i%26))+string(rune('a'+i/26))] = &gNode{ID: i}
	}
	for _, v := range []any{tree(6), cat, &gNode{Any: &gNode{}, M: map[string]gNode{"a": {}}}} {
		ti := infoOf(reflect.TypeOf(v))
		require.NotNil(t, ti.scan)
		require.True(t, scanValue(v, ti, EngineDepthLimit, 0))
		allocs := testing.AllocsPerRun(50, func() { scanValue(v, ti, EngineDepthLimit, 0) })
		assert.Zero(t, allocs, "%T", v)
	}
}
