package compat_test

import (
	"encoding/json"
	"log/slog"
	"math"
	"testing"
	"time"

	"github.com/safejson/safejson/compat"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type noFloat struct {
	ID    int               `json:"id"`
	Tags  []string          `json:"tags"`
	Attrs map[string]string `json:"attrs"`
	At    time.Time         `json:"at"`
	Skip  func()            `json:"-"`
	hook  func()
}

type embedsFloat struct {
	noFloat
	inner
}

type inner struct{ Ratio float32 }

type ptrMarshaler struct{ F float64 }

func (*ptrMarshaler) MarshalJSON() ([]byte, error) { return []byte(`"ptr"`), nil }

// TestReplaceAttrPlans: what ReplaceAttr hands back, per kind of type. A
// value left to slog comes back as it was; one written by safejson comes
// back as a json.RawMessage with safejson's bytes.
func TestReplaceAttrPlans(t *testing.T) {
	leftToSlog := []any{
		noFloat{ID: 1, Tags: []string{"a"}, hook: func() {}},
		[]byte("bytes"),
		map[int][]string{1: {"x"}},
		time.Unix(0, 0),
		embedsFloat{inner: inner{Ratio: 0.5}}, // typed floats, finite: checked, then slog's
		[]ptrMarshaler{{F: 1}},                // a pointer-receiver method: its fields are walked
		[2]float32{1, 2},
		&node{Name: "no cycle", Parent: &node{Name: "p"}},
	}
	for _, v := range leftToSlog {
		a := slog.Any("k", v)
		got := compat.ReplaceAttr(nil, a)
		assert.Equal(t, a.Key, got.Key)
		assert.Equal(t, a.Value.Kind(), got.Value.Kind(), "%T", v)
		assert.IsType(t, v, got.Value.Any(), "%T should be left to slog, got %v", v, got.Value)
	}

	writtenBySafejson := map[string]struct {
		v    any
		want string
	}{
		"interface map":  {map[string]any{"a": 1.5, "<": "&"}, `{"<":"&","a":1.5}`},
		"bool keys":      {map[bool]int{true: 1}, `{"true":1}`},
		"NaN in struct":  {embedsFloat{inner: inner{Ratio: float32(math.NaN())}}, `{"id":0,"tags":null,"attrs":null,"at":"0001-01-01T00:00:00Z","Ratio":null}`},
		"cycle":          {cyclicNode(), cyclicNodeJSON},
		"chan":           {make(chan int), `null`},
		"Inf in array":   {[2]float32{1, float32(math.Inf(1))}, `[1,null]`},
		"func field":     {withFunc{Name: "f", OnChange: func() {}}, withFuncJSON},
		"self map":       {selfMap(), selfMapJSON},
		"any of a cycle": {[]any{cyclicNode()}, `[` + cyclicNodeJSON + `]`},
	}
	for name, c := range writtenBySafejson {
		got := compat.ReplaceAttr(nil, slog.Any("k", c.v))
		require.Equal(t, slog.KindAny, got.Value.Kind(), name)
		raw, ok := got.Value.Any().(json.RawMessage)
		require.True(t, ok, "%s: got %T", name, got.Value.Any())
		assert.Equal(t, c.want, string(raw), name)
		assert.Equal(t, "k", got.Key, name)
	}
}

// TestReplaceAttrLeavesSlogKinds: slog's own kinds, errors and built-ins.
func TestReplaceAttrLeavesSlogKinds(t *testing.T) {
	for _, a := range []slog.Attr{
		slog.String("s", "x"), slog.Int("i", 1), slog.Float64("f", 1.5), slog.Bool("b", true),
		slog.Time("t", time.Unix(5, 0)), slog.Duration("d", time.Second),
		slog.Any("err", assert.AnError), slog.Any("level", slog.LevelError),
		slog.Any("source", &slog.Source{File: "f.go", Line: 3}), slog.Any("nil", nil),
		slog.Any("raw", json.RawMessage(`{"a" : 1}`)), slog.Group("g", slog.Int("a", 1)),
	} {
		got := compat.ReplaceAttr(nil, a)
		assert.Equal(t, a.Key, got.Key)
		assert.Equal(t, a.Value.Kind(), got.Value.Kind(), a.Key)
		assert.Equal(t, a.Value.String(), got.Value.String(), a.Key)
	}
}
