package safejson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/benchdata"
	"github.com/safejson/safejson/internal/engine"
	"github.com/safejson/safejson/internal/enginehandle"
	"github.com/safejson/safejson/internal/options"
	"github.com/safejson/safejson/internal/plan"
	"github.com/safejson/safejson/internal/testutil"
	"github.com/safejson/safejson/safe"
)

// countingEngine wraps an engine, counting attempts and optionally panicking.
type countingEngine struct {
	engine.Engine
	calls atomic.Int64
	panic any
}

func (e *countingEngine) Append(dst []byte, v any, o options.Output) ([]byte, error) {
	e.calls.Add(1)
	if e.panic != nil {
		panic(e.panic)
	}
	return e.Engine.Append(dst, v, o)
}

// eachOptions are the default Options, then Options naming each engine.
func eachOptions() []Options {
	opts := []Options{{}}
	for _, e := range engine.All() {
		opts = append(opts, Options{Engine: enginehandle.Of(e)})
	}
	return opts
}

func eachEngine(t *testing.T, fn func(t *testing.T, e engine.Engine)) {
	for _, e := range engine.All() {
		t.Run(e.Name(), func(t *testing.T) { fn(t, e) })
	}
}

func TestPlainDataGoesToEngineOnce(t *testing.T) {
	eachEngine(t, func(t *testing.T, e engine.Engine) {
		ce := &countingEngine{Engine: e}
		noFloats := plan.AvoidMask(e.Quirks())&plan.FeatFloat != 0 // sonic on arm64 (-0)
		for _, c := range []struct {
			v     any
			float bool
		}{
			{benchdata.Items(20), true},
			{benchdata.DeepStruct(50), false},
			{testutil.Iface{Any: benchdata.Maps(2)}, true},
			{testutil.Iface{Any: map[string]any{"a": []any{"b", true, nil}}}, false},
			{nil, false},
			{1.5, true},
		} {
			want, err := json.Marshal(c.v)
			require.NoError(t, err)
			before := ce.calls.Load()
			got, err := Options{Engine: enginehandle.Of(ce)}.Marshal(c.v)
			require.NoError(t, err)
			assert.Equal(t, string(want), string(got))
			attempts := int64(1)
			if c.float && noFloats {
				attempts = 0
			}
			assert.Equal(t, before+attempts, ce.calls.Load(), "%T: engine attempts", c.v)
		}
	})
}

// TestDecodedJSONRoute: decoded JSON with more than plan.MaxDecodedMembers map
// members in all goes to the reference encoder, which writes member-heavy
// trees faster; with fewer (long strings, arrays of numbers) to the engine,
// once, after the pre-scan. Either way with encoding/json's bytes.
func TestDecodedJSONRoute(t *testing.T) {
	many := benchdata.Maps(20) // 9 members each
	few := []any{benchdata.Map(1), map[string]any{"s": strings.Repeat("é<", 100), "n": []any{1.5, -0.25, 1e21, 1e-7}}}
	require.Greater(t, 9*len(many), plan.MaxDecodedMembers)
	eachEngine(t, func(t *testing.T, e engine.Engine) {
		noFloats := plan.AvoidMask(e.Quirks())&plan.FeatFloat != 0 // sonic on arm64 (-0)
		for _, c := range []struct {
			v        any
			attempts int64
		}{
			{many, 0},
			{[]map[string]any{benchdata.Map(2), benchdata.Map(3)}, 1},
			{few, 1},
			{few[1], 1},
			{map[string]any{"a": "b", "c": nil, "d": true}, 1},
		} {
			ce := &countingEngine{Engine: e}
			want, err := json.Marshal(c.v)
			require.NoError(t, err)
			got, err := Options{Engine: enginehandle.Of(ce)}.Marshal(c.v)
			require.NoError(t, err)
			assert.Equal(t, string(want), string(got))
			attempts := c.attempts
			if noFloats && strings.Contains(string(want), ".") {
				attempts = 0
			}
			assert.Equal(t, attempts, ce.calls.Load(), "%T %.40s: engine attempts", c.v, want)
		}
	})
}

// selfPointer is a pointer type whose values point to values of itself.
type selfPointer *selfPointer

