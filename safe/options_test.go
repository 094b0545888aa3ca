package safe_test

import (
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/benchdata"
	"github.com/safejson/safejson/internal/flavor"
	"github.com/safejson/safejson/internal/testutil"
	"github.com/safejson/safejson/safe"
)

func TestValidate(t *testing.T) {
	for _, tc := range []struct {
		o    safe.Options
		want string
	}{
		{safe.Options{MaxDepth: -1}, "safe: MaxDepth must not be negative, got -1"},
		{safe.Options{MaxBreadth: -2}, "safe: MaxBreadth must not be negative, got -2"},
		{safe.Options{Circular: 3}, "safe: unknown Circular policy 3"},
		{safe.Options{Circular: -1}, "safe: unknown Circular policy -1"},
		{safe.Options{Placeholder: "x"}, `safe: Placeholder "x" is set but Circular is CircularOmit, not CircularPlaceholder`},
		{safe.Options{Placeholder: "x", Circular: safe.CircularError}, `safe: Placeholder "x" is set but Circular is CircularError, not CircularPlaceholder`},
		{safe.Options{MaxDepth: safe.HardMaxDepth + 1}, "safe: MaxDepth must be at most 100000, got 100001"},
	} {
		require.EqualError(t, tc.o.Validate(), tc.want)
		_, err := tc.o.Marshal(1)
		require.EqualError(t, err, tc.want, "Marshal")
		dst := []byte("abc")
		out, err := tc.o.Append(dst, 1)
		require.EqualError(t, err, tc.want, "Append")
		assert.Equal(t, "abc", string(out))
		_, err = tc.o.MarshalIndent(1, "", " ")
		require.EqualError(t, err, tc.want, "MarshalIndent")
	}
	for _, o := range []safe.Options{
		{},
		{Circular: safe.CircularPlaceholder, Placeholder: "<loop>"},
		{Circular: safe.CircularPlaceholder},
		{Circular: safe.CircularError, MaxDepth: 5, MaxBreadth: 1, Strict: true},
		{MaxDepth: safe.HardMaxDepth},
	} {
		assert.NoError(t, o.Validate(), "%+v", o)
	}
}

func TestCircularString(t *testing.T) {
	assert.Equal(t, "CircularOmit", safe.CircularOmit.String())
	assert.Equal(t, "CircularPlaceholder", safe.CircularPlaceholder.String())
	assert.Equal(t, "CircularError", safe.CircularError.String())
	assert.Equal(t, "Circular(9)", safe.Circular(9).String())
}

// cyclicValues has a cycle as a struct member, an array element, a map value
// and a map[string]any member, and one reached through an interface.
type cyclicValues struct {
	Self  *cyclicValues            `json:"self"`
	List  []*cyclicValues          `json:"list"`
	ByKey map[string]*cyclicValues `json:"byKey"`
	Any   map[string]any           `json:"any"`
	N     int                      `json:"n"`
}

func newCyclic() *cyclicValues {
	c := &cyclicValues{N: 1}
	c.Self = c
	c.List = []*cyclicValues{c, {N: 2}}
	c.ByKey = map[string]*cyclicValues{"me": c, "other": {N: 3}}
	c.Any = map[string]any{"me": c, "x": 1.0}
	return c
}

