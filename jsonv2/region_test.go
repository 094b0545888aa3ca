//go:build goexperiment.jsonv2 && go1.27

package jsonv2

import (
	"bytes"
	jsonv1 "encoding/json"
	"encoding/json/jsontext"
	"encoding/json/v2"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// anyTree builds random JSON decoded into any, with what the hooks must
// write now and then: NaN, invalid UTF-8 in a string or a name, a value of
// another type, a cycle back to an ancestor, a shared subtree, a deep chain.
type anyTree struct {
	r      *rand.Rand
	path   []any // the containers being built, outermost first
	shared []any
}

func (g *anyTree) value(depth int) any {
	switch n := g.r.IntN(40); {
	case n < 8 && depth < 6:
		m := map[string]any{}
		g.path = append(g.path, m)
		for i := range g.r.IntN(4) {
			m[fmt.Sprintf("k%d", i)] = g.value(depth + 1)
		}
		if g.r.IntN(30) == 0 {
			m["bad\xff"] = 1.0
		}
		g.path = g.path[:len(g.path)-1]
		g.shared = append(g.shared, m)
		return m
	case n < 16 && depth < 6:
		s := make([]any, g.r.IntN(4))
		g.path = append(g.path, s)
		for i := range s {
			s[i] = g.value(depth + 1)
		}
		g.path = g.path[:len(g.path)-1]
		if len(s) > 0 {
			g.shared = append(g.shared, s)
		}
		return s
	case n == 16 && len(g.path) > 0:
		return g.path[g.r.IntN(len(g.path))] // a cycle
	case n == 17 && len(g.shared) > 0:
		return g.shared[g.r.IntN(len(g.shared))]
	case n == 18:
		return math.NaN()
	case n == 19:
		return "x\xffy"
	case n == 20:
		return struct{ F float64 }{math.Inf(1)}
	case n == 21:
		p := new(any)
		*p = map[string]any{"in": 1.0}
		return p
	case n == 22 && g.r.IntN(8) == 0:
		var v any = "leaf"
		for range 900 + g.r.IntN(300) {
			v = []any{v}
		}
		return v
	case n < 28:
		return float64(n)
	case n < 32:
		return fmt.Sprintf("s%d", n)
	case n < 34:
		return n%2 == 0
	}
	return nil
}

// TestRegionsSameBytes: writing clean regions with the hooks off changes no
// byte and no error: each random value is marshaled with regions and with
// every value hooked, under several option sets.
func TestRegionsSameBytes(t *testing.T) {
	det := json.Deterministic(true)
	sets := [][]json.Options{
		{det},
		{det, jsontext.Multiline(true)},
		{det, jsontext.AllowInvalidUTF8(true)},
		{jsonv1.DefaultOptionsV1()},
		{det, Strict(true)},
		{det, CircularPlaceholder("<cycle>")},
	}
	run := func(v any, opts []json.Options) (string, error) {
		b, err := Marshal(v, opts...)
		return string(b), err
	}
	n := 400
	if testing.Short() {
		n = 100
	}
	for i := range n {
		g := &anyTree{r: rand.New(rand.NewPCG(uint64(i), 7))}
		v := g.value(0)
		for _, opts := range sets {
			regionsOff = true
			hooked, hookedErr := run(v, opts)
			regionsOff = false
			got, err := run(v, opts)
			require.Equal(t, hooked, got, "value %d", i)
			if hookedErr != nil || err != nil {
				require.Error(t, err, "value %d", i)
				require.Error(t, hookedErr, "value %d", i)
				assert.Equal(t, hookedErr.Error(), err.Error(), "value %d", i)
			}
		}
		if i%4 == 0 {
			// MarshalEncode deep in the caller's encoder: a region's depth
			// bound counts the caller's nesting.
			regionsOff = true
			hooked, hookedErr := encodeAt(v, 9000)
			regionsOff = false
			got, err := encodeAt(v, 9000)
			require.Equal(t, hooked, got, "value %d", i)
			require.Equal(t, hookedErr == nil, err == nil, "value %d: %v, hooked %v", i, err, hookedErr)
		}
	}
}

// encodeAt writes v with MarshalEncode inside depth arrays of an encoder.
func encodeAt(v any, depth int) (string, error) {
	var buf bytes.Buffer
	enc := jsontext.NewEncoder(&buf)
	for range depth {
		if err := enc.WriteToken(jsontext.BeginArray); err != nil {
			return "", err
		}
	}
	err := MarshalEncode(enc, v, json.Deterministic(true))
	return buf.String(), err
}