// TestTokenlessCyclesNeverReachAnEngine: values holding a cycle that writes
// no JSON token (category K: they kill Go 1.27's encoding/json), and the
// other values the pre-scan keeps from the engines, go to the reference
// encoder whatever engine is asked for, and come out as valid JSON.
func TestTokenlessCyclesNeverReachAnEngine(t *testing.T) {
	var anySelf any
	anySelf = &anySelf
	var named selfPointer
	named = &named
	var viaDouble any
	double := &viaDouble
	viaDouble = &double
	selfMap := map[string]any{"a": 1}
	selfMap["self"] = selfMap
	deep := map[string]any{}
	for range plan.EngineDepthLimit {
		deep = map[string]any{"a": deep}
	}
	for name, v := range map[string]any{
		"any pointer to itself":           anySelf,
		"any pointer to itself in slice":  []any{1, anySelf},
		"named pointer to itself":         named,
		"named pointer to itself in map":  map[string]any{"p": named},
		"double pointer cycle":            map[string]any{"d": []any{viaDouble}},
		"double pointer cycle in struct":  struct{ D any }{viaDouble},
		"self map":                        selfMap,
		"too deep":                        deep,
		"named pointer to itself, typed":  struct{ P selfPointer }{named},
		"any pointer to itself in struct": &struct{ A []any }{[]any{anySelf}},
	} {
		for _, o := range []Options{{}, {Engine: enginehandle.Of(engine.Std())}} {
			got := o.plan(v).Engine
			assert.Nil(t, got, name)
		}
		eachEngine(t, func(t *testing.T, e engine.Engine) {
			got := (&Options{Engine: enginehandle.Of(e)}).plan(v).Engine
			assert.Nil(t, got, "%s on %s", name, e.Name())
			out, err := Options{Engine: enginehandle.Of(e)}.Marshal(v)
			require.NoError(t, err, name)
			assert.True(t, json.Valid(out), "%s on %s: %s", name, e.Name(), out)
		})
		out, err := Marshal(v)
		require.NoError(t, err, name)
		assert.True(t, json.Valid(out), "%s: %s", name, out)
	}
}

func TestCyclesNeverReachTheEngine(t *testing.T) {
	eachEngine(t, func(t *testing.T, e engine.Engine) {
		ce := &countingEngine{Engine: e}
		for _, v := range []any{benchdata.SelfMap(), benchdata.ItemsWithSelf(20), benchdata.DeepStruct(plan.EngineDepthLimit + 5), benchdata.ItemsWithFunc(3)} {
			want, err := safe.Marshal(v)
			require.NoError(t, err)
			got, err := Options{Engine: enginehandle.Of(ce)}.Marshal(v)
			require.NoError(t, err)
			assert.Equal(t, string(want), string(got))
		}
		assert.Zero(t, ce.calls.Load(), "the planner sends these straight to the reference encoder")
	})
}

func TestRejectedValueFallsBack(t *testing.T) {
	eachEngine(t, func(t *testing.T, e engine.Engine) {
		ce := &countingEngine{Engine: e}
		v := benchdata.ItemsWithNaN(20)
		want, err := safe.Marshal(v)
		require.NoError(t, err)
		got, err := Options{Engine: enginehandle.Of(ce)}.Marshal(v)
		require.NoError(t, err)
		assert.Equal(t, string(want), string(got))
		assert.Contains(t, string(got), `"score":null`)
		attempts := 1
		if plan.AvoidMask(e.Quirks())&plan.FeatFloat != 0 {
			attempts = 0 // sonic on arm64: floats never go to it (-0)
		}
		assert.EqualValues(t, attempts, ce.calls.Load(), "one engine attempt, then the fallback")

		_, err = Options{Engine: enginehandle.Of(e), Strict: true}.Marshal(v)
		var uve *json.UnsupportedValueError
		assert.ErrorAs(t, err, &uve, "Strict turns the substitute into the std error")
	})
}

func TestEnginePanicFallsBack(t *testing.T) {
	ce := &countingEngine{Engine: engine.Std(), panic: "engine bug"}
	v := benchdata.Items(3)
	want, err := json.Marshal(v)
	require.NoError(t, err)
	got, err := Options{Engine: enginehandle.Of(ce)}.Marshal(v)
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got))
	assert.EqualValues(t, 1, ce.calls.Load())
}

type panicky struct{}

func (panicky) MarshalJSON() ([]byte, error) { panic("user bug") }

type failing struct{ calls *int }

func (f failing) MarshalJSON() ([]byte, error) {
	*f.calls++
	return nil, errors.New("no luck")
}

func TestUserPanicPropagates(t *testing.T) {
	eachEngine(t, func(t *testing.T, e engine.Engine) {
		assert.PanicsWithValue(t, "user bug", func() { _, _ = Options{Engine: enginehandle.Of(e)}.Marshal(panicky{}) })
		assert.PanicsWithValue(t, "user bug", func() { _, _ = Options{Engine: enginehandle.Of(e)}.Marshal([]any{1, panicky{}}) })
	})
}

func TestUserErrorIsStdError(t *testing.T) {
	eachEngine(t, func(t *testing.T, e engine.Engine) {
		var stdCalls, calls int
		_, want := json.Marshal(map[string]any{"f": failing{&stdCalls}})
		require.Error(t, want)
		dst := []byte("prefix")
		got, err := Options{Engine: enginehandle.Of(e)}.Append(dst, map[string]any{"f": failing{&calls}})
		testutil.SameError(t, want, err)
		assert.Equal(t, "prefix", string(got), "nothing appended on error")
		assert.LessOrEqual(t, calls, 2, "the user's method is not retried more than once")
	})
}

