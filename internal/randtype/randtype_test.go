package randtype

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/flavor"
)

// seeds returns n pseudo-random inputs of 0 to 63 bytes, the same every run.
func seeds(n int) [][]byte {
	r := rand.New(rand.NewPCG(7, 11))
	out := make([][]byte, n)
	for i := range out {
		out[i] = make([]byte, r.IntN(64))
		for j := range out[i] {
			out[i][j] = byte(r.Uint32())
		}
	}
	return out
}

// errCrashes stands for encoding/json's fatal stack overflow on a value
// CrashesStd reports: it is never called on one.
var errCrashes = errors.New("encoding/json would crash (tokenless cycle)")

// stdMarshal runs json.Marshal, turning a panic into its value; errCrashes
// where json.Marshal would crash.
func stdMarshal(v any) (out []byte, panicked any, err error) {
	if CrashesStd(v) {
		return nil, nil, errCrashes
	}
	defer func() { panicked = recover() }()
	out, err = json.Marshal(v)
	return out, nil, err
}

func TestDeterministic(t *testing.T) {
	for _, seed := range seeds(300) {
		a := Config{}.Generate(seed)
		b := Config{}.Generate(append([]byte(nil), seed...))
		require.Equal(t, a.Type, b.Type, "%q", seed)
		require.Equal(t, a.Desc, b.Desc, "%q", seed)
		require.Equal(t, a.Stats, b.Stats, "%q", seed)
		ja, pa, erra := stdMarshal(a.Value)
		jb, pb, errb := stdMarshal(b.Value)
		require.Equal(t, fmt.Sprint(pa), fmt.Sprint(pb), "%q", seed)
		require.Equal(t, fmt.Sprint(erra), fmt.Sprint(errb), "%q", seed)
		require.Equal(t, string(ja), string(jb), "%q", seed)
	}
	// Different inputs give different values.
	assert.NotEqual(t, Config{}.Generate([]byte("a")).Desc, Config{}.Generate([]byte("b")).Desc)
}

// TestFrequencies checks that every feature the fuzzers rely on shows up in a
// real share of the samples, and that encoding/json reaches every outcome.
func TestFrequencies(t *testing.T) {
	const n = 2000
	has := map[string]int{}
	classes := map[Class]int{}
	panics := 0
	for _, seed := range seeds(n) {
		s := Config{}.Generate(seed)
		st := s.Stats
		for name, c := range map[string]int{
			"cycle": st.Cycles, "shared": st.Shared, "NaN": st.NaNs, "Inf": st.Infs,
			"unsupported kind": st.Unsupported, "unsupported key": st.BadKeys,
			"method": st.Methods, "failing method": st.Failing, "bad number": st.BadNumbers,
			"invalid UTF-8": st.InvalidUTF8,
		} {
			if c > 0 {
				has[name]++
			}
		}
		if reflect.TypeOf(s.Value).Kind() == reflect.Pointer {
			has["top-level pointer"]++
		}
		if s.Chain > 0 {
			has["deep chain"]++
		}
		if strings.Contains(s.Desc, "<cycle") && strings.Contains(s.Desc, "(interface") {
			has["desc mentions an interface"]++
		}
		_, p, err := stdMarshal(s.Value)
		if p != nil {
			panics++
			continue
		}
		if err == errCrashes {
			has["tokenless cycle"]++
			continue
		}
		classes[Classify(err)]++
	}
	t.Logf("features per %d samples: %v; std outcomes: %v; std panics: %d", n, has, classes, panics)
	for _, name := range []string{"cycle", "shared", "NaN", "Inf", "unsupported kind", "unsupported key",
		"method", "failing method", "invalid UTF-8"} {
		assert.GreaterOrEqual(t, has[name], n/50, "%s in too few samples", name)
	}
	assert.GreaterOrEqual(t, has["bad number"], n/200)
	assert.InDelta(t, n/2, has["top-level pointer"], n/10)
	assert.InDelta(t, n/25, has["deep chain"], n/50)
	assert.GreaterOrEqual(t, classes[NoError], n/2, "most values should be ones encoding/json accepts")
	assert.GreaterOrEqual(t, classes[Unsupported], n/10)
	assert.GreaterOrEqual(t, classes[UserError], n/50)
	assert.GreaterOrEqual(t, classes[BadData], n/400)
	assert.Zero(t, classes[OtherError])
	assert.Less(t, panics, n/50)
}

