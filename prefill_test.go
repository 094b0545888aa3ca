package safejson_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"reflect"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"

	"github.com/safejson/safejson"
	"github.com/safejson/safejson/engine"
	"github.com/safejson/safejson/internal/randtype"
)

// Pre-filled targets against encoding/json: a target that already holds a
// value (slices with spare capacity holding stale elements, maps with
// entries, structs, pointers, interfaces holding values, arrays) is left by
// Unmarshal and Decoder.Decode exactly as encoding/json leaves a copy of it,
// on success and on every error, on every engine.

// prefillCase is one input and a maker of equal, independent pre-filled
// targets.
type prefillCase struct {
	desc string
	in   []byte
	make func() any
}

// prefillOptions are the Options every case runs under: the default plan
// and each engine compiled in, named.
func prefillOptions() []safejson.Options {
	opts := []safejson.Options{{}}
	for _, e := range engine.All() {
		opts = append(opts, safejson.Options{Engine: e})
	}
	return opts
}

// check compares o's Unmarshal and Decoder with encoding/json's on c.
func (c prefillCase) check(t *testing.T, o safejson.Options) {
	t.Helper()
	name := fmt.Sprintf("%s, engine %v, input %q", c.desc, o.Engine, c.in)
	want, got := c.make(), c.make()
	wantErr := json.Unmarshal(c.in, want)
	gotErr := o.Unmarshal(c.in, got)
	assertSameError(t, wantErr, gotErr, "Unmarshal: "+name)
	assert.True(t, sameValue(want, got), "Unmarshal: %s\nencoding/json: %#v\nsafejson:      %#v", name, deref(want), deref(got))

	want, got = c.make(), c.make()
	wantErr = json.NewDecoder(bytes.NewReader(c.in)).Decode(want)
	gotErr = o.NewDecoder(bytes.NewReader(c.in)).Decode(got)
	assertSameError(t, wantErr, gotErr, "Decoder: "+name)
	assert.True(t, sameValue(want, got), "Decoder: %s\nencoding/json: %#v\nsafejson:      %#v", name, deref(want), deref(got))
}

func deref(p any) any { return reflect.ValueOf(p).Elem().Interface() }