func TestEncoderMatchesStd(t *testing.T) {
	values := []any{benchdata.Items(2), map[string]any{"html": "<a&b>", "e": []int{}, "o": map[string]int{}}, "x", nil}
	for _, indent := range [][2]string{{"", ""}, {"", "  "}, {">", "\t"}} {
		for _, escape := range []bool{true, false} {
			var want, got bytes.Buffer
			je, se := json.NewEncoder(&want), NewEncoder(&got)
			je.SetIndent(indent[0], indent[1])
			se.SetIndent(indent[0], indent[1])
			je.SetEscapeHTML(escape)
			se.SetEscapeHTML(escape)
			for _, v := range values {
				require.NoError(t, je.Encode(v))
				require.NoError(t, se.Encode(v))
			}
			assert.Equal(t, want.String(), got.String(), "indent %q escape %v", indent, escape)
		}
	}
}

type countingWriter struct{ writes int }

func (w *countingWriter) Write(p []byte) (int, error) { w.writes++; return len(p), nil }

func TestEncoderWritesNothingOnError(t *testing.T) {
	var calls int
	w := &countingWriter{}
	err := NewEncoder(w).Encode([]any{1, failing{&calls}})
	stdErr := json.NewEncoder(&countingWriter{}).Encode([]any{1, failing{&calls}})
	require.Error(t, stdErr, "encoding/json accepts the value")
	testutil.SameError(t, stdErr, err)
	assert.Zero(t, w.writes)

	// A substitute is no error: one write of the whole value.
	require.NoError(t, NewEncoder(w).Encode(benchdata.SelfMap()))
	assert.Equal(t, 1, w.writes)
}

func TestMarshalReturnsFreshSlices(t *testing.T) {
	a, err := Marshal(benchdata.Items(1))
	require.NoError(t, err)
	keep := string(a)
	b, err := Marshal(benchdata.Items(2))
	require.NoError(t, err)
	assert.Equal(t, keep, string(a), "a later Marshal must not reuse an earlier result")
	assert.NotEqual(t, string(a), string(b))
}

func TestInvalidOptions(t *testing.T) {
	for _, tc := range []struct {
		o    Options
		want string
	}{
		{Options{MaxDepth: -1}, "safejson: MaxDepth must not be negative, got -1"},
		{Options{MaxBreadth: -2}, "safejson: MaxBreadth must not be negative, got -2"},
		{Options{Circular: 42}, "safejson: unknown Circular policy 42"},
		{Options{Placeholder: "x"}, `safejson: Placeholder "x" is set but Circular is CircularOmit, not CircularPlaceholder`},
		{Options{MaxDepth: 1 << 30}, "safejson: MaxDepth must be at most 100000, got 1073741824"},
		{Options{MaxDepth: safe.HardMaxDepth + 1}, "safejson: MaxDepth must be at most 100000, got 100001"},
	} {
		assert.EqualError(t, tc.o.Validate(), tc.want, "%+v", tc.o)
		got, err := tc.o.Marshal(1)
		assert.EqualError(t, err, tc.want, "%+v", tc.o)
		assert.Nil(t, got, "%+v: nothing encoded", tc.o)
		got, err = tc.o.Append([]byte("x"), 1)
		assert.EqualError(t, err, tc.want, "%+v", tc.o)
		assert.Equal(t, "x", string(got), "%+v: Append leaves dst as it was", tc.o)
		got, err = tc.o.MarshalIndent(1, "", " ")
		assert.EqualError(t, err, tc.want, "%+v: MarshalIndent", tc.o)
		assert.Nil(t, got)

		var w bytes.Buffer
		enc := tc.o.NewEncoder(&w)
		assert.EqualError(t, enc.Encode(1), tc.want, "%+v: the first Encode", tc.o)
		assert.EqualError(t, enc.Encode(1), tc.want, "%+v: every Encode", tc.o)
		assert.Zero(t, w.Len(), "%+v: nothing written", tc.o)

		for _, target := range []any{new(any), new(int), new(struct{ A int })} {
			before := reflect.ValueOf(target).Elem().Interface()
			assert.EqualError(t, tc.o.Unmarshal([]byte(`{"A":1}`), target), tc.want, "%+v: Unmarshal into %T", tc.o, target)
			assert.Equal(t, before, reflect.ValueOf(target).Elem().Interface(), "%+v: target untouched", tc.o)
		}

		r := strings.NewReader(`{"A":1} {"A":2}`)
		dec := tc.o.NewDecoder(r)
		var v struct{ A int }
		assert.EqualError(t, dec.Decode(&v), tc.want, "%+v: the first Decode", tc.o)
		assert.EqualError(t, dec.Decode(&v), tc.want, "%+v: every Decode", tc.o)
		assert.Zero(t, v.A)
		assert.Equal(t, 15, r.Len(), "%+v: nothing read", tc.o)
	}
	for _, o := range []Options{{MaxDepth: safe.HardMaxDepth}, {MaxDepth: 1}, {Circular: CircularPlaceholder, Placeholder: "<>"}} {
		assert.NoError(t, o.Validate(), "%+v", o)
		_, err := o.Marshal(1)
		assert.NoError(t, err, "%+v", o)
		assert.NoError(t, o.Unmarshal([]byte("1"), new(int)), "%+v", o)
	}
}

