package plan

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"math/bits"
	"reflect"
	"strconv"
	"testing"
	"time"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/benchdata"
	"github.com/safejson/safejson/internal/engine"
	"github.com/safejson/safejson/internal/options"
	"github.com/safejson/safejson/internal/testutil"
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

func TestFeatures(t *testing.T) {
	cases := []struct {
		v       any
		has     features
		lacks   features
		depth   int
		scanned bool
	}{
		{v: 1, lacks: ^features(0)},
		{v: "s", has: featString, lacks: ^featString},
		{v: 1.5, has: featFloat, lacks: featFloat32},
		{v: float32(1), has: featFloat | featFloat32},
		{v: planLeaf{}, has: featString, lacks: ^featString, depth: 1},
		{v: []planLeaf{}, has: featString, lacks: ^featString, depth: 2},
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
		{v: testutil.Iface{}, has: featDynamic, scanned: true},
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
		}{}, lacks: featOddTagName, depth: 1}, // both flavours take it whole
		{v: []struct {
			A int `json:"é"`
		}{}, lacks: featOddTagName, depth: 2},
		{v: struct {
			A int `json:"☺"`
		}{}, has: featOddTagName, depth: 1}, // not a letter: classic drops it, json/v2 keeps it
		{v: []struct {
			//lint:ignore SA5008 a quote in the name, on purpose: json/v2 cuts it there
			A int `json:"a'b"`
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
		{"interface holding cycle", testutil.Iface{Any: selfList}, false},
		{"interface holding func struct", testutil.Iface{Any: planFunc{}}, false},
		{"interface holding plain struct", testutil.Iface{Any: planLeaf{}}, true},
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

func TestEveryQuirkIsHandled(t *testing.T) {
	for _, e := range engine.All() {
		assert.Zero(t, e.Quirks()&^knownQuirks, "%s reports quirks the planner does not handle: %v", e.Name(), e.Quirks()&^knownQuirks)
	}
}

// defaultEngines are the engines of the default plan, in order: the
// third-party engines compiled in, or std alone when there is none.
func defaultEngines() []engine.Engine {
	var es []engine.Engine
	for _, e := range engine.All() {
		if e != engine.Std() || len(es) == 0 {
			es = append(es, e)
		}
	}
	return es
}

// TestQuirkRulesRoute: the trigger value of each quirk rule never goes to an
// engine with that quirk; named, such an engine gives it to the reference
// encoder; with the default candidates it goes to the first compiled-in
// engine without the quirk that may take the value's features (the other
// third-party engine, where two are compiled in and the features are this
// quirk's alone), and to the reference encoder when there is none (under a
// single-engine tag).
func TestQuirkRulesRoute(t *testing.T) {
	defaults := defaultEngines()
	toOther := 0
	for _, r := range quirkRules {
		v := r.value()
		feat := infoOf(reflect.TypeOf(v)).feat
		if r.avoid != 0 {
			require.NotZero(t, feat&r.avoid, "%v: the trigger value %T has none of the features avoided", r.quirk, v)
		}
		var quirky []engine.Engine
		for _, e := range engine.All() {
			if e.Quirks().Has(r.quirk) {
				quirky = append(quirky, e)
				got, _, _ := route(normalised(e), v)
				assert.Nil(t, got, "%v: %T must not go to %s, which has it", r.quirk, v, e.Name())
			}
		}
		if len(quirky) == 0 {
			continue // no engine of this build and flavour has it
		}
		var want engine.Engine
		for _, e := range defaults {
			if !e.Quirks().Has(r.quirk) && feat&avoidMask(e.Quirks()) == 0 && r.avoid&baseAvoid == 0 && r.avoid != 0 && feat&userCode == 0 {
				want = e
				break
			}
		}
		got, _, _ := route(normalised(nil), v)
		if want == nil {
			assert.Nil(t, got, "%v: %T has no compiled-in engine to go to (default plan %v)", r.quirk, v, names(defaults))
		} else {
			assert.Equal(t, want, got, "%v: %T must go to %s, without the quirk", r.quirk, v, want.Name())
			toOther++
		}
		if len(defaults) == 1 {
			assert.Nil(t, got, "%v: one engine compiled in (%s), which has the quirk: %T goes to the reference encoder", r.quirk, defaults[0].Name(), v)
		}
	}
	// With sonic and goccy both compiled in, some quirky values are shown
	// to reach the other engine, not the reference encoder.
	if len(defaults) == 2 {
		assert.NotZero(t, toOther, "no quirk's trigger value reached the other engine")
		// (QuirkMarshalerOutput's trigger is user code: the reference
		// encoder's, whatever the engines.)
		for _, q := range []engine.Quirks{engine.QuirkStringOption, engine.QuirkMarshalerInterfacePointer} {
			for _, r := range quirkRules {
				if r.quirk == q && defaults[0].Quirks().Has(q) != defaults[1].Quirks().Has(q) {
					got, _, _ := route(normalised(nil), r.value())
					require.NotNil(t, got, "%v", q)
					assert.False(t, got.Quirks().Has(q), "%v went to %s", q, got.Name())
				}
			}
		}
	}
}

func names(es []engine.Engine) []string {
	var out []string
	for _, e := range es {
		out = append(out, e.Name())
	}
	return out
}

// TestQuirkRulesTable: one rule per quirk, every quirk an engine may report.
func TestQuirkRulesTable(t *testing.T) {
	seen := engine.Quirks(0)
	for _, r := range quirkRules {
		require.Equal(t, 1, bits.OnesCount64(uint64(r.quirk)), "%v: one quirk a rule", r.quirk)
		assert.Zero(t, seen&r.quirk, "%v: two rules", r.quirk)
		seen |= r.quirk
		assert.NotNil(t, r.value, "%v", r.quirk)
		assert.NotEmpty(t, r.demo, "%v", r.quirk)
		assert.NotContains(t, r.quirk.String(), "Quirk(", "%v: a quirk the engine package names", r.quirk)
	}
	assert.Equal(t, knownQuirks, seen)
}

// TestQuirkRulesHaveDemos: each rule's demo is in
// internal/engine/quirks_test.go, and shows that quirk: a quirkDemo literal
// with that name and quirk, or a function of that name.
func TestQuirkRulesHaveDemos(t *testing.T) {
	const file = "../engine/quirks_test.go"
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
	require.NoError(t, err)
	demos := map[string][]string{} // demo name → its quirk constants
	funcs := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			funcs[n.Name.Name] = true
		case *ast.CompositeLit:
			var name, quirk string
			for _, el := range n.Elts {
				kv, ok := el.(*ast.KeyValueExpr)
				if !ok {
					continue
				}
				key, _ := kv.Key.(*ast.Ident)
				switch {
				case key == nil:
				case key.Name == "name":
					if lit, ok := kv.Value.(*ast.BasicLit); ok && lit.Kind == token.STRING {
						name, _ = strconv.Unquote(lit.Value)
					}
				case key.Name == "quirk":
					if id, ok := kv.Value.(*ast.Ident); ok {
						quirk = id.Name
					}
				}
			}
			if name != "" && quirk != "" {
				demos[name] = append(demos[name], quirk)
			}
		}
		return true
	})
	require.NotEmpty(t, demos, "no quirkDemo found in %s", file)
	for _, r := range quirkRules {
		if funcs[r.demo] {
			continue
		}
		assert.Contains(t, demos[r.demo], "Quirk"+r.quirk.String(), "%v: no demo %q of it in %s", r.quirk, r.demo, file)
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
