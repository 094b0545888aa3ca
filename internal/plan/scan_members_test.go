package plan

import (
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/safejson/safejson/internal/testutil"
)

// TestScanMembers: the members bound counts the members of every map in the
// value, nested or not, and fails the walk past it; route applies it to
// decoded JSON only.
func TestScanMembers(t *testing.T) {
	obj := func(n int) map[string]any {
		m := map[string]any{}
		for i := range n {
			m[string(rune('a'+i%26))+string(rune('a'+i/26))] = "x"
		}
		return m
	}
	cases := []struct {
		v       any
		members int
	}{
		{obj(5), 5},
		{[]any{obj(3), []any{obj(4), "s", 1.5}, nil}, 7},
		{map[string]any{"a": obj(2), "b": []any{obj(1)}}, 5},
		{[]any{"s", 1.0, true, nil}, 0},
		{[]any{obj(3), obj(4), map[string]any{"a": obj(2)}}, 10},
	}
	for _, c := range cases {
		ti := infoOf(reflect.TypeOf(c.v))
		ok, _ := scanValueMembers(c.v, ti, EngineDepthLimit, 0, c.members)
		assert.True(t, ok, "%v", c.v)
		if c.members > 0 {
			ok, _ := scanValueMembers(c.v, ti, EngineDepthLimit, 0, c.members-1)
			assert.False(t, ok, "%v", c.v)
		}
		assert.True(t, scanValue(c.v, ti, EngineDepthLimit, 0), "%v", c.v)
	}

	// The features seen behind interfaces choose the engine order.
	_, seen := scanValueMembers([]any{"s", []any{true}}, infoOf(reflect.TypeFor[[]any]()), EngineDepthLimit, 0, 10)
	assert.Equal(t, featString|featDynamic, seen)
	_, seen = scanValueMembers(map[string]any{"a": []any{1.5}}, infoOf(reflect.TypeFor[map[string]any]()), EngineDepthLimit, 0, 10)
	assert.Equal(t, featFloat|featDynamic, seen, "the root map is the type's own feature")

	o := normalised(nil)
	if len(defaultCandidates) > 1 {
		eng, _, _ := route(o, map[string]any{"s": "x"})
		assert.Equal(t, otherCandidates[0].eng, eng, "strings")
		eng, _, _ = route(o, []any{[]any{1.5, 2.5}})
		want := numericCandidates[0].eng
		if numericCandidates[0].avoid&featFloat != 0 {
			want = numericCandidates[1].eng // sonic on arm64 (-0)
		}
		assert.Equal(t, want, eng, "floats")
	}
	few, many := obj(MaxDecodedMembers), []any{obj(MaxDecodedMembers), obj(1)}
	if eng, _, _ := route(o, few); len(defaultCandidates) > 0 {
		assert.NotNil(t, eng, "decoded JSON with %d members", MaxDecodedMembers)
	}
	eng, _, _ := route(o, many)
	assert.Nil(t, eng, "decoded JSON with %d members", MaxDecodedMembers+1)
	// A typed value is not bound: a struct holding the same tree.
	type holder struct{ A any }
	if eng, _, _ := route(o, holder{many}); len(defaultCandidates) > 0 {
		assert.NotNil(t, eng)
	}
}

// TestScanDecodedMaps: a map[string]any, at the root or as a typed field, is
// walked by the type switch of any (no reflect): a cycle through it and a
// nesting over the limit are found there as through an interface, and the
// walk of an acyclic one allocates nothing.
func TestScanDecodedMaps(t *testing.T) {
	type holder struct {
		Name string
		M    map[string]any
	}
	self := map[string]any{"a": 1.0}
	self["self"] = self
	deep := testutil.NestedAny(EngineDepthLimit+1, "x")
	ok := map[string]any{"a": []any{1.0, "s", map[string]any{"b": true}}}
	for _, c := range []struct {
		v    any
		want bool
	}{
		{self, false},
		{holder{M: self}, false},
		{[]any{self}, false},
		{map[string]any{"d": deep}, false},
		{holder{M: map[string]any{"d": deep}}, false},
		{ok, true},
		{holder{M: ok}, true},
		{holder{}, true},
		{map[string]any(nil), true},
		{map[string]any{}, true},
	} {
		assert.Equal(t, c.want, scanValue(c.v, infoOf(reflect.TypeOf(c.v)), EngineDepthLimit, 0), "%T %v", c.v, c.want)
	}
	// 11 levels: the map and 10 arrays, at the limit and over it.
	eleven := map[string]any{"d": testutil.NestedAny(10, "x")}
	mapInfo := infoOf(reflect.TypeFor[map[string]any]())
	assert.True(t, scanValue(eleven, mapInfo, 11, 0))
	assert.False(t, scanValue(eleven, mapInfo, 10, 0))
	assert.True(t, scanValue(holder{M: eleven}, infoOf(reflect.TypeFor[holder]()), 12, 0))
	assert.False(t, scanValue(holder{M: eleven}, infoOf(reflect.TypeFor[holder]()), 11, 0))
	if !testutil.RaceEnabled {
		ti := infoOf(reflect.TypeFor[map[string]any]())
		scanValue(ok, ti, EngineDepthLimit, 0)
		assert.Zero(t, testing.AllocsPerRun(100, func() { scanValue(ok, ti, EngineDepthLimit, 0) }))
	}
}