// TestConcurrentFirstUse encodes many types never seen before from many
// goroutines at once: run with -race.
func TestConcurrentFirstUse(t *testing.T) {
	const kinds = 40
	types := make([]reflect.Type, kinds)
	for i := range types {
		types[i] = reflect.StructOf([]reflect.StructField{
			{Name: "A", Type: reflect.TypeFor[int](), Tag: reflect.StructTag(fmt.Sprintf(`json:"a%d"`, i))},
			{Name: "Next", Type: reflect.TypeFor[any]()},
			{Name: "F", Type: reflect.TypeFor[float64]()},
		})
	}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range kinds {
				typ := types[(i+g*5)%kinds]
				v := reflect.New(typ).Elem()
				v.Field(0).SetInt(int64(i))
				v.Field(1).Set(reflect.ValueOf(map[string]any{"x": []any{1.5, "y"}}))
				if g%2 == 0 {
					v.Field(2).SetFloat(math.Inf(1))
				}
				want, wantErr := safe.Marshal(v.Interface())
				got, err := Marshal(v.Interface())
				assert.NoError(t, wantErr)
				assert.NoError(t, err)
				assert.Equal(t, string(want), string(got))
			}
		}()
	}
	wg.Wait()
}

// Unexported embedded structs with MarshalJSON methods (category M): the
// classic encoding/json panics on them, encoding/json on json/v2 leaves them
// out, and the engines call the methods; every path writes what the
// reference encoder writes.
type (
	hiddenJSON   struct{ A int }
	hiddenText   struct{ B int }
	hidesMethods struct {
		hiddenJSON  `json:"j"`
		*hiddenText `json:"t"`
		X           int
	}
)

func (hiddenJSON) MarshalJSON() ([]byte, error)  { return []byte(`"j"`), nil }
func (*hiddenText) MarshalJSON() ([]byte, error) { return []byte(`"t"`), nil }

func TestHiddenMethodsGoToReferenceEncoder(t *testing.T) {
	assert.NotZero(t, plan.FeaturesOf(reflect.TypeFor[hidesMethods]())&plan.FeatHiddenMethods)
	for _, v := range []any{hidesMethods{hiddenJSON{1}, &hiddenText{2}, 3}, hidesMethods{X: 3}, []any{hidesMethods{X: 4}}} {
		want, err := safe.Marshal(v)
		require.NoError(t, err)
		std, stdPanicked := func() (b []byte, panicked bool) {
			defer func() { panicked = recover() != nil }()
			b, _ = json.Marshal(v)
			return b, false
		}()
		if !stdPanicked {
			assert.Equal(t, string(std), string(want), "%#v: where encoding/json writes it, safe writes the same", v)
		}
		got, err := Marshal(v)
		require.NoError(t, err)
		assert.Equal(t, string(want), string(got), "%#v", v)
		eachEngine(t, func(t *testing.T, e engine.Engine) {
			got, err := Options{Engine: enginehandle.Of(e)}.Marshal(v)
			require.NoError(t, err)
			assert.Equal(t, string(want), string(got), "%#v", v)
		})
	}
}

