package safe_test

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/safe"
)

// pointers encodes v under o and returns the Path of each substitute.
func pointers(t *testing.T, o safe.Options, v any) []safe.Pointer {
	t.Helper()
	var got []safe.Pointer
	o.OnSubstitute = func(s safe.Substitution) { got = append(got, s.Path) }
	_, err := o.Marshal(v)
	require.NoError(t, err)
	return got
}

// TestPointerText: String escapes as RFC 6901 says, Tokens gives the
// tokens unescaped, Len counts them, the zero Pointer is the top level, and
// MarshalText is String.
func TestPointerText(t *testing.T) {
	v := map[string]any{"a/b": []any{0, map[string]any{"~x": math.NaN()}}}
	got := pointers(t, safe.Options{}, v)
	require.Len(t, got, 1)
	p := got[0]
	assert.Equal(t, "/a~1b/1/~0x", p.String())
	assert.Equal(t, []string{"a/b", "1", "~x"}, slices.Collect(p.Tokens()))
	assert.Equal(t, 3, p.Len())
	txt, err := p.MarshalText()
	require.NoError(t, err)
	assert.Equal(t, "/a~1b/1/~0x", string(txt))
	assert.Equal(t, p.String(), p.Short(), "a short path is its own short form")

	top := pointers(t, safe.Options{}, math.NaN())
	require.Len(t, top, 1)
	assert.Equal(t, "", top[0].String())
	assert.Equal(t, "", top[0].Short())
	assert.Equal(t, 0, top[0].Len())
	assert.Empty(t, slices.Collect(top[0].Tokens()))
	assert.Equal(t, safe.Pointer{}, top[0])
}

// TestPointerShared: substitutes under one member share its token; each
// one's text is its own, built when asked for, in any order.
func TestPointerShared(t *testing.T) {
	key := strings.Repeat("k", 1000)
	v := map[string]any{key: []any{math.NaN(), []any{math.Inf(1), math.NaN()}}}
	got := pointers(t, safe.Options{}, v)
	require.Len(t, got, 3)
	// Asked innermost first, then the outer one.
	assert.Equal(t, "/"+key+"/1/1", got[2].String())
	assert.Equal(t, "/"+key+"/0", got[0].String())
	assert.Equal(t, "/"+key+"/1/0", got[1].String())
	assert.Equal(t, "/"+key+"/1/1", got[2].String(), "asked twice")
}

// TestPointerShort: a token longer than ShortToken keeps its first
// ShortToken/2 bytes (not cutting a UTF-8 character) and says its length;
// a path of more than ShortTokens tokens keeps the first and last
// ShortTokens/2 and says how many it leaves out.
func TestPointerShort(t *testing.T) {
	long := strings.Repeat("k", 100000)
	got := pointers(t, safe.Options{}, map[string]any{long: map[string]any{"a/b": math.NaN()}})
	require.Len(t, got, 1)
	assert.Equal(t, "/"+strings.Repeat("k", safe.ShortToken/2)+"…[100000 bytes]/a~1b", got[0].Short())
	assert.Equal(t, "/"+long+"/a~1b", got[0].String())

	// A cut that would split "é" (2 bytes) keeps it whole or leaves it out.
	odd := strings.Repeat("x", safe.ShortToken/2-1) + strings.Repeat("é", 40)
	got = pointers(t, safe.Options{}, map[string]any{odd: math.NaN()})
	require.Len(t, got, 1)
	assert.Equal(t, "/"+strings.Repeat("x", safe.ShortToken/2-1)+"…["+"111 bytes]", got[0].Short())

	// 40 levels of names n0 … n39, a NaN at the bottom.
	var deep any = math.NaN()
	for i := 39; i >= 0; i-- {
		deep = map[string]any{"n" + strconv.Itoa(i): deep}
	}
	got = pointers(t, safe.Options{}, deep)
	require.Len(t, got, 1)
	var want strings.Builder
	for i := range safe.ShortTokens / 2 {
		want.WriteString("/n" + strconv.Itoa(i))
	}
	want.WriteString("/…[" + strconv.Itoa(40-safe.ShortTokens) + "]")
	for i := 40 - safe.ShortTokens/2; i < 40; i++ {
		want.WriteString("/n" + strconv.Itoa(i))
	}
	assert.Equal(t, want.String(), got[0].Short())
	assert.Equal(t, 40, got[0].Len())
	assert.Len(t, strings.Split(got[0].String(), "/"), 41)
}

// TestPointerHash: pointers of the same text hash alike, from two encodes
// and whether the token is a name or an index; others do not.
func TestPointerHash(t *testing.T) {
	a := pointers(t, safe.Options{}, map[string]any{"x": []any{math.NaN(), math.NaN()}})
	b := pointers(t, safe.Options{}, map[string]any{"x": map[string]any{"0": math.NaN(), "1": math.NaN(), "2": 0}})
	require.Len(t, a, 2)
	require.Len(t, b, 2)
	for i := range a {
		assert.Equal(t, a[i].String(), b[i].String())
		assert.Equal(t, a[i].Hash(), b[i].Hash(), a[i].String())
	}
	assert.NotEqual(t, a[0].Hash(), a[1].Hash())
	top := pointers(t, safe.Options{}, math.NaN())
	require.Len(t, top, 1)
	assert.NotEqual(t, top[0].Hash(), a[0].Hash())
	assert.Equal(t, top[0].Hash(), safe.Pointer{}.Hash())
}

// TestPointerKept: pointers kept after their encode stay what they were
// while later encodes (on the same pooled state) report other paths, and
// each element's copy of a field's name is its own token.
func TestPointerKept(t *testing.T) {
	type item struct {
		N  int
		Fn func() `json:"on/change"`
	}
	first := pointers(t, safe.Options{}, map[string]any{"a": []item{{N: 1}, {N: 2}, {N: 3}}})
	require.Len(t, first, 3)
	want := []string{"/a/0/on~1change", "/a/1/on~1change", "/a/2/on~1change"}
	hashes := make([]uint64, len(first))
	for i, p := range first {
		assert.Equal(t, want[i], p.String())
		hashes[i] = p.Hash()
	}
	for range 20 {
		later := pointers(t, safe.Options{}, map[string]any{"bb": []any{math.NaN(), map[string]any{"c": math.Inf(-1)}}})
		require.Len(t, later, 2)
		assert.Equal(t, "/bb/0", later[0].String())
		assert.Equal(t, "/bb/1/c", later[1].String())
	}
	for i, p := range first {
		assert.Equal(t, want[i], p.String())
		assert.Equal(t, []string{"a", strconv.Itoa(i), "on/change"}, slices.Collect(p.Tokens()))
		assert.Equal(t, hashes[i], p.Hash())
		assert.Equal(t, 3, p.Len())
	}
	assert.NotEqual(t, first[0].Hash(), first[1].Hash())
}
