package safe_test

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/testutil"
	"github.com/safejson/safejson/safe"
)

// gnode is a node of a random graph: references through a pointer, a slice of
// pointers, a map shared between nodes, and an interface.
type gnode struct {
	ID   int            `json:"id"`
	Next *gnode         `json:"next,omitempty"`
	Kids []*gnode       `json:"kids"`
	Refs map[string]any `json:"refs"`
	Any  any            `json:"any"`
}

// randomGraph returns the root of a random graph of nodes, maps and []any
// values, with cycles of every shape (a node its own next, through a map,
// through an interface, through a shared []any).
func randomGraph(r *rand.Rand) *gnode {
	nodes := make([]*gnode, 2+r.IntN(12))
	for i := range nodes {
		nodes[i] = &gnode{ID: i}
	}
	maps := make([]map[string]any, 1+r.IntN(3))
	for i := range maps {
		maps[i] = map[string]any{}
	}
	lists := make([][]any, 1+r.IntN(3))
	for i := range lists {
		lists[i] = make([]any, r.IntN(3))
	}
	pick := func() any {
		switch r.IntN(6) {
		case 0:
			return nodes[r.IntN(len(nodes))]
		case 1:
			return maps[r.IntN(len(maps))]
		case 2:
			return lists[r.IntN(len(lists))]
		case 3:
			return float64(r.IntN(100))
		case 4:
			return nil
		}
		return nodes[r.IntN(len(nodes))]
	}
	for _, n := range nodes {
		if r.IntN(2) == 0 {
			n.Next = nodes[r.IntN(len(nodes))]
		}
		if r.IntN(3) > 0 {
			n.Kids = make([]*gnode, r.IntN(3))
			for k := range n.Kids {
				if r.IntN(4) > 0 {
					n.Kids[k] = nodes[r.IntN(len(nodes))]
				}
			}
		}
		if r.IntN(2) == 0 {
			n.Refs = maps[r.IntN(len(maps))]
		}
		n.Any = pick()
	}
	for _, m := range maps {
		for k := range r.IntN(3) {
			m["k"+strconv.Itoa(k)] = pick()
		}
	}
	for _, l := range lists {
		for k := range l {
			l[k] = pick()
		}
	}
	return nodes[0]
}

// refEncoder is an independent, simple encoder of random graphs with the
// cycle rules: a pointer, map or slice that is its own ancestor is omitted
// from its object, null in an array (or the placeholder, when set).
type refEncoder struct {
	placeholder string
	anc         map[[3]uintptr]bool
	cycles      int
}

func refKey(v any) [3]uintptr {
	rv := reflect.ValueOf(v)
	n := 0
	if rv.Kind() == reflect.Slice {
		n = rv.Len()
	}
	return [3]uintptr{rv.Pointer(), uintptr(n), reflect.ValueOf(rv.Type()).Pointer()}
}

// encode returns the JSON of v, or ok false for a cycle to omit.
func (r *refEncoder) encode(v any) (string, bool) {
	switch x := v.(type) {
	case nil:
		return "null", true
	case float64:
		b, _ := json.Marshal(x)
		return string(b), true
	case *gnode:
		if x == nil {
			return "null", true
		}
		return r.enter(v, func() string {
			var b strings.Builder
			b.WriteString(`{"id":` + strconv.Itoa(x.ID))
			if x.Next != nil {
				r.member(&b, "next", x.Next)
			}
			if x.Kids == nil {
				b.WriteString(`,"kids":null`)
			} else {
				r.member(&b, "kids", x.Kids)
			}
			if x.Refs == nil {
				b.WriteString(`,"refs":null`)
			} else {
				r.member(&b, "refs", x.Refs)
			}
			r.member(&b, "any", x.Any)
			return b.String() + "}"
		})
	case []*gnode:
		items := make([]any, len(x))
		for i, n := range x {
			if n != nil {
				items[i] = n
			}
		}
		return r.array(v, items)
	case []any:
		if x == nil {
			return "null", true
		}
		return r.array(v, x)
	case map[string]any:
		if x == nil {
			return "null", true
		}
		return r.enter(v, func() string {
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			sortStrings(keys)
			var b strings.Builder
			for _, k := range keys {
				r.member(&b, k, x[k])
			}
			if b.Len() == 0 {
				return "{}"
			}
			return "{" + b.String()[1:] + "}"
		})
	}
	panic("unexpected value")
}

