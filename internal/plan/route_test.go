package plan

import (
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/engine"
)

type routeFloats struct {
	Name string
	X, Y float64
}

type routeNumbers struct {
	X, Y float64
	N    int64
	P    []float32
}

type routeMixed struct {
	F float64
	A any
}

type routeStrings struct {
	A, B string
	N    int64
}

type routeTree struct {
	Name string
	Kids []routeTree
}

// TestEngineChoice: with no Engine named, a type goes to the first engine
// of the rule's order (route.go: sonic first for a type that can hold a
// float but neither a string nor an interface, goccy first otherwise) that
// may take it; with one named, to that one.
func TestEngineChoice(t *testing.T) {
	compiled := map[string]engine.Engine{}
	for _, e := range defaultEngines() {
		compiled[e.Name()] = e
	}
	first := func(v any, name string) engine.Engine {
		feat := infoOf(reflect.TypeOf(v)).feat
		var later []engine.Engine
		for _, e := range defaultEngines() {
			if feat&avoidMask(e.Quirks()) != 0 {
				continue
			}
			if e.Name() == name {
				return e
			}
			later = append(later, e)
		}
		if len(later) == 0 {
			return nil
		}
		return later[0]
	}
	values := []struct {
		v       any
		numeric bool
	}{
		{routeNumbers{X: 1}, true},
		{&routeNumbers{}, true},
		{[][2]float64{{1, 2}}, true},
		{routeFloats{X: 1}, false},
		{&routeFloats{}, false},
		{[]routeFloats{{}}, false},
		{routeMixed{F: 1}, false},
		{map[string]float64{"a": 1}, false}, // its keys are strings
		{map[int64]float64{1: 1}, true},
		{routeStrings{A: "a"}, false},
		{map[int64]routeStrings{1: {}}, false},
		{&routeTree{Kids: []routeTree{{Name: "k"}}}, false},
	}
	for _, c := range values {
		feat := infoOf(reflect.TypeOf(c.v)).feat
		require.Equal(t, c.numeric, feat&featFloat != 0 && feat&(featString|featDynamic) == 0, "%T", c.v)
		want := first(c.v, map[bool]string{true: "sonic", false: "goccy"}[c.numeric])
		got, _, _ := route(normalised(nil), c.v)
		assert.Equal(t, want, got, "%T", c.v)
		for _, e := range defaultEngines() {
			got, _, _ := route(normalised(e), c.v)
			if infoOf(reflect.TypeOf(c.v)).feat&avoidMask(e.Quirks()) == 0 {
				assert.Equal(t, e, got, "%T with Engine %s", c.v, e.Name())
			}
		}
	}
	// Where both engines are compiled in and may take the types, the rule
	// is seen to pick each of them.
	if compiled["sonic"] != nil && compiled["goccy"] != nil {
		got, _, _ := route(normalised(nil), routeStrings{})
		require.NotNil(t, got)
		assert.Equal(t, "goccy", got.Name())
		if avoidMask(compiled["sonic"].Quirks())&featFloat == 0 {
			got, _, _ := route(normalised(nil), routeNumbers{})
			require.NotNil(t, got)
			assert.Equal(t, "sonic", got.Name())
			got, _, _ = route(normalised(nil), routeFloats{})
			require.NotNil(t, got)
			assert.Equal(t, "goccy", got.Name())
		}
	}
}

// TestEngineChoiceIsCheap: routing a type that needs no pre-scan allocates
// nothing, with the default plan and with one engine named.
func TestEngineChoiceIsCheap(t *testing.T) {
	for _, o := range append([]any{nil}, anyEngines()...) {
		e, _ := o.(engine.Engine)
		opts := normalised(e)
		for _, v := range []any{&routeFloats{}, &routeStrings{}} {
			route(opts, v)
			assert.Zero(t, testing.AllocsPerRun(100, func() { route(opts, v) }), "%T", v)
		}
	}
}

func anyEngines() []any {
	var out []any
	for _, e := range defaultEngines() {
		out = append(out, e)
	}
	return out
}

// TestEncodeRouteCause: RouteEncode says why it sent a value to the
// reference encoder, the one answer the stats count reads.
func TestEncodeRouteCause(t *testing.T) {
	if len(defaultCandidates) == 0 {
		assert.Equal(t, CauseChosen, RouteEncode(normalised(nil), 1).Cause)
		return
	}
	self := map[string]any{"a": 1.0}
	self["self"] = self
	wide := map[string]any{}
	for i := range MaxDecodedMembers + 1 {
		wide[string(rune('a'+i%26))+string(rune('a'+i/26))] = i
	}
	list := &planList{}
	list.Next = list
	for _, c := range []struct {
		v    any
		want Cause
	}{
		{self, CausePrescan},
		{[]any{self}, CausePrescan},
		{wide, CauseChosen},
		{list, CausePrescan},
		{struct{ F func() }{}, CauseQuirk},
		{quirkMarshaler{}, CauseChosen},
	} {
		d := RouteEncode(normalised(nil), c.v)
		assert.Nil(t, d.Engine, "%T", c.v)
		assert.Equal(t, c.want, d.Cause, "%T", c.v)
	}
	d := RouteEncode(normalised(nil), routeStrings{})
	assert.NotNil(t, d.Engine)
	o := normalised(nil)
	o.Replacer = func(string, any) (any, bool) { return nil, true }
	assert.Equal(t, CauseChosen, RouteEncode(o, routeStrings{}).Cause, "a replacer")
}
