package safe_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/safe"
)

// reports encodes v under o with a report, and returns the output and each
// substitute as "path reason type".
func reports(t *testing.T, o safe.Options, v any) (string, []string) {
	t.Helper()
	var got []string
	o.OnSubstitute = func(s safe.Substitution) { got = append(got, s.Path.String()+" "+s.Reason+" "+s.Type.String()) }
	b, err := o.Marshal(v)
	require.NoError(t, err)
	plain, err := func() ([]byte, error) { o.OnSubstitute = nil; return o.Marshal(v) }()
	require.NoError(t, err)
	require.Equal(t, string(plain), string(b), "the report changed the bytes")
	return string(b), got
}

type reportTree struct {
	Kids []*reportTree `json:"kids,omitempty"`
	Up   *reportTree   `json:"up,omitempty"`
}

func TestOnSubstituteLimits(t *testing.T) {
	out, got := reports(t, safe.Options{MaxBreadth: 3, MaxDepth: 2},
		map[string]any{"wide": []int{1, 2, 3, 4}, "deep": []any{[]any{1}}, "obj": map[string]int{"a": 1, "b": 2, "c": 3, "d": 4}})
	assert.Equal(t, `{"deep":["[Array]"],"obj":{"a":1,"b":2,"c":3,"...":"1 item not stringified"},"wide":[1,2,3,"... 1 item not stringified"]}`, out)
	assert.Equal(t, []string{
		"/deep/0 too deep []interface {}",
		"/obj too broad map[string]int",
		"/wide too broad []int",
	}, got)
}

func TestOnSubstitutePlaceholderAndReplacer(t *testing.T) {
	root := &reportTree{}
	root.Kids = []*reportTree{{Up: root}, {Up: root}}
	o := safe.Options{Circular: safe.CircularPlaceholder,
		Replacer: func(k string, v any) (any, bool) { return v, k != "drop" }}
	out, got := reports(t, o, root)
	assert.Equal(t, `{"kids":[{"up":"[Circular]"},{"up":"[Circular]"}]}`, out)
	assert.Equal(t, []string{
		"/kids/0/up cycle *safe_test.reportTree",
		"/kids/1/up cycle *safe_test.reportTree",
	}, got)
}

func TestOnSubstituteTopLevel(t *testing.T) {
	out, got := reports(t, safe.Options{}, math.NaN())
	assert.Equal(t, "null", out)
	assert.Equal(t, []string{" non-finite number float64"}, got)
	out, got = reports(t, safe.Options{}, map[string]any{"f": func() {}})
	assert.Equal(t, "{}", out)
	assert.Equal(t, []string{"/f unsupported type func()"}, got)
	_, got = reports(t, safe.Options{}, struct{ A, B int }{})
	assert.Empty(t, got)
}

// tieKey writes every key but 0 as "k": those members tie, and are ordered
// by their values, encoded ahead; 0 is "a", written first.
type tieKey int

func (k tieKey) MarshalText() ([]byte, error) {
	if k == 0 {
		return []byte("a"), nil
	}
	return []byte("k"), nil
}

type tieMap map[tieKey]any

// TestOnSubstituteTiedNames: members whose names tie are encoded ahead to
// order them; their substitutes are reported where they are written.
func TestOnSubstituteTiedNames(t *testing.T) {
	v := map[string]any{
		"a": tieMap{0: math.NaN(), 1: []any{math.Inf(1)}, 2: []any{1, math.NaN()}},
		"b": math.NaN(),
	}
	for range 20 { // map order varies
		out, got := reports(t, safe.Options{}, v)
		assert.Equal(t, `{"a":{"a":null,"k":[1,null],"k":[null]},"b":null}`, out)
		assert.Equal(t, []string{"/a/a non-finite number float64", "/a/k/1 non-finite number float64",
			"/a/k/0 non-finite number float64", "/b non-finite number float64"}, got)
	}
}