func TestCircularPolicies(t *testing.T) {
	c := newCyclic()
	_, stdErr := json.Marshal(c)
	require.Error(t, stdErr)

	got, err := safe.Marshal(c)
	require.NoError(t, err)
	assert.Equal(t, `{"list":[null,{"self":null,"list":null,"byKey":null,"any":null,"n":2}],"byKey":{"other":{"self":null,"list":null,"byKey":null,"any":null,"n":3}},"any":{"x":1},"n":1}`, string(got), "CircularOmit")

	got, err = safe.Options{Circular: safe.CircularPlaceholder}.Marshal(c)
	require.NoError(t, err)
	assert.Equal(t, `{"self":"[Circular]","list":["[Circular]",{"self":null,"list":null,"byKey":null,"any":null,"n":2}],"byKey":{"me":"[Circular]","other":{"self":null,"list":null,"byKey":null,"any":null,"n":3}},"any":{"me":"[Circular]","x":1},"n":1}`, string(got), "CircularPlaceholder")

	got, err = safe.Options{Circular: safe.CircularPlaceholder, Placeholder: `<"loop">`}.Marshal(c.Any)
	require.NoError(t, err)
	assert.Equal(t, `{"me":{"self":"\u003c\"loop\"\u003e","list":["\u003c\"loop\"\u003e",{"self":null,"list":null,"byKey":null,"any":null,"n":2}],"byKey":{"me":"\u003c\"loop\"\u003e","other":{"self":null,"list":null,"byKey":null,"any":null,"n":3}},"any":"\u003c\"loop\"\u003e","n":1},"x":1}`, string(got), "placeholder escaped")

	got, err = safe.Options{Circular: safe.CircularPlaceholder, Placeholder: `<"loop">`, NoEscapeHTML: true}.Marshal(c.List)
	require.NoError(t, err)
	assert.True(t, strings.Contains(string(got), `"self":"<\"loop\">"`), "%s", got)

	for _, o := range []safe.Options{{Circular: safe.CircularError}, {Strict: true}, {Strict: true, Circular: safe.CircularPlaceholder}} {
		dst := []byte("x")
		got, err = o.Append(dst, c)
		require.Error(t, err)
		assert.Equal(t, "x", string(got))
		var se *safe.Error
		require.ErrorAs(t, err, &se)
		assert.Equal(t, "/self", se.Path)
		assert.Equal(t, safe.ReasonCycle, se.Reason)
		var uv *json.UnsupportedValueError
		require.ErrorAs(t, err, &uv)
		assert.Equal(t, "encountered a cycle via *safe_test.cyclicValues", uv.Str)
		assert.Equal(t, `json: unsupported value: encountered a cycle via *safe_test.cyclicValues (at "/self")`, err.Error())
		assert.Same(t, se.Err, errors.Unwrap(err))
	}
}

// TestCircularAncestorsOnly: a value met twice on different paths is written
// twice; only a value inside itself is a cycle.
func TestCircularAncestorsOnly(t *testing.T) {
	shared := map[string]any{"v": 1.0}
	list := []any{shared, shared, map[string]any{"again": shared}}
	want, err := json.Marshal(list)
	require.NoError(t, err)
	got, err := safe.Options{Circular: safe.CircularError}.Marshal(list)
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got))

	// A sub-slice of a slice is another value: s[0] holds s[:1], whose
	// element is s[:1] again, which is the cycle.
	s := make([]any, 2)
	s[0] = s[:1]
	got, err = safe.Marshal(s)
	require.NoError(t, err)
	assert.Equal(t, `[[null],null]`, string(got))
}