// TestNonFiniteRetry: a type that holds strings and floats goes to goccy
// first; a NaN that goccy rejects is written by sonic (null, as the
// reference encoder writes it) rather than by the reference encoder, and the
// type goes to sonic first from then on.
func TestNonFiniteRetry(t *testing.T) {
	compiled := map[string]bool{}
	for _, e := range engine.All() {
		compiled[e.Name()] = true
	}
	if !compiled["sonic"] || !compiled["goccy"] {
		// One engine only: no order to choose, no retry.
		var o Options
		assert.Nil(t, o.plan([]struct{ F float64 }{{1}}).Retry)
		return
	}
	type scored struct {
		Name  string
		Score float64
	}
	plain := []scored{{"a", 1}, {"<b>", 2.5}}
	withNaN := []scored{{"a", 1}, {"b", math.NaN()}, {"c", math.Inf(-1)}}
	var o Options
	require.Equal(t, "goccy", o.plan(plain).Engine.Name(), "strings and floats: goccy first")

	want, err := json.Marshal(plain)
	require.NoError(t, err)
	got, err := Marshal(plain)
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got))
	assert.Equal(t, "goccy", o.plan(plain).Engine.Name(), "no NaN met yet")

	ref, err := safe.Options{}.Marshal(withNaN)
	require.NoError(t, err)
	assert.Equal(t, `[{"Name":"a","Score":1},{"Name":"b","Score":null},{"Name":"c","Score":null}]`, string(ref))
	if o.plan(plain).Retry == nil {
		// sonic may not take the type here (arm64's sonic has float quirks
		// the planner avoids): goccy's rejection goes to the reference
		// encoder, and the type stays with goccy.
		got, err = Marshal(withNaN)
		require.NoError(t, err)
		assert.Equal(t, string(ref), string(got))
		assert.Equal(t, "goccy", o.plan(plain).Engine.Name())
		return
	}
	require.Equal(t, "sonic", o.plan(plain).Retry.Name(), "sonic writes a NaN goccy rejects")
	got, err = Marshal(withNaN)
	require.NoError(t, err)
	assert.Equal(t, string(ref), string(got))
	assert.Equal(t, "sonic", o.plan(plain).Engine.Name(), "after a NaN the type goes to sonic first")

	got, err = Marshal(plain)
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got), "sonic writes encoding/json's bytes for it")

	strict := Options{Strict: true}
	assert.Nil(t, strict.plan(plain).Retry, "no retry under Strict: the error is wanted")
	_, err = strict.Marshal(withNaN)
	var ue *json.UnsupportedValueError
	assert.ErrorAs(t, err, &ue)
}

// TestClassicTagNamesThroughEngines: tag names the classic encoding/json
// takes whole (flavor.ClassicName: letters of any script, digits, spaces and
// its punctuation) are written alike by both flavours and by every engine,
// with and without HTML escaping, so they are no odd names for the planner
// (featOddTagName) and such a type goes to an engine on json/v2 too.
func TestClassicTagNamesThroughEngines(t *testing.T) {
	v := struct {
		A int `json:"a b"`
		B int `json:"é"`
		C int `json:"名前"`
		D int `json:"a-b.c"`
		E int `json:"<x>"`
		F int `json:"a&b"`
		G int `json:"x:y,omitempty"`
		H int `json:"$%()*+/;=?@[]^_{|}~!#"`
	}{1, 2, 3, 4, 5, 6, 7, 8}
	want, err := json.Marshal(v)
	require.NoError(t, err)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	require.NoError(t, enc.Encode(v))
	wantRaw := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
	for _, e := range engine.All() {
		got, err := e.Append(nil, v, options.Output{})
		require.NoError(t, err, e.Name())
		assert.Equal(t, string(want), string(got), e.Name())
		got, err = e.Append(nil, v, options.Output{NoEscapeHTML: true})
		require.NoError(t, err, e.Name())
		assert.Equal(t, string(wantRaw), string(got), "%s, no HTML escaping", e.Name())
	}
	var o Options
	assert.NotNil(t, o.plan(v).Engine, "an engine writes it")
	got, err := Marshal(v)
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got))
}

// TestDecodedJSONThroughEngines: decoded JSON with few members, which now
// goes to an engine after the pre-scan, is written with encoding/json's bytes
// by every engine, on the strings and floats where the engines' own rules
// differ most (invalid UTF-8, U+2028, HTML, control characters, exponent
// thresholds, -0, the extremes), and each value is attempted by the engine
// once at most.
func TestDecodedJSONThroughEngines(t *testing.T) {
	strs := []any{
		"plain", "<a href=\"x\">&</a>", "\u2028\u2029", "a\x00b\x1f\b\f\n\r\t\\\"",
		"bad \xff\xfe utf8 \xed\xa0\x80 \xc0\xaf", "é中😀", "\u007f\u0080",
	}
	floats := []any{
		0.0, math.Copysign(0, -1), 1e21, 1e20, 123456789012345678901.0, 1e-6, 1e-7, 9.999999e-7,
		5e-324, math.MaxFloat64, -math.MaxFloat64, 0.1, 1.0 / 3, 1 << 53, 1<<53 + 2, float64(math.MaxInt64),
	}
	values := []any{
		map[string]any{"s": strs, "k\u2028<>&": "v", "bad\xffkey": true, "n": nil},
		floats,
		map[string]any{"f": floats, "s": strs[:3]},
		[]any{map[string]any{}, []any{}, map[string]any{"a": []any{nil, false, "x"}}},
		"just a string <&>",
		1.5,
		map[string]any{"nan": math.NaN()}, // an engine rejects it: the reference encoder's null
	}
	for _, e := range engine.All() {
		ce := &countingEngine{Engine: e}
		o := Options{Engine: enginehandle.Of(ce)}
		for _, v := range values {
			before := ce.calls.Load()
			got, err := o.Marshal(v)
			require.NoError(t, err)
			want, werr := json.Marshal(v)
			if werr == nil {
				assert.Equal(t, string(want), string(got), "%s: %#v", e.Name(), v)
			} else {
				assert.True(t, json.Valid(got), "%s: %s", e.Name(), got)
			}
			assert.LessOrEqual(t, ce.calls.Load()-before, int64(1), "%s: %#v", e.Name(), v)
		}
		got, err := o.MarshalIndent(values[0], "", "  ")
		require.NoError(t, err)
		want, err := json.MarshalIndent(values[0], "", "  ")
		require.NoError(t, err)
		assert.Equal(t, string(want), string(got), "%s indented", e.Name())
		assert.Positive(t, ce.calls.Load(), "%s: no value reached the engine", e.Name())
		noHTML := Options{Engine: enginehandle.Of(e), NoEscapeHTML: true}
		got, err = noHTML.Marshal(values[0])
		require.NoError(t, err)
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		require.NoError(t, enc.Encode(values[0]))
		assert.Equal(t, strings.TrimSuffix(buf.String(), "\n"), string(got), "%s without HTML escaping", e.Name())
	}
}