func (r *refEncoder) enter(v any, body func() string) (string, bool) {
	k := refKey(v)
	if r.anc[k] {
		r.cycles++
		if r.placeholder != "" {
			return strconv.Quote(r.placeholder), true
		}
		return "", false
	}
	r.anc[k] = true
	defer delete(r.anc, k)
	return body(), true
}

func (r *refEncoder) array(v any, items []any) (string, bool) {
	if len(items) == 0 {
		return "[]", true
	}
	return r.enter(v, func() string {
		parts := make([]string, len(items))
		for i, it := range items {
			s, ok := r.encode(it)
			if !ok {
				s = "null"
			}
			parts[i] = s
		}
		return "[" + strings.Join(parts, ",") + "]"
	})
}

func (r *refEncoder) member(b *strings.Builder, name string, v any) {
	if s, ok := r.encode(v); ok {
		b.WriteString("," + strconv.Quote(name) + ":" + s)
	}
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// TestRandomGraphs compares the safe encoder with refEncoder on random cyclic
// graphs, under each policy, and with encoding/json where it accepts them.
func TestRandomGraphs(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	graphs := 2000
	if testutil.RaceEnabled {
		graphs = 400
	}
	cyclic := 0
	for i := range graphs {
		g := randomGraph(r)
		ref := &refEncoder{anc: map[[3]uintptr]bool{}}
		want, _ := ref.encode(g)

		got, err := safe.Marshal(g)
		require.NoError(t, err, "graph %d", i)
		require.Equal(t, want, string(got), "graph %d: CircularOmit", i)

		refP := &refEncoder{anc: map[[3]uintptr]bool{}, placeholder: "[Circular]"}
		wantP, _ := refP.encode(g)
		got, err = safe.Options{Circular: safe.CircularPlaceholder}.Marshal(g)
		require.NoError(t, err, "graph %d", i)
		require.Equal(t, wantP, string(got), "graph %d: CircularPlaceholder", i)

		_, errC := safe.Options{Circular: safe.CircularError}.Marshal(g)
		std, stdErr := json.Marshal(g)
		if ref.cycles == 0 {
			require.NoError(t, errC, "graph %d", i)
			require.NoError(t, stdErr, "graph %d", i)
			require.Equal(t, string(std), want, "graph %d: encoding/json", i)
			continue
		}
		cyclic++
		var se *safe.Error
		require.ErrorAs(t, errC, &se, "graph %d", i)
		assert.Equal(t, safe.ReasonCycle, se.Reason)
		var uv *json.UnsupportedValueError
		require.ErrorAs(t, stdErr, &uv, "graph %d: encoding/json accepts a cyclic graph", i)
	}
	assert.Greater(t, cyclic, graphs/4, "the generator makes cycles")
}

// TestDeepCycles: cycles closing far down a path (past the ancestors searched
// linearly, into the hash table), and long acyclic paths through the same
// addresses with other types.
func TestDeepCycles(t *testing.T) {
	const n = 600 // refEncoder is quadratic in depth
	for _, back := range []int{0, 1, 31, 32, 33, 300, n - 2, n - 1} {
		nodes := make([]*gnode, n)
		for i := range nodes {
			nodes[i] = &gnode{ID: i}
		}
		for i := range len(nodes) - 1 {
			nodes[i].Next = nodes[i+1]
		}
		last := nodes[len(nodes)-1]
		last.Next = nodes[back]
		last.Kids = []*gnode{nodes[back/2], nil}
		ref := &refEncoder{anc: map[[3]uintptr]bool{}}
		want, _ := ref.encode(nodes[0])
		got, err := safe.Marshal(nodes[0])
		require.NoError(t, err)
		require.Equal(t, want, string(got), "back edge to %d", back)
		_, err = safe.Options{Circular: safe.CircularError}.Marshal(nodes[0])
		var se *safe.Error
		require.ErrorAs(t, err, &se)
		assert.Equal(t, strings.Repeat("/next", n), se.Path, "back edge to %d", back)
	}
}