func TestMaxDepth(t *testing.T) {
	v := map[string]any{"a": map[string]any{"b": []any{1.0, []any{}, map[string]any{}}}, "s": "x"}
	for depth, want := range map[int]string{
		1: `{"a":"[Object]","s":"x"}`,
		2: `{"a":{"b":"[Array]"},"s":"x"}`,
		3: `{"a":{"b":[1,"[Array]","[Object]"]},"s":"x"}`,
		4: `{"a":{"b":[1,[],{}]},"s":"x"}`,
	} {
		got, err := safe.Options{MaxDepth: depth}.Marshal(v)
		require.NoError(t, err)
		assert.Equal(t, want, string(got), "MaxDepth %d", depth)
	}
	// The same through reflect (typed values), and nil containers stay null.
	type level struct {
		Next  *level         `json:"next"`
		List  []int          `json:"list"`
		M     map[string]int `json:"m"`
		Array [1]int         `json:"array"`
	}
	typed := &level{Next: &level{List: []int{1}, M: map[string]int{"k": 1}}}
	got, err := safe.Options{MaxDepth: 2}.Marshal(typed)
	require.NoError(t, err)
	assert.Equal(t, `{"next":{"next":null,"list":"[Array]","m":"[Object]","array":"[Array]"},"list":null,"m":null,"array":[0]}`, string(got))
	got, err = safe.Options{MaxDepth: 1}.Marshal(typed)
	require.NoError(t, err)
	assert.Equal(t, `{"next":"[Object]","list":null,"m":null,"array":"[Array]"}`, string(got))

	// Exactly MaxDepth levels are written as encoding/json writes them.
	deep := benchdata.DeepStruct(50)
	want, err := json.Marshal(deep)
	require.NoError(t, err)
	got, err = safe.Options{MaxDepth: 50}.Marshal(deep)
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got))
	got, err = safe.Options{MaxDepth: 49}.Marshal(deep)
	require.NoError(t, err)
	assert.True(t, strings.HasSuffix(string(got), `"child":"[Object]"}`+strings.Repeat("}", 48)), "%s", got[len(got)-80:])

	_, err = safe.Options{MaxDepth: 49, Strict: true}.Marshal(deep)
	var se *safe.Error
	require.ErrorAs(t, err, &se)
	assert.Equal(t, safe.ReasonDepth, se.Reason)
	assert.Equal(t, strings.Repeat("/child", 49), se.Path)
	var uv *json.UnsupportedValueError
	require.ErrorAs(t, err, &uv)
	assert.Equal(t, "nesting deeper than 49 levels", uv.Str)

	// The default is 10000: the 10001st object is "[Object]".
	got, err = safe.Marshal(benchdata.DeepMap(10001))
	require.NoError(t, err)
	assert.True(t, json.Valid(got))
	assert.Contains(t, string(got), `{"child":"[Object]","level":10000}`)
	assert.Equal(t, 1, strings.Count(string(got), "[Object]"))
	want, err = json.Marshal(benchdata.DeepMap(10000))
	require.NoError(t, err)
	got, err = safe.Marshal(benchdata.DeepMap(10000))
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got))
}

// TestMaxDepthIndirections: pointers and interfaces do not count as depth,
// but a chain of more than 8 × MaxDepth of them is cut short (null).
func TestMaxDepthIndirections(t *testing.T) {
	var v any = 1
	for range 40 { // 40 pointers, 40 interfaces
		x := v
		v = &x
	}
	want, err := json.Marshal(v)
	require.NoError(t, err)
	got, err := safe.Options{MaxDepth: 10}.Marshal(v)
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got), "80 = 8 × 10 indirections are followed")
	x := v
	v = &x
	got, err = safe.Options{MaxDepth: 10}.Marshal(v)
	require.NoError(t, err)
	assert.Equal(t, "null", string(got))
	_, err = safe.Options{MaxDepth: 10, Strict: true}.Marshal(v)
	var se *safe.Error
	require.ErrorAs(t, err, &se)
	assert.Equal(t, safe.ReasonDepth, se.Reason)
}