// The user's methods (MarshalJSON, MarshalText, AppendText, an IsZero that
// omitzero calls) run once per value per call, on every route: each
// engine of the default plan and each named one, Marshal, MarshalIndent,
// Encoder and Append, for values an engine writes and values that need the
// fallback (NaN, a func, a cycle, a method's error or invalid output). The
// count is encoding/json's for the same value where encoding/json gives
// one (it writes the value or fails on the user's code), else one call per
// method value.

// onceCalls counts the calls of the methods below.
var onceCalls struct{ json, text, appendText, isZero, replacer atomic.Int64 }

type counts struct{ json, text, appendText, isZero int64 }

func (c counts) total() int64 { return c.json + c.text + c.appendText + c.isZero }

func takeCounts() counts {
	return counts{onceCalls.json.Swap(0), onceCalls.text.Swap(0), onceCalls.appendText.Swap(0), onceCalls.isZero.Swap(0)}
}

type onceJSON int

func (v onceJSON) MarshalJSON() ([]byte, error) {
	onceCalls.json.Add(1)
	return []byte(strconv.Itoa(int(v))), nil
}

type onceText int

func (v onceText) MarshalText() ([]byte, error) {
	onceCalls.text.Add(1)
	return []byte("t" + strconv.Itoa(int(v))), nil
}

// onceAppend has AppendText (which encoding/json on json/v2 calls) and
// MarshalText (which the classic one calls).
type onceAppend int

func (v onceAppend) AppendText(b []byte) ([]byte, error) {
	onceCalls.appendText.Add(1)
	return append(b, 'a'), nil
}

func (v onceAppend) MarshalText() ([]byte, error) {
	onceCalls.text.Add(1)
	return []byte("a"), nil
}

type oncePtr struct{ N int }

func (p *oncePtr) MarshalJSON() ([]byte, error) {
	onceCalls.json.Add(1)
	return []byte(strconv.Itoa(p.N)), nil
}

// onceZero has IsZero, which omitzero calls.
type onceZero int

func (v onceZero) IsZero() bool {
	onceCalls.isZero.Add(1)
	return v == 0
}

type onceBad int

func (onceBad) MarshalJSON() ([]byte, error) {
	onceCalls.json.Add(1)
	return []byte("{"), nil
}

type onceErr int

func (onceErr) MarshalJSON() ([]byte, error) {
	onceCalls.json.Add(1)
	return nil, errors.New("once: failed")
}

type onceRecord struct {
	J onceJSON
	T onceText
	A onceAppend
	S string
	F float64
}

type onceNode struct {
	J    onceJSON
	Next *onceNode
	X    any
}

type onceCase struct {
	name string
	v    func() any
	once int64 // method calls, each method value called once
	// std: encoding/json's count is the reference (it writes the value, or
	// fails on the user's code); else it fails on data before some calls,
	// or is not run at all (a cycle).
	std bool
}