// TestPrefilledTargets: the targets of the issue and their kin, by hand.
func TestPrefilledTargets(t *testing.T) {
	type inner struct {
		A int
		B string
		F float64
	}
	type outer struct {
		N  int
		S  []inner
		M  map[string]int
		P  *inner
		I  any
		Ar [3]int8
		X  []any
	}
	staleSlice := func() []inner {
		s := make([]inner, 1, 4)
		full := s[:4]
		full[0] = inner{A: 1, B: "one"}
		full[1] = inner{A: 2, B: "stale"}
		full[2] = inner{F: 3}
		return s
	}
	makers := map[string]func() any{
		"[]any len 1 cap 4": func() any { s := make([]any, 1, 4); s[0] = "old"; return &s },
		"[]any stale cap": func() any {
			s := make([]any, 4)
			s[0], s[1], s[2], s[3] = "a", 1.5, map[string]any{"k": "v"}, []any{1.0}
			s = s[:1]
			return &s
		},
		"[]float64 stale cap": func() any { s := []float64{1, 2, 3, 4}[:1]; return &s },
		"[]int8 len 2":        func() any { s := []int8{5, 6}; return &s },
		"[]inner stale cap":   func() any { s := staleSlice(); return &s },
		"[2]any":              func() any { a := [2]any{"x", 2.0}; return &a },
		"[3]int8":             func() any { a := [3]int8{1, 2, 3}; return &a },
		"map[string]any": func() any {
			m := map[string]any{"a": "old", "b": map[string]any{"c": 1.0}}
			return &m
		},
		"map[string]int":            func() any { m := map[string]int{"a": 1, "z": 26}; return &m },
		"map[string][]int":          func() any { m := map[string][]int{"a": {1, 2}}; return &m },
		"map[string]*inner":         func() any { m := map[string]*inner{"a": {A: 1}}; return &m },
		"map[string]map[string]int": func() any { m := map[string]map[string]int{"a": {"x": 1}}; return &m },
		"inner":                     func() any { return &inner{A: 7, B: "b", F: -0.5} },
		"*inner":                    func() any { p := &inner{A: 7}; return &p },
		"any holding a string":      func() any { var x any = "old"; return &x },
		"any holding a map":         func() any { var x any = map[string]any{"a": 1.0}; return &x },
		"any holding *inner":        func() any { var x any = &inner{A: 3}; return &x },
		"any holding []any":         func() any { var x any = []any{"x"}; return &x },
		"outer": func() any {
			i := inner{A: 9}
			return &outer{
				N: 1, S: staleSlice(), M: map[string]int{"m": 1}, P: &i, I: &inner{B: "i"},
				Ar: [3]int8{1, 2, 3}, X: append(make([]any, 0, 3), "x", 2.0),
			}
		},
		"outer, no map": func() any {
			i := inner{A: 9}
			return &outer{
				N: 1, S: staleSlice(), P: &i, I: &inner{B: "i"},
				Ar: [3]int8{1, 2, 3}, X: append(make([]any, 0, 3), "x", 2.0),
			}
		},
		"outer, shared": func() any {
			// One backing array behind S and a pointer into it, and one
			// behind X twice.
			s := staleSlice()
			x := append(make([]any, 0, 4), "x", 2.0)
			return &[2]outer{{S: s, P: &s[:2][1], X: x}, {S: s[:2], X: x[:1], I: &s[0]}}
		},
		"[]*inner": func() any { s := []*inner{{A: 1}, nil, {B: "x"}}; return &s },
		"*[]any":   func() any { s := []any{"x", "y"}; p := &s; return &p },
	}
	inputs := []string{
		`[1e400]`, `["x",0.8,100,1e400,null]`, `[1,2,3,4,5,6]`, `[]`, `null`, `[null]`,
		`[{"A":1e400},{"B":2},{"A":"x","F":1}]`, `[{"A":5},{"B":"new"},{"F":2}]`, `[{"A":5},{"A":300}]`,
		`[300,1,2]`, `[1,"x",3]`, `[true,{},[]]`, `[1.5]`, `[-0]`,
		`{"a":1e400,"b":2,"z":"x"}`, `{"a":{"y":2},"b":null}`, `{"a":[3],"z":[1e400]}`, `{"a":{"B":"x","A":1e400}}`,
		`{"A":1e400,"B":"x"}`, `{"A":1,"B":2,"F":3}`, `{"F":1e400}`, `{}`,
		`{"N":1e400,"S":[{"A":1},{"B":"s"},{"F":"bad"}],"M":{"m":2,"n":"x"},"P":{"A":1e400},"I":{"B":"j","A":1},"Ar":[1,1000],"X":[1,2,1e400]}`,
		`{"N":2,"S":[{"A":1},{"B":"s"}],"M":{"n":3},"P":{"B":"p"},"I":{"A":1},"Ar":[9],"X":[true,1e400]}`,
		`{"S":[{},{},{}],"X":[{},{}]}`, `{"P":null,"I":null,"S":null}`, `"str"`, `1e400`, `3`,
		`{"A":1} x`, `[1,2`,
		`[{"S":[{"A":1},{"B":"s"},{"F":"bad"},{"A":2}],"P":{"A":1e400},"X":[1,2,3,1e400]},{"S":[{"A":3}],"I":{"A":"x"},"X":[true]}]`,
		`[{"S":[{"A":1},{"B":"s"},{"A":2}],"P":{"A":4},"X":[1,2,3]},{"S":[{"F":3}],"I":{"A":5},"X":[{}]}]`,
	}
	for _, o := range prefillOptions() {
		for name, mk := range makers {
			for _, in := range inputs {
				prefillCase{desc: name, in: []byte(in), make: mk}.check(t, o)
			}
		}
	}
}

// randomPrefillCase reads data as a random type and a value of it from
// internal/randtype (the pre-filled target), given spare capacity with stale
// elements here and there, and an input: encoding/json's encoding of the
// value, mutated (members dropped or added, elements cut or repeated, leaves
// replaced by numbers out of range, other kinds, null), or, when the first
// byte says so, the bytes after the type's as they are.
func randomPrefillCase(data []byte) (prefillCase, bool) {
	if len(data) < 3 {
		return prefillCase{}, false
	}
	mode, n := data[0], int(data[1]%48)+1
	rest := data[2:]
	typeSeed := rest[:min(n, len(rest))]
	rest = rest[len(typeSeed):]
	cfg := randtype.Config{NoCycles: true, NoChains: true, NoNaN: true, NoUnsupported: true, MaxDepth: 4, MaxBreadth: 4}
	h := fnv.New64a()
	h.Write(data)
	seed := h.Sum64()
	mk := func() any {
		s := cfg.Generate(typeSeed)
		p := targetOf(s)
		spare(p.Elem(), rand.New(rand.NewPCG(seed, 2)), 0)
		return p.Interface()
	}
	s := cfg.Generate(typeSeed)
	if s.CrashesStd() {
		return prefillCase{}, false
	}
	c := prefillCase{desc: s.Desc, make: mk}
	if mode&1 != 0 {
		c.in = rest
		return c, true
	}
	text, err := safejson.Marshal(s.Value) // encoding/json panics on some (a nil *time.Time key)
	if err != nil {
		return prefillCase{}, false
	}
	var tree any
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.UseNumber()
	if dec.Decode(&tree) != nil {
		return prefillCase{}, false
	}
	r := rand.New(rand.NewPCG(seed, 3))
	tree = mutate(tree, r, 1+r.IntN(3))
	if c.in, err = json.Marshal(tree); err != nil {
		return prefillCase{}, false
	}
	return c, true
}

// targetOf returns a pointer to s's value: the pointer itself when it is
// one, or a new one holding a copy.
func targetOf(s randtype.Sample) reflect.Value {
	v := reflect.ValueOf(s.Value)
	if v.Kind() == reflect.Pointer && v.Type().Elem() == s.Type && !v.IsNil() {
		return v
	}
	p := reflect.New(s.Type)
	if v.IsValid() { // nil: an interface type's zero value
		p.Elem().Set(v)
	}
	return p
}

