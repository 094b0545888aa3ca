//go:build goexperiment.jsonv2 && go1.27

package jsonv2

import (
	jsonv1 "encoding/json"
	"encoding/json/jsontext"
	"encoding/json/v2"
	"math"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type engineTo struct{ N int }

func (e engineTo) MarshalJSONTo(enc *jsontext.Encoder) error {
	return enc.WriteToken(jsontext.Int(int64(e.N) * 10))
}

type engineRec struct {
	Name string
	Next *engineRec
}

// countGoccy counts the calls that return goccy's bytes while f runs.
func countGoccy(t *testing.T, f func()) int64 {
	var n atomic.Int64
	tookGoccy = func() { n.Add(1) }
	defer func() { tookGoccy = nil }()
	f()
	return n.Load()
}

// TestEngineRoute: plain values under translatable options are goccy's (and
// its bytes are encoding/json/v2's); values and options the route excludes
// are not, and neither are values goccy fails on.
func TestEngineRoute(t *testing.T) {
	type plain struct {
		A int
		B string `json:",omitzero"`
		C []float64
		D map[string]bool
		E *engineRec
		F any
	}
	type nested struct {
		M map[string]any
		L []struct{ X any }
	}
	var loose any
	require.NoError(t, json.Unmarshal([]byte(`{"a":[1,"x",null,true,{"b":2.5}]}`), &loose))
	goccyValues := []any{
		nil, 1, "s", []int{1, 2}, map[string]int{"a": 1, "b": 2},
		plain{A: 1, C: []float64{1.5}, D: map[string]bool{"x": true}, E: &engineRec{Name: "n"}, F: []any{"v", 2.0}},
		&plain{}, loose, []any{jsonv1.Number("12")},
		nested{M: map[string]any{"a": []any{1.0}}, L: []struct{ X any }{{X: "x"}, {X: loose}}},
	}
	goccyOptionSets := [][]json.Options{
		nil,
		{json.Deterministic(true)},
		{jsontext.WithIndent("  ")},
		{json.Deterministic(true), jsontext.WithIndent("\t")},
		{json.FormatNilSliceAsNull(true), json.FormatNilMapAsNull(true)},
		{json.StringifyNumbers(true)},
		{json.OmitZeroStructFields(true)},
		{jsontext.EscapeForHTML(true), jsontext.EscapeForJS(true)},
		{CircularPlaceholder("<cycle>"), Strict(true), json.Deterministic(false), json.Deterministic(true)},
	}
	for _, opts := range goccyOptionSets {
		det := append([]json.Options{json.Deterministic(true)}, opts...)
		for _, v := range goccyValues {
			std, err := json.Marshal(v, split(det, &config{})...)
			require.NoError(t, err)
			var got []byte
			n := countGoccy(t, func() { got, err = Marshal(v, det...) })
			require.NoError(t, err)
			assert.Equal(t, string(std), string(got), "%T %v", v, opts)
			assert.EqualValues(t, 1, n, "goccy for %T under %v", v, opts)
		}
	}

	x := new(any)
	*x = x
	cyc := &engineRec{Name: "c"}
	cyc.Next = cyc
	referenceValues := []any{
		engineTo{N: 1}, []any{1, engineTo{N: 2}}, map[string]any{"a": []any{engineTo{}}},
		map[any]int{1.5: 1}, plain{F: engineTo{N: 3}},
		nested{M: map[string]any{"a": []any{engineTo{}}}}, nested{L: []struct{ X any }{{}, {X: &engineTo{}}}},
		math.NaN(), []any{math.Inf(1)}, "\xff", func() {}, x, cyc,
	}
	for _, v := range referenceValues {
		n := countGoccy(t, func() { _, _ = Marshal(v, json.Deterministic(true)) })
		assert.Zero(t, n, "reference path for %T", v)
	}
	b, err := Marshal(x)
	require.NoError(t, err)
	assert.Equal(t, "null", string(b), "a cycle goccy fails on is encoded hooked")

	referenceOptions := [][]json.Options{
		{json.WithMarshalers(json.MarshalFunc(func(int) ([]byte, error) { return []byte(`0`), nil }))},
		{jsonv1.DefaultOptionsV1()},
		{json.JoinOptions(json.Deterministic(true))},
		{jsontext.WithIndentPrefix(" "), jsontext.WithIndent(" ")},
		{jsontext.Multiline(true)},
		{jsontext.WithIndent("")},
		{jsontext.AllowInvalidUTF8(true)},
		{json.Deterministic(true), jsontext.SpaceAfterComma(true)},
	}
	for _, opts := range referenceOptions {
		v := plain{A: 2}
		std, err := json.Marshal(v, opts...)
		require.NoError(t, err)
		var got []byte
		n := countGoccy(t, func() { got, err = Marshal(v, opts...) })
		require.NoError(t, err)
		assert.Equal(t, string(std), string(got))
		assert.Zero(t, n, "reference path under %v", opts)
	}
}

// TestGoccyOptions: each translatable option alone, and one that is not.
func TestGoccyOptions(t *testing.T) {
	g, ok := goccyOptions([]json.Options{json.Deterministic(true), jsontext.WithIndent("  ")})
	require.True(t, ok)
	assert.Len(t, g, 2)
	_, ok = goccyOptions([]json.Options{json.Deterministic(true), json.MatchCaseInsensitiveNames(true)})
	assert.False(t, ok)
	_, ok = goccyOptions([]json.Options{nil})
	assert.False(t, ok)
}

type engineZeroArray struct{ X [0]int }

type engineEmbedsZeroArray struct{ engineZeroArray }

type engineEmbedsZeroArrayPtr struct{ *engineZeroArray }

// TestEnginePanicRecovered: goccy panics on a struct embedding a struct of
// zero-length arrays under OmitZeroStructFields; the reference path writes
// encoding/json/v2's bytes.
func TestEnginePanicRecovered(t *testing.T) {
	for _, v := range []any{engineEmbedsZeroArray{}, engineEmbedsZeroArrayPtr{&engineZeroArray{}}} {
		opt := json.OmitZeroStructFields(true)
		std, err := json.Marshal(v, opt)
		require.NoError(t, err)
		var got []byte
		n := countGoccy(t, func() { got, err = Marshal(v, opt) })
		require.NoError(t, err)
		assert.Equal(t, string(std), string(got), "%T", v)
		assert.Zero(t, n, "%T", v)
	}
}