func TestMaxBreadth(t *testing.T) {
	type three struct {
		A int `json:"a"`
		B int `json:"b,omitempty"`
		C int `json:"c"`
		D int `json:"d"`
	}
	for _, tc := range []struct {
		name    string
		v       any
		breadth int
		want    string
	}{
		{"array", []int{1, 2, 3, 4}, 2, `[1,2,"... 2 items not stringified"]`},
		{"array one left", []int{1, 2, 3}, 2, `[1,2,"... 1 item not stringified"]`},
		{"array fits", []int{1, 2}, 2, `[1,2]`},
		{"any array", []any{"a", "b", "c"}, 1, `["a","... 2 items not stringified"]`},
		{"byte array", [3]byte{1, 2, 3}, 1, `[1,"... 2 items not stringified"]`},
		{"bytes are a string", []byte{1, 2, 3}, 1, `"AQID"`},
		{"map", map[string]int{"c": 3, "a": 1, "b": 2}, 2, `{"a":1,"b":2,"...":"1 item not stringified"}`},
		{"map any", map[string]any{"c": 3, "a": 1, "b": 2, "d": 4}, 1, `{"a":1,"...":"3 items not stringified"}`},
		{"struct", three{A: 1, C: 3, D: 4}, 2, `{"a":1,"c":3,"...":"1 item not stringified"}`},
		{"struct omitempty counted out", three{A: 1, B: 2, C: 3, D: 4}, 1, `{"a":1,"...":"3 items not stringified"}`},
		{"nested", map[string][]int{"x": {1, 2, 3}}, 1, `{"x":[1,"... 2 items not stringified"]}`},
		{"omitted member still counts", map[string]any{"f": func() {}, "g": 1, "h": 2}, 1, `{"...":"2 items not stringified"}`},
	} {
		got, err := safe.Options{MaxBreadth: tc.breadth}.Marshal(tc.v)
		require.NoError(t, err, tc.name)
		assert.Equal(t, tc.want, string(got), tc.name)
		assert.True(t, json.Valid(got), tc.name)
	}

	got, err := safe.Options{MaxBreadth: 1}.MarshalIndent(map[string][]int{"a": {1, 2}, "b": nil}, "", "  ")
	require.NoError(t, err)
	assert.Equal(t, "{\n  \"a\": [\n    1,\n    \"... 1 item not stringified\"\n  ],\n  \"...\": \"1 item not stringified\"\n}", string(got))

	_, err = safe.Options{MaxBreadth: 1, Strict: true}.Marshal(map[string]any{"a": []int{1, 2}})
	var se *safe.Error
	require.ErrorAs(t, err, &se)
	assert.Equal(t, "/a", se.Path)
	assert.Equal(t, safe.ReasonBreadth, se.Reason)
	assert.EqualError(t, err, `json: unsupported value: more than 1 members (at "/a")`)
}

func TestReplacer(t *testing.T) {
	type user struct {
		Name   string         `json:"name"`
		Email  string         `json:"email"`
		Tags   []string       `json:"tags"`
		Extra  map[string]any `json:"extra"`
		Secret string         `json:"secret"`
		Empty  string         `json:"empty,omitempty"`
		Count  int            `json:"count,string"`
	}
	u := user{Name: "n", Email: "e@x", Tags: []string{"a", "b"}, Extra: map[string]any{"email": "x", "k": []any{1.0}}, Secret: "s", Count: 3}
	var keys []string
	got, err := safe.Options{Replacer: func(key string, v any) (any, bool) {
		keys = append(keys, key)
		switch key {
		case "email":
			return "***", true
		case "secret":
			return nil, false
		case "1":
			return strings.ToUpper(v.(string)), true
		case "count":
			return 4, true // the member's type: written with its ,string option
		}
		return v, true
	}}.Marshal(u)
	require.NoError(t, err)
	assert.Equal(t, `{"name":"n","email":"***","tags":["a","B"],"extra":{"email":"***","k":[1]},"count":"4"}`, string(got))
	assert.Equal(t, []string{"", "name", "email", "tags", "0", "1", "extra", "email", "k", "0", "secret", "count"}, keys,
		"once per value, omitted members never, in output order")

	// The replacement itself is not replaced again; its members are.
	got, err = safe.Options{Replacer: func(key string, v any) (any, bool) {
		if key == "" {
			return map[string]any{"wrapped": v, "at": "top"}, true
		}
		if key == "wrapped" {
			return []int{1}, true
		}
		return v, true
	}}.Marshal(5)
	require.NoError(t, err)
	assert.Equal(t, `{"at":"top","wrapped":[1]}`, string(got))

	// false: null at the top level and for elements, omitted for members.
	drop := safe.Options{Replacer: func(key string, v any) (any, bool) { return v, key != "" && key != "0" && key != "x" }}
	got, err = drop.Marshal(1)
	require.NoError(t, err)
	assert.Equal(t, "null", string(got))
	got, err = safe.Options{Replacer: func(key string, v any) (any, bool) { return v, key != "0" && key != "x" }}.Marshal(map[string]any{"x": 1, "y": []int{7, 8}})
	require.NoError(t, err)
	assert.Equal(t, `{"y":[null,8]}`, string(got))

	// A replacement that cannot be written is substituted like any value.
	got, err = safe.Options{Replacer: func(key string, v any) (any, bool) {
		if key == "f" {
			return func() {}, true
		}
		if key == "n" {
			return math.NaN(), true
		}
		return v, true
	}}.Marshal(map[string]int{"f": 1, "n": 2, "k": 3})
	require.NoError(t, err)
	assert.Equal(t, `{"k":3,"n":null}`, string(got))

	// The bench's Redact.
	got, err = safe.Options{Replacer: benchdata.Redact}.Marshal(benchdata.Items(1))
	require.NoError(t, err)
	assert.Contains(t, string(got), `"email":"***"`)
}