func onceCases() []onceCase {
	nan := math.NaN()
	return []onceCase{
		{"record", func() any { return onceRecord{1, 2, 3, "s", 1.5} }, 3, true},
		{"record NaN", func() any { return onceRecord{1, 2, 3, "s", nan} }, 3, false},
		{"records, NaN in the last", func() any {
			rs := make([]onceRecord, 5)
			rs[4].F = nan
			return rs
		}, 15, false},
		{"*record NaN", func() any { return &onceRecord{1, 2, 3, "s", math.Inf(1)} }, 3, false},
		{"text keys", func() any { return map[onceText]float64{1: 1, 2: 2} }, 2, true},
		{"text keys NaN", func() any { return map[onceText]float64{1: 1, 2: nan} }, 2, false},
		{"interfaces", func() any { return []any{onceJSON(1), map[string]any{"x": onceText(2), "f": 1.5}} }, 2, true},
		{"interfaces NaN", func() any { return []any{onceJSON(1), map[string]any{"x": onceText(2), "f": nan}} }, 2, false},
		{"pointer method NaN", func() any {
			return &struct {
				P oncePtr
				F float64
			}{oncePtr{4}, nan}
		}, 1, false},
		{"omitzero", func() any {
			return struct {
				S string
				Z onceZero `json:",omitzero"`
				F float64
			}{"s", 1, 1.5}
		}, 1, true},
		{"omitzero NaN", func() any {
			return struct {
				S string
				Z onceZero `json:",omitzero"`
				F float64
			}{"s", 1, nan}
		}, 1, false},
		{"func field", func() any {
			return struct {
				J  onceJSON
				Fn func()
			}{1, func() {}}
		}, 1, false},
		{"func behind any", func() any {
			return struct {
				J onceJSON
				X any
			}{1, func() {}}
		}, 1, false},
		{"cycle", func() any {
			n := &onceNode{J: 1}
			n.Next = n
			return n
		}, 1, false},
		{"cycle behind any", func() any {
			n := &onceNode{J: 1}
			n.X = n
			return n
		}, 1, false},
		{"invalid output", func() any {
			return struct {
				S string
				B onceBad
				J onceJSON
			}{"s", 1, 2}
		}, 1, true},
		{"method error", func() any {
			return struct {
				J onceJSON
				E onceErr
				K onceJSON
			}{1, 2, 3}
		}, 2, true},
		{"method error after NaN", func() any {
			return struct {
				F float64
				J onceJSON
				E onceErr
			}{nan, 1, 2}
		}, 2, false},
	}
}

// onceOps are the entry points, each writing v under o.
var onceOps = []struct {
	name string
	std  func(v any) error
	ours func(o Options, v any) error
}{
	{"Marshal", func(v any) error { _, err := json.Marshal(v); return err },
		func(o Options, v any) error { _, err := o.Marshal(v); return err }},
	{"MarshalIndent", func(v any) error { _, err := json.MarshalIndent(v, "", "  "); return err },
		func(o Options, v any) error { _, err := o.MarshalIndent(v, "", "  "); return err }},
	{"Encoder", func(v any) error { return json.NewEncoder(new(bytes.Buffer)).Encode(v) },
		func(o Options, v any) error { return o.NewEncoder(new(bytes.Buffer)).Encode(v) }},
	{"Append", func(v any) error { _, err := json.Marshal(v); return err },
		func(o Options, v any) error { _, err := o.Append(make([]byte, 3, 64), v); return err }},
}

// isUserError reports whether err is encoding/json's error for the user's
// own code, after which its count is the reference.
func isUserError(err error) bool {
	var me *json.MarshalerError
	return err == nil || errors.As(err, &me)
}

func TestMethodsCalledOnce(t *testing.T) {
	for _, c := range onceCases() {
		for _, op := range onceOps {
			var want counts
			if c.std {
				takeCounts()
				err := op.std(c.v())
				want = takeCounts()
				if !assert.True(t, isUserError(err), "%s: encoding/json's error %v", c.name, err) {
					continue
				}
			}
			for _, o := range eachOptions() {
				for _, strict := range []bool{false, true} {
					o.Strict = strict
					name := fmt.Sprintf("%s, %s, engine %v, strict %v", c.name, op.name, o.Engine, strict)
					takeCounts()
					_ = op.ours(o, c.v())
					got := takeCounts()
					switch {
					case c.std:
						assert.Equal(t, want, got, name)
					case strict:
						// Strict stops at the first substitute, as encoding/json
						// stops at the value it rejects: no method twice.
						assert.LessOrEqual(t, got.total(), c.once, name)
					default:
						assert.Equal(t, c.once, got.total(), name)
					}
				}
			}
		}
	}
}