// TestStatsExplainStd checks the stats against encoding/json: whenever it fails,
// the stats saw the reason. Harnesses rely on it (Failing decides whether a user
// error may come before a substitute).
func TestStatsExplainStd(t *testing.T) {
	cycles := 0
	for _, seed := range seeds(2000) {
		s := Config{}.Generate(seed)
		_, p, err := stdMarshal(s.Value)
		if p != nil || err == nil {
			continue
		}
		st := s.Stats
		msg := fmt.Sprintf("%v\n%s", err, s.Desc)
		var uv *json.UnsupportedValueError
		var ut *json.UnsupportedTypeError
		switch {
		case err == errCrashes:
			assert.Positive(t, st.TokenlessCycles, msg)
		case errors.As(err, &uv) && strings.Contains(err.Error(), "object member name must be a string"):
			assert.Positive(t, st.BadKeys, msg) // json/v2
		case errors.As(err, &uv) && strings.Contains(err.Error(), "cycle"):
			cycles++
			assert.Positive(t, st.Cycles, msg)
		case errors.As(err, &uv) && strings.Contains(err.Error(), "NaN"):
			assert.Positive(t, st.NaNs, msg)
		case errors.As(err, &uv) && strings.Contains(err.Error(), "Inf"):
			assert.Positive(t, st.Infs, msg)
		case errors.As(err, &ut):
			assert.Positive(t, st.Unsupported+st.BadKeys, msg)
		case Classify(err) == UserError:
			assert.Positive(t, st.Failing, msg)
		case Classify(err) == BadData:
			assert.Positive(t, st.BadNumbers, msg)
		default:
			t.Errorf("unexpected error: %s", msg)
		}
	}
	assert.GreaterOrEqual(t, cycles, 20, "encoding/json should see cycles")
}

func TestConfig(t *testing.T) {
	for _, seed := range seeds(500) {
		s := Config{NoCycles: true, NoNaN: true, NoUnsupported: true}.Generate(seed)
		assert.Zero(t, s.Stats.Cycles, s.Desc)
		assert.Zero(t, s.Stats.NaNs+s.Stats.Infs, s.Desc)
		assert.Zero(t, s.Stats.Unsupported+s.Stats.BadKeys, s.Desc)
		_, p, err := stdMarshal(s.Value)
		if p == nil {
			assert.NotEqual(t, Unsupported, Classify(err), "%v\n%s", err, s.Desc)
		}
	}
}

// typeDepth is the nesting of composite types in t, not counting the named
// types of this package (some are recursive).
func typeDepth(t reflect.Type) int {
	if t.PkgPath() != "" || (t.Name() != "" && t.Kind() != reflect.Struct) {
		return 0
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return 1 + typeDepth(t.Elem())
	case reflect.Map:
		return 1 + max(typeDepth(t.Key()), typeDepth(t.Elem()))
	case reflect.Struct:
		d := 0
		for i := range t.NumField() {
			d = max(d, typeDepth(t.Field(i).Type))
		}
		return 1 + d
	}
	return 0
}

// maxFields is the most fields of a struct made by StructOf in t.
func maxFields(t reflect.Type) int {
	if t.Name() != "" {
		return 0
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return maxFields(t.Elem())
	case reflect.Map:
		return max(maxFields(t.Key()), maxFields(t.Elem()))
	case reflect.Struct:
		n := t.NumField()
		for i := range t.NumField() {
			n = max(n, maxFields(t.Field(i).Type))
		}
		return n
	}
	return 0
}

func TestBounds(t *testing.T) {
	for _, cfg := range []Config{{NoChains: true}, {MaxDepth: 3, MaxBreadth: 2, NoChains: true}} {
		depth, breadth := cfg.MaxDepth, cfg.MaxBreadth
		if depth == 0 {
			depth, breadth = 6, 5
		}
		for _, seed := range seeds(500) {
			s := cfg.Generate(seed)
			assert.LessOrEqual(t, typeDepth(s.Type), depth, s.Desc)
			// Each level holds at most breadth values (embedded structs and
			// well-known types add a few).
			assert.Less(t, s.Stats.Values, 20000, s.Desc)
			assert.LessOrEqual(t, maxFields(s.Type), breadth, s.Desc)
		}
	}
}

func TestDescribe(t *testing.T) {
	type node struct {
		Name string
		Next *node
		Any  any
		F    float64
	}
	a := &node{Name: "a\xff", F: math.Copysign(0, -1)}
	b := &node{Name: "b", Next: a, Any: a}
	a.Next = b
	m := map[string]any{"k": 1.5}
	m["self"] = m
	d := Describe([]any{b, m, a})
	assert.Contains(t, d, `"a\xff"`)
	assert.Contains(t, d, "<cycle #")
	assert.Contains(t, d, "F: -0}")
	assert.Contains(t, d, "<shared #")
	st := Count([]any{b, m, a})
	assert.Equal(t, 2, st.Cycles, d) // a.Next back to b, m["self"]
	assert.Equal(t, 1, st.InvalidUTF8, d)
	assert.Positive(t, st.Shared, d)
	assert.Equal(t, "nil", Describe(nil))
}