// TestReplacerCycle: the replacer is called once for a cyclic value: the
// member that closes the cycle gets its call, then is the cycle.
func TestReplacerCycle(t *testing.T) {
	calls := map[string]int{}
	c := newCyclic()
	got, err := safe.Options{Replacer: func(key string, v any) (any, bool) {
		calls[key]++
		return v, true
	}}.Marshal(c)
	require.NoError(t, err)
	want, err := safe.Marshal(c)
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got))
	assert.Equal(t, map[string]int{
		"": 1, "self": 3, "list": 3, "0": 1, "1": 1, "byKey": 3, "me": 2, "other": 1,
		"any": 3, "x": 1, "n": 3,
	}, calls)

	// A replacer can break the cycle itself.
	got, err = safe.Options{Circular: safe.CircularError, Replacer: func(key string, v any) (any, bool) {
		if key == "self" || key == "me" || key == "0" {
			return "(self)", true
		}
		return v, true
	}}.Marshal(c)
	require.NoError(t, err)
	assert.True(t, json.Valid(got))
	assert.Contains(t, string(got), `"self":"(self)"`)
}

func TestNoEscapeHTML(t *testing.T) {
	type html struct {
		A string `json:"<a>"`
		R json.RawMessage
		T valText
	}
	v := html{A: "<b>&\u2028", R: json.RawMessage(`"<i>` + "\u2028" + `"`), T: valText{"&"}}
	got, err := safe.Options{NoEscapeHTML: true}.Marshal(v)
	require.NoError(t, err)
	// U+2028 is escaped in strings but, in the classic encoding/json, kept in
	// MarshalJSON output when HTML is not escaped (json/v2 escapes it).
	want, err := stdEncoder(v, false, "", "")
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got))
	assert.Contains(t, string(got), `"<a>":"<b>&\u2028"`)
	got, err = safe.Marshal(v)
	require.NoError(t, err)
	assert.Equal(t, `{"\u003ca\u003e":"\u003cb\u003e\u0026\u2028","R":"\u003ci\u003e\u2028","T":"text:\u0026"}`, string(got))
	want, err = json.Marshal(v)
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got))
}

func TestIndentOptions(t *testing.T) {
	v := map[string]any{"a": []any{}, "b": map[string]any{}, "c": []int{1}}
	got, err := safe.Options{Indent: "  "}.Marshal(v)
	require.NoError(t, err)
	want, err := json.MarshalIndent(v, "", "  ")
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got))

	// Options with no Prefix and Indent are compact, as json.Encoder with
	// SetIndent("", ""); MarshalIndent("", "") still breaks lines, as
	// json.MarshalIndent does.
	got, err = safe.Options{}.Marshal(v)
	require.NoError(t, err)
	assert.Equal(t, `{"a":[],"b":{},"c":[1]}`, string(got))
	got, err = safe.MarshalIndent(v, "", "")
	require.NoError(t, err)
	want, err = json.MarshalIndent(v, "", "")
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got))
	assert.Equal(t, "{\n\"a\": [],\n\"b\": {},\n\"c\": [\n1\n]\n}", string(got))

	got, err = safe.Options{Prefix: "p", Indent: "i"}.AppendIndent([]byte("x"), []int{1}, "", "")
	require.NoError(t, err)
	assert.Equal(t, "x[\n1\n]", string(got), "AppendIndent's prefix and indent replace the options'")
}