// spare gives slices reached from v (outside maps, through pointers and
// interfaces holding pointers) spare capacity now and then, holding stale
// copies of their elements, and cuts some of their length: the targets a
// reused slice leaves. The choices follow r in a walk that does not depend on
// map order, so equal values get equal spares.
func spare(v reflect.Value, r *rand.Rand, depth int) {
	if depth > 8 {
		return
	}
	if pkg := v.Type().PkgPath(); pkg != "" && pkg != reflect.TypeFor[randtype.Tree]().PkgPath() {
		return // time.Time, big.Int …: their insides are not the target's to change
	}
	if !v.CanSet() && v.CanAddr() {
		v = reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Elem()
	}
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			spare(v.Elem(), r, depth+1)
		}
	case reflect.Interface:
		if !v.IsNil() && v.Elem().Kind() == reflect.Pointer {
			spare(v.Elem(), r, depth+1)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			spare(v.Field(i), r, depth+1)
		}
	case reflect.Array:
		for i := range v.Len() {
			spare(v.Index(i), r, depth+1)
		}
	case reflect.Slice:
		if v.IsNil() || !v.CanSet() {
			return
		}
		for i := range v.Len() {
			spare(v.Index(i), r, depth+1)
		}
		n := v.Len()
		if n == 0 || r.IntN(3) == 0 {
			return
		}
		extra := 1 + r.IntN(3)
		s := reflect.MakeSlice(v.Type(), n, n+extra)
		reflect.Copy(s, v)
		full := s.Slice(0, n+extra)
		for i := n; i < n+extra; i++ {
			full.Index(i).Set(v.Index(r.IntN(n)))
		}
		v.Set(s.Slice(0, r.IntN(n+1)))
	}
}

// leaves are what mutate puts in place of a value.
var leaves = []any{
	json.Number("1e400"), json.Number("-1e400"), json.Number("1.5"), json.Number("-1"),
	json.Number("0"), json.Number("-0"), json.Number("300"), json.Number("70000"),
	json.Number("18446744073709551616"), json.Number("1e10"), "str", "", true, false, nil,
	[]any{}, map[string]any{}, []any{json.Number("1")}, map[string]any{"A": json.Number("1")},
}

// mutate returns x, a decoded JSON value (numbers as json.Number), with n
// changes at random places.
func mutate(x any, r *rand.Rand, n int) any {
	for range n {
		x = mutateOnce(x, r)
	}
	return x
}

func mutateOnce(x any, r *rand.Rand) any {
	switch v := x.(type) {
	case []any:
		if len(v) > 0 && r.IntN(3) != 0 {
			i := r.IntN(len(v))
			v[i] = mutateOnce(v[i], r)
			return v
		}
		switch r.IntN(4) {
		case 0:
			if len(v) > 0 {
				return v[:r.IntN(len(v))]
			}
		case 1:
			if len(v) > 0 {
				return append(v, v[r.IntN(len(v))])
			}
		}
	case map[string]any:
		if len(v) > 0 && r.IntN(3) != 0 {
			for k, e := range v { // any member: map order is random enough
				v[k] = mutateOnce(e, r)
				return v
			}
		}
		switch r.IntN(4) {
		case 0:
			for k := range v {
				delete(v, k)
				return v
			}
		case 1:
			v[fmt.Sprint("k", r.IntN(4))] = leaves[r.IntN(len(leaves))]
			return v
		}
	}
	return leaves[r.IntN(len(leaves))]
}

// TestPrefilledRandom runs pseudo-random pre-filled cases, the same every
// run, on every engine.
func TestPrefilledRandom(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 500
	}
	r := rand.New(rand.NewPCG(11, 12))
	opts := prefillOptions()
	for range n {
		data := make([]byte, 8+r.IntN(64))
		for j := range data {
			data[j] = byte(r.Uint32())
		}
		data[0] &^= 1 // a mutated encoding
		c, ok := randomPrefillCase(data)
		if !ok {
			continue
		}
		for _, o := range opts {
			c.check(t, o)
		}
		if t.Failed() {
			return
		}
	}
}

// FuzzPrefilled is TestPrefilledRandom's check on fuzzed types, values and
// inputs.
func FuzzPrefilled(f *testing.F) {
	r := rand.New(rand.NewPCG(13, 14))
	for range 40 {
		data := make([]byte, 8+r.IntN(64))
		for j := range data {
			data[j] = byte(r.Uint32())
		}
		f.Add(data)
	}
	f.Add(append([]byte{1, 3, 0, 0, 0}, `["x",0.8,100,1e400,null]`...))
	opts := prefillOptions()
	f.Fuzz(func(t *testing.T, data []byte) {
		c, ok := randomPrefillCase(data)
		if !ok {
			return
		}
		for _, o := range opts {
			c.check(t, o)
		}
	})
}