// TestMethodsNeverPanic calls every method of the named types on zero values
// and nil pointers: a panic seen by a fuzzer is then never theirs.
func TestMethodsNeverPanic(t *testing.T) {
	for _, typ := range append(append([]reflect.Type{}, namedTypes...), recursiveTypes...) {
		if typ.Kind() == reflect.Pointer {
			typ = typ.Elem()
		}
		if typ.PkgPath() != pkgPath {
			continue // not ours
		}
		for _, v := range []reflect.Value{reflect.New(typ).Elem(), reflect.New(typ), reflect.Zero(reflect.PointerTo(typ))} {
			for i := range v.NumMethod() {
				m := v.Type().Method(i)
				if m.Type.NumIn() != 1 || (v.Kind() == reflect.Pointer && v.IsNil() && !isPtrMethod(typ, m.Name)) {
					continue // methods with arguments; value methods on nil (Go panics, not us)
				}
				assert.NotPanics(t, func() { v.Method(i).Call(nil) }, "%s.%s", v.Type(), m.Name)
			}
		}
	}
}

// isPtrMethod reports whether the method is declared on *typ (not promoted
// from typ).
func isPtrMethod(typ reflect.Type, name string) bool {
	_, onValue := typ.MethodByName(name)
	return !onValue
}

func TestClassify(t *testing.T) {
	_, err := json.Marshal(JSONFail(-1))
	assert.Equal(t, UserError, Classify(err))
	_, err = json.Marshal(map[TextFail]int{-1: 1})
	assert.Equal(t, UserError, Classify(err))
	_, err = json.Marshal(json.Number("x"))
	assert.Equal(t, BadData, Classify(err))
	_, err = json.Marshal(struct{ C chan int }{}) //lint:ignore SA1026 the error is what is tested
	assert.Equal(t, Unsupported, Classify(err))
	_, err = json.Marshal([]float64{1, 2, 0 / zero})
	assert.Equal(t, Unsupported, Classify(err))
	assert.Equal(t, NoError, Classify(nil))
	assert.Equal(t, OtherError, Classify(errors.New("x")))
	assert.Equal(t, "user error", UserError.String())
}

var zero = 0.0

func TestDeepChains(t *testing.T) {
	chains, cyclic := 0, 0
	for _, seed := range seeds(1000) {
		s := Config{}.Generate(seed)
		if s.Chain == 0 {
			continue
		}
		assert.GreaterOrEqual(t, s.Stats.Values, 2*s.Chain, s.Desc)
		chains++
		_, p, err := stdMarshal(s.Value)
		require.Nil(t, p)
		if s.Stats.Cycles > 0 {
			cyclic++
			assert.Equal(t, Unsupported, Classify(err), s.Desc)
		} else if s.Stats.NaNs+s.Stats.Infs == 0 {
			assert.NoError(t, err, s.Desc)
		}
	}
	assert.Greater(t, chains, 20)
	assert.Greater(t, cyclic, 5)
	assert.Greater(t, chains-cyclic, 5)
}

// tokenless returns the cycles that write no JSON token (category K).
func tokenless() map[string]any {
	type P *P
	var p P
	p = P(&p)
	var x any
	x = &x
	var a any
	pa := &a
	ppa := &pa
	a = ppa // a → **any → *any → a
	return map[string]any{"type P *P": p, "x = &x": x, "**any": a}
}

// throughStruct is a cycle of pointers and interfaces through one struct,
// which writes '{' on every turn: json/v2 finds it 1000 levels deep.
func throughStruct() any {
	type node struct{ Next any }
	n := &node{}
	var hold any = n
	n.Next = &hold
	return n
}

func TestTokenlessCycles(t *testing.T) {
	for name, v := range tokenless() {
		st := Count(v)
		assert.Positive(t, st.Cycles, name)
		assert.Positive(t, st.TokenlessCycles, name)
		assert.Equal(t, flavor.TokenlessCycleCrashes, CrashesStd(v), name)
		if !flavor.TokenlessCycleCrashes {
			_, err := json.Marshal(v)
			var uv *json.UnsupportedValueError
			assert.ErrorAs(t, err, &uv, name)
		}
	}
	for _, v := range []any{selfMapAny(), throughStruct(), []any{1, "x"}, &Tree{Name: "t"}} {
		assert.Zero(t, Count(v).TokenlessCycles)
		assert.False(t, CrashesStd(v))
		_, err := json.Marshal(v) // a cycle error, or none: never a crash
		assert.NotEqual(t, OtherError, Classify(err))
	}
}

func selfMapAny() map[string]any {
	m := map[string]any{}
	m["m"] = m
	return m
}

func TestClassifyDepth(t *testing.T) {
	var v any
	for range 10001 {
		v = []any{v}
	}
	_, err := json.Marshal(v)
	if flavor.EncodeDepthLimit == 0 {
		assert.Equal(t, NoError, Classify(err))
	} else {
		assert.Equal(t, Unsupported, Classify(err))
	}
}