func TestErrorPath(t *testing.T) {
	v := map[string]any{"a/b": map[string]any{"c~d": []any{0, map[string]any{"": math.Inf(1)}}}}
	_, err := safe.Options{Strict: true}.Marshal(v)
	var se *safe.Error
	require.ErrorAs(t, err, &se)
	assert.Equal(t, "/a~1b/c~0d/1/", se.Path)
	assert.Equal(t, safe.ReasonNonFinite, se.Reason)
	assert.EqualError(t, err, `json: unsupported value: +Inf (at "/a~1b/c~0d/1/")`)

	_, err = safe.Options{Strict: true}.Marshal(math.NaN())
	require.ErrorAs(t, err, &se)
	assert.Equal(t, "", se.Path)
	assert.EqualError(t, err, `json: unsupported value: NaN (at the top level)`)

	_, err = safe.Options{Strict: true}.Marshal(struct{ F func() }{})
	require.ErrorAs(t, err, &se)
	assert.Equal(t, "/F", se.Path)
	assert.Equal(t, safe.ReasonUnsupportedType, se.Reason)
	var ut *json.UnsupportedTypeError
	require.ErrorAs(t, err, &ut)
	assert.Equal(t, "func()", ut.Type.String())

	bad := []map[bool]int{{true: 1}}
	_, err = safe.Options{Strict: true}.Marshal(bad)
	require.ErrorAs(t, err, &se)
	assert.Equal(t, "/0", se.Path)
	assert.Equal(t, safe.ReasonMapKey, se.Reason)
	_, stdErr := json.Marshal(bad) // a type error (classic), a value error at /0 (json/v2)
	require.Error(t, stdErr)
	assert.EqualError(t, err, stdErr.Error()+` (at "/0")`)
	assert.IsType(t, stdErr, se.Err)
	// Indented, the error is the same: encoding/json indents afterwards.
	_, err = safe.Options{Strict: true, Prefix: "> ", Indent: "\t"}.Marshal(bad)
	assert.EqualError(t, err, stdErr.Error()+` (at "/0")`)
}

// TestLargeInputs: the cases that must not crash, each in well under a few
// seconds.
func TestLargeInputs(t *testing.T) {
	million := 1_000_000
	if testutil.RaceEnabled {
		million = 100_000
	}
	t.Run("linked list of a million nodes", func(t *testing.T) {
		type node struct {
			N    int   `json:"n"`
			Next *node `json:"next,omitempty"`
		}
		var head *node
		for i := million; i > 0; i-- {
			head = &node{N: i, Next: head}
		}
		got, err := safe.Marshal(head)
		require.NoError(t, err)
		require.True(t, json.Valid(got))
		assert.True(t, strings.HasSuffix(string(got), `{"n":10000,"next":"[Object]"}`+strings.Repeat("}", 9999)))
	})
	t.Run("map of a million keys", func(t *testing.T) {
		m := make(map[string]int, million)
		for i := range million {
			m[strconv.Itoa(i)] = i
		}
		got, err := safe.Marshal(m)
		require.NoError(t, err)
		want, err := json.Marshal(m)
		require.NoError(t, err)
		assert.Equal(t, len(want), len(got))
		assert.True(t, string(want) == string(got))
	})
	t.Run("any map of a million keys", func(t *testing.T) {
		m := make(map[string]any, million)
		for i := range million {
			m[strconv.Itoa(i)] = math.NaN()
		}
		got, err := safe.Marshal(m)
		require.NoError(t, err)
		assert.Equal(t, million, strings.Count(string(got), ":null"))
		assert.True(t, json.Valid(got))
	})
	t.Run("nested arrays a million deep", func(t *testing.T) {
		var v any = []any{}
		for range million {
			v = []any{v}
		}
		got, err := safe.Marshal(v)
		require.NoError(t, err)
		assert.True(t, json.Valid(got))
		assert.Equal(t, strings.Repeat("[", 10000)+`"[Array]"`+strings.Repeat("]", 10000), string(got))
	})
	t.Run("pointer chain a million long", func(t *testing.T) {
		type P *P
		ps := make([]P, million)
		for i := range len(ps) - 1 {
			ps[i] = P(&ps[i+1])
		}
		got, err := safe.Marshal(ps[0])
		require.NoError(t, err)
		assert.Equal(t, "null", string(got))
	})
}