// TestReplacerCalledOnce: the Replacer runs once per value on every route,
// with a NaN, a cycle and a method in the value.
func TestReplacerCalledOnce(t *testing.T) {
	replacer := func(key string, v any) (any, bool) {
		onceCalls.replacer.Add(1)
		return v, true
	}
	cases := []struct {
		name string
		v    func() any
		want int64 // values: the top level, each member and element
	}{
		{"record", func() any { return onceRecord{1, 2, 3, "s", 1.5} }, 6},
		{"record NaN", func() any { return onceRecord{1, 2, 3, "s", math.NaN()} }, 6},
		{"slice NaN", func() any { return []float64{1, math.NaN(), 3} }, 4},
		{"cycle", func() any {
			n := &onceNode{J: 1}
			n.Next = n
			return n
		}, 4},
	}
	for _, c := range cases {
		for _, op := range onceOps {
			for _, o := range eachOptions() {
				o.Replacer = replacer
				onceCalls.replacer.Store(0)
				takeCounts()
				_ = op.ours(o, c.v())
				name := fmt.Sprintf("%s, %s, engine %v", c.name, op.name, o.Engine)
				assert.Equal(t, c.want, onceCalls.replacer.Load(), name)
				assert.LessOrEqual(t, takeCounts().total(), int64(3), name)
			}
		}
	}
}

// TestIndentNotWhitespace: a Prefix or Indent that is
// not JSON whitespace is written as given, as encoding/json writes it on both
// flavours (its output is then not JSON), by the engines and by the
// reference encoder alike: the bytes are encoding/json's, as documented on
// safe.Options.
func TestIndentNotWhitespace(t *testing.T) {
	values := map[string]any{
		"struct (engine)":            benchdata.Items(2),
		"decoded shapes (reference)": benchdata.Maps(2),
		"1500 levels (reference)":    benchdata.DeepStruct(1500),
	}
	for _, pi := range [][2]string{{"}", ""}, {"", "\x00"}, {"// ", "x"}, {"\t\v", "<&>"}} {
		for name, v := range values {
			want, err := json.MarshalIndent(v, pi[0], pi[1])
			require.NoError(t, err)
			assert.False(t, json.Valid(want), "%s %q: encoding/json's output is not JSON", name, pi)
			got, err := MarshalIndent(v, pi[0], pi[1])
			require.NoError(t, err)
			assert.Equal(t, string(want), string(got), "%s %q: MarshalIndent", name, pi)

			var wb, gb bytes.Buffer
			je, se := json.NewEncoder(&wb), NewEncoder(&gb)
			je.SetIndent(pi[0], pi[1])
			se.SetIndent(pi[0], pi[1])
			require.NoError(t, je.Encode(v))
			require.NoError(t, se.Encode(v))
			assert.Equal(t, wb.String(), gb.String(), "%s %q: Encoder", name, pi)
		}
	}
}

// TestRootAddsNoAllocation: the root package's part of an encode (options,
// plan, dispatch) allocates nothing beyond what the encoder it picks does.
func TestRootAddsNoAllocation(t *testing.T) {
	if testutil.RaceEnabled {
		t.Skip("allocation counts are not measured under -race, where sync.Pool drops items at random (the engines and package safe pool their buffers)")
	}
	// No float (sonic on arm64 has QuirkNegativeZero), nothing an engine
	// is kept from.
	type plain struct {
		ID   int
		Name string
		Tags []string
	}
	items := make([]plain, 5)
	for i := range items {
		items[i] = plain{i, "name <&>", []string{"a", "b"}}
	}
	buf := make([]byte, 0, 64<<10)
	allocs := func(f func() ([]byte, error)) float64 {
		_, err := f()
		require.NoError(t, err)
		return testing.AllocsPerRun(50, func() { _, _ = f() })
	}
	// Decoded JSON with few members goes to the engine after the pre-scan.
	decoded := map[string]any{"s": "name <&>", "t": []any{"a", true, nil}}
	for _, e := range engine.All() {
		o := Options{Engine: enginehandle.Of(e)}
		for _, v := range []any{items, decoded} {
			require.Equal(t, e, o.plan(v).Engine, "%s %T", e.Name(), v)
			raw := allocs(func() ([]byte, error) { return e.Append(buf[:0], v, options.Output{}) })
			got := allocs(func() ([]byte, error) { return o.Append(buf[:0], v) })
			assert.LessOrEqual(t, got, raw, "%s %T: through safejson, over the raw engine", e.Name(), v)
		}
	}
	for _, c := range []struct {
		name string
		o    Options
		s    safe.Options
		v    any
	}{
		{"decoded JSON", Options{}, safe.Options{}, benchdata.Maps(20)},
		{"replacer", Options{Replacer: benchdata.Redact}, safe.Options{Replacer: benchdata.Redact}, benchdata.Items(5)},
		{"placeholder", Options{Circular: CircularPlaceholder, Placeholder: "c"}, safe.Options{Circular: safe.CircularPlaceholder, Placeholder: "c"}, benchdata.Maps(20)},
	} {
		require.Nil(t, c.o.plan(c.v).Engine, c.name)
		want := allocs(func() ([]byte, error) { return c.s.Append(buf[:0], c.v) })
		got := allocs(func() ([]byte, error) { return c.o.Append(buf[:0], c.v) })
		assert.LessOrEqual(t, got, want, "%s: through safejson, over package safe", c.name)
	}
}
