package safejson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/benchdata"
	"github.com/safejson/safejson/internal/engine"
	"github.com/safejson/safejson/internal/enginehandle"
	"github.com/safejson/safejson/internal/plan"
	"github.com/safejson/safejson/safe"
)

// countingEngine wraps an engine, counting attempts and optionally panicking.
type countingEngine struct {
	engine.Engine
	calls atomic.Int64
	panic any
}

func (e *countingEngine) Append(dst []byte, v any, o engine.Options) ([]byte, error) {
	e.calls.Add(1)
	if e.panic != nil {
		panic(e.panic)
	}
	return e.Engine.Append(dst, v, o)
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
			{planIface{Any: benchdata.Maps(2)}, true},
			{planIface{Any: map[string]any{"a": []any{"b", true, nil}}}, false},
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

// TestDecodedJSONRoute: decoded JSON with more than plan.DecodedMembers map
// members in all goes to the reference encoder, which writes member-heavy
// trees faster; with fewer (long strings, arrays of numbers) to the engine,
// once, after the pre-scan. Either way with encoding/json's bytes.
func TestDecodedJSONRoute(t *testing.T) {
	many := benchdata.Maps(20) // 9 members each
	few := []any{benchdata.Map(1), map[string]any{"s": strings.Repeat("é<", 100), "n": []any{1.5, -0.25, 1e21, 1e-7}}}
	require.Greater(t, 9*len(many), plan.DecodedMembers)
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

// assertStdError checks that err is encoding/json's error want: the same
// type, the same message, and for a *json.MarshalerError the same Type and an
// Err of the same type and message (the user's own error).
func assertStdError(t *testing.T, want, err error) {
	t.Helper()
	require.Error(t, want, "encoding/json accepts the value")
	require.Error(t, err)
	assert.Equal(t, reflect.TypeOf(want), reflect.TypeOf(err), "error type")
	assert.Equal(t, want.Error(), err.Error(), "error message")
	var wantME, gotME *json.MarshalerError
	if errors.As(want, &wantME) && assert.ErrorAs(t, err, &gotME) {
		assert.Equal(t, wantME.Type, gotME.Type, "MarshalerError.Type")
		assert.Equal(t, reflect.TypeOf(wantME.Err), reflect.TypeOf(gotME.Err), "MarshalerError.Err's type")
		assert.Equal(t, wantME.Err.Error(), gotME.Err.Error(), "MarshalerError.Err's message")
	}
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
		assertStdError(t, want, err)
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
	assertStdError(t, stdErr, err)
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

func TestUnmarshalAndDecoder(t *testing.T) {
	eachEngine(t, func(t *testing.T, e engine.Engine) {
		var v struct {
			A int
			B []string
		}
		require.NoError(t, Options{Engine: enginehandle.Of(e)}.Unmarshal([]byte(`{"A":1,"B":["x"]}`), &v))
		assert.Equal(t, 1, v.A)
		assert.Equal(t, []string{"x"}, v.B)

		d := Options{Engine: enginehandle.Of(e)}.NewDecoder(bytes.NewReader([]byte(`{"n":1.5} {"n":2}`)))
		d.UseNumber()
		var m map[string]any
		require.NoError(t, d.Decode(&m))
		assert.Equal(t, json.Number("1.5"), m["n"])
		require.NoError(t, d.Decode(&m))
		assert.ErrorIs(t, d.Decode(&m), io.EOF)
	})
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