type panicky struct{}

func (panicky) MarshalJSON() ([]byte, error) { panic("boom") }

// TestUserPanicPropagates: a panic in the caller's method is not recovered
// into an error, as in encoding/json; the encoder works afterwards.
func TestUserPanicPropagates(t *testing.T) {
	v := map[string]any{"a": []any{1, panicky{}}}
	assert.PanicsWithValue(t, "boom", func() { _, _ = json.Marshal(v) })
	assert.PanicsWithValue(t, "boom", func() { _, _ = safe.Marshal(v) })
	got, err := safe.Marshal(map[string]any{"b": 1})
	require.NoError(t, err)
	assert.Equal(t, `{"b":1}`, string(got))
}

// TestReuseAfterError: an encode that fails half-way (deep inside maps) leaves
// nothing behind for the next one.
func TestReuseAfterError(t *testing.T) {
	bad := map[string]any{"a": map[string]any{"x": 1, "y": map[int]any{1: failJSON{}, 2: 2}}, "b": 2}
	_, stdErr := json.Marshal(bad)
	require.Error(t, stdErr)
	for range 3 {
		_, err := safe.Marshal(bad)
		require.Error(t, err)
		assert.Equal(t, reflect.TypeOf(stdErr), reflect.TypeOf(err))
		assert.Equal(t, stdErr.Error(), err.Error())
		good := map[string]any{"k": map[string]int{"z": 1, "y": 2}, "l": []any{map[string]any{"m": 1}}}
		want, err := json.Marshal(good)
		require.NoError(t, err)
		got, err := safe.Marshal(good)
		require.NoError(t, err)
		assert.Equal(t, string(want), string(got))
	}
}

// TestDefaultDepthLimit: beyond DefaultMaxDepth safe writes "[Array]".
// json/v2's encoding/json stops there too (*json.SyntaxError), and Strict
// wraps its very error; the classic one has no limit, and Strict reports
// safe's own.
func TestDefaultDepthLimit(t *testing.T) {
	var v any = 1
	for range safe.DefaultMaxDepth + 1 {
		v = []any{v}
	}
	got, err := safe.Marshal(v)
	require.NoError(t, err)
	assert.True(t, json.Valid(got))
	assert.Contains(t, string(got), `[["[Array]"]]`)
	_, strictErr := safe.Options{Strict: true}.Marshal(v)
	var se *safe.Error
	require.ErrorAs(t, strictErr, &se)
	assert.Equal(t, safe.ReasonDepth, se.Reason)
	_, stdErr := json.Marshal(v)
	if flavor.EncodeDepthLimit == 0 {
		require.NoError(t, stdErr)
		var uv *json.UnsupportedValueError
		assert.ErrorAs(t, strictErr, &uv)
		return
	}
	require.Error(t, stdErr)
	assert.IsType(t, stdErr, se.Err)
	assert.Equal(t, stdErr.Error(), se.Err.Error())
}
