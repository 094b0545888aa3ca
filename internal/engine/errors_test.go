package engine

import (
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"testing"
	"time"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/benchdata"
	"github.com/safejson/safejson/internal/flavor"
	"github.com/safejson/safejson/internal/testutil"
)

var errUser = errors.New("user boom <&>")

type failJSON struct{ A int }

func (failJSON) MarshalJSON() ([]byte, error) { return nil, errUser }

type failJSONPointer struct{ A int }

func (*failJSONPointer) MarshalJSON() ([]byte, error) { return nil, errUser }

type failText struct{ A int }

func (failText) MarshalText() ([]byte, error) { return nil, errUser }

type failTextPointer struct{ A int }

func (*failTextPointer) MarshalText() ([]byte, error) { return nil, errUser }

type invalidJSON struct{}

func (invalidJSON) MarshalJSON() ([]byte, error) { return []byte(`{"a":}`), nil }

type trailingJSON struct{}

func (trailingJSON) MarshalJSON() ([]byte, error) { return []byte(`1 2`), nil }

type emptyJSON struct{}

func (emptyJSON) MarshalJSON() ([]byte, error) { return nil, nil }

// bothMethods fails in MarshalJSON, which encoding/json prefers.
type bothMethods struct{}

func (bothMethods) MarshalJSON() ([]byte, error) { return nil, errUser }
func (bothMethods) MarshalText() ([]byte, error) { return []byte("text"), nil }

// nanInside returns encoding/json's own error from its MarshalJSON.
type nanInside struct{}

func (nanInside) MarshalJSON() ([]byte, error) { return json.Marshal(math.NaN()) }

type selfRef struct {
	A    int
	Next *selfRef
}

// outcome is what an engine's Append returns for a failing value.
type outcome int

const (
	exact         outcome = iota // encoding/json's own error: same type, same text
	rejected                     // *Rejected
	unconvertible                // *Unconvertible
)

func (o outcome) String() string {
	return [...]string{"exact", "rejected", "unconvertible"}[o]
}

type errorCase struct {
	name string
	v    any
	// std is the outcome on std and, unless overridden, on every engine.
	std     outcome
	engines map[string]outcome
}

func errorCases() []errorCase {
	self := &selfRef{A: 1}
	self.Next = self
	selfSlice := []any{1, nil}
	selfSlice[1] = selfSlice
	deepCycle := &selfRef{A: 0}
	tail := deepCycle
	for i := 1; i < 5; i++ {
		tail.Next = &selfRef{A: i}
		tail = tail.Next
	}
	tail.Next = deepCycle
	ch := make(chan int)
	up := unsafe.Pointer(&ch)
	nested := map[string]outcome{"sonic": unconvertible, "goccy": unconvertible}
	sonicOnly := map[string]outcome{"goccy": unconvertible}
	// An invalid json.Number below the top level: its text on json/v2
	// depends on a `,string` option the engines' errors do not show.
	nestedNumber := map[string]outcome(nil)
	if flavor.InvalidNumberIsMarshalerError {
		nestedNumber = nested
	}
	var cases []errorCase
	if !flavor.MapKeysByValue {
		// Keys json/v2 writes, and the classic encoding/json rejects.
		cases = append(cases,
			errorCase{name: "float map key", v: map[float64]int{1.5: 1}, std: rejected},
			errorCase{name: "interface map key", v: map[any]int{"a": 1}, std: rejected})
	}
	if flavor.EncodeDepthLimit > 0 {
		var deep any
		for range flavor.EncodeDepthLimit + 1 {
			deep = []any{deep}
		}
		cases = append(cases, errorCase{name: "deeper than encoding/json accepts", v: deep, std: rejected})
	}
	return append(cases, []errorCase{
		// What the safe encoder substitutes: rejected everywhere.
		{name: "cycle map", v: benchdata.SelfMap(), std: rejected},
		{name: "cycle pointer", v: self, std: rejected},
		{name: "cycle slice", v: selfSlice, std: rejected},
		{name: "cycle five levels", v: deepCycle, std: rejected},
		{name: "cycle in items", v: benchdata.ItemsWithSelf(20), std: rejected},
		{name: "NaN", v: math.NaN(), std: rejected},
		{name: "+Inf", v: math.Inf(1), std: rejected},
		{name: "-Inf float32 field", v: struct{ F float32 }{float32(math.Inf(-1))}, std: rejected},
		{name: "NaN quoted field", v: struct {
			F float64 `json:",string"`
		}{math.NaN()}, std: rejected},
		{name: "NaN map value", v: map[string]float64{"a": math.NaN()}, std: rejected},
		{name: "NaN in items", v: benchdata.ItemsWithNaN(20), std: rejected},
		{name: "chan", v: ch, std: rejected},
		{name: "func", v: func() {}, std: rejected},
		{name: "func field nil", v: struct{ F func() }{}, std: rejected},
		{name: "func in items", v: benchdata.ItemsWithFunc(20), std: rejected},
		{name: "complex", v: complex64(1), std: rejected},
		{name: "unsafe pointer", v: up, std: rejected},
		{name: "struct map key", v: map[struct{ A int }]int{{1}: 1}, std: rejected},
		{name: "array map key", v: map[[2]int]int{{1, 2}: 1}, std: rejected},
		{name: "interface map key holding a bool", v: map[any]int{true: 1}, std: rejected},
		// (goccy writes pointer-to-string/int keys: QuirkUnsupportedMapKey.)
		{name: "struct pointer map key", v: map[*selfRef]int{{}: 1}, std: rejected},

		// encoding/json's error for invalid numbers: exact everywhere (but
		// below the top level on json/v2).
		{name: "invalid number", v: json.Number("1x"), std: exact},
		{name: "invalid number field", v: struct{ N json.Number }{"--1"}, std: exact, engines: nestedNumber},
		{name: "invalid number quoted field", v: struct {
			N json.Number `json:",string"`
		}{"0x10"}, std: exact, engines: nestedNumber},
		{name: "invalid number in map", v: map[string]any{"a": json.Number("+1")}, std: exact, engines: nestedNumber},

		// The user's own methods failing at the top level: exact everywhere,
		// but goccy's invalid output (its own *SyntaxError).
		{name: "top MarshalJSON", v: failJSON{}, std: exact},
		{name: "top MarshalJSON via pointer", v: &failJSON{}, std: exact},
		{name: "top pointer MarshalJSON", v: &failJSONPointer{}, std: exact},
		{name: "top MarshalText", v: failText{}, std: exact},
		{name: "top pointer MarshalText", v: &failTextPointer{}, std: exact},
		{name: "top MarshalJSON over MarshalText", v: bothMethods{}, std: exact},
		{name: "top MarshalJSON returning std error", v: nanInside{}, std: exact},
		{name: "top time out of range", v: time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC), std: exact},
		{name: "top invalid output", v: invalidJSON{}, std: exact, engines: sonicOnly},
		{name: "top trailing output", v: trailingJSON{}, std: exact, engines: sonicOnly},
		{name: "top empty output", v: emptyJSON{}, std: exact, engines: sonicOnly},
		{name: "top invalid raw message", v: json.RawMessage(`{`), std: exact, engines: sonicOnly},
		{name: "top empty raw message", v: json.RawMessage{}, std: exact, engines: sonicOnly},

		// Below the top level the failing type is not known for sure.
		{name: "MarshalJSON in slice", v: []failJSON{{}}, std: exact, engines: nested},
		{name: "MarshalJSON via pointer field", v: struct{ F *failJSON }{&failJSON{}}, std: exact, engines: nested},
		{name: "pointer MarshalJSON addressable", v: &struct{ F failJSONPointer }{}, std: exact, engines: nested},
		{name: "pointer MarshalJSON in slice", v: []failJSONPointer{{}}, std: exact, engines: nested},
		{name: "MarshalJSON in map", v: map[string]any{"x": failJSON{}}, std: exact, engines: nested},
		{name: "MarshalText in field", v: struct{ F failText }{}, std: exact, engines: nested},
		{name: "MarshalText quoted field", v: struct {
			//lint:ignore SA5008 ,string on a struct, on purpose
			F failText `json:",string"`
		}{}, std: exact, engines: nested},
		{name: "MarshalText map key", v: map[failText]int{{}: 1}, std: exact, engines: nested},
		{name: "pointer MarshalText map key", v: map[*failTextPointer]int{{}: 1}, std: exact, engines: nested},
		{name: "invalid output nested", v: []any{invalidJSON{}}, std: exact, engines: nested},
		{name: "invalid raw message nested", v: map[string]json.RawMessage{"r": json.RawMessage(`[1,`)}, std: exact, engines: nested},
		{name: "std error from nested MarshalJSON", v: []nanInside{{}}, std: exact,
			// sonic hands back the *json.UnsupportedValueError unwrapped:
			// rejected, and the fallback finds the user's error.
			engines: map[string]outcome{"sonic": rejected, "goccy": unconvertible}},
		{name: "time out of range nested", v: []time.Time{time.Date(-1, 1, 1, 0, 0, 0, 0, time.UTC)}, std: exact, engines: nested},
	}...)
}

func TestErrorClassification(t *testing.T) {
	for _, c := range errorCases() {
		stdErr := func() error { _, err := json.Marshal(c.v); return err }()
		require.Error(t, stdErr, "%s: encoding/json must fail", c.name)
		if c.std == rejected {
			var ut *json.UnsupportedTypeError
			var uv *json.UnsupportedValueError
			var se *json.SyntaxError // json/v2's depth limit
			require.True(t, errors.As(stdErr, &ut) || errors.As(stdErr, &uv) || errors.As(stdErr, &se),
				"%s: std error %T is not a substitutable one", c.name, stdErr)
		}
		for _, e := range All() {
			want, ok := c.engines[e.Name()]
			if !ok {
				want = c.std
			}
			for _, o := range indentVariants {
				name := c.name + "/" + e.Name()
				dst := []byte("keep")
				got, err := e.Append(dst, c.v, o)
				require.Error(t, err, name)
				assert.Equal(t, "keep", string(got), name)
				switch want {
				case exact:
					assertSameError(t, stdErr, err, name)
				case rejected:
					assert.True(t, IsRejected(err), "%s: want *Rejected, got %T %v", name, err, err)
					assert.False(t, IsUnconvertible(err), name)
				case unconvertible:
					assert.True(t, IsUnconvertible(err), "%s: want *Unconvertible, got %T %v", name, err, err)
					assert.False(t, IsRejected(err), name)
				}
				assert.Equal(t, want != exact, NeedsFallback(err), name)
			}
		}
	}
}

// assertSameError checks that got is encoding/json's error want
// (testutil.SameError), and that it wraps the user's own error where want
// does.
func assertSameError(t *testing.T, want, got error, name string) {
	t.Helper()
	testutil.SameError(t, want, got, name)
	if errors.Is(want, errUser) {
		assert.ErrorIs(t, got, errUser, name)
	}
}

func TestRejectedAndUnconvertibleWrap(t *testing.T) {
	inner := errors.New("inner")
	r := &Rejected{Engine: "x", Err: inner}
	assert.Equal(t, "x: rejected: inner", r.Error())
	assert.ErrorIs(t, r, inner)
	assert.True(t, IsRejected(r))
	assert.False(t, IsUnconvertible(r))
	u := &Unconvertible{Engine: "y", Err: inner}
	assert.Equal(t, "y: user error not convertible to encoding/json's: inner", u.Error())
	assert.ErrorIs(t, u, inner)
	assert.True(t, IsUnconvertible(u))
	assert.False(t, IsRejected(u))
	assert.True(t, NeedsFallback(r))
	assert.True(t, NeedsFallback(u))
	assert.False(t, NeedsFallback(inner))
	assert.False(t, NeedsFallback(nil))
}

// TestTopLevelMethodError: for a value whose own method fails (with errUser),
// the error rebuilt from the cause is encoding/json's.
func TestTopLevelMethodError(t *testing.T) {
	for _, c := range []struct {
		v      any
		method bool
	}{
		{failJSON{}, true},
		{&failJSON{}, true},
		{&failJSONPointer{}, true},
		{failText{}, true},
		{&failTextPointer{}, true},
		{bothMethods{}, true},
		{(*failJSON)(nil), false}, // encoding/json writes null
		{(*failTextPointer)(nil), false},
		{failJSONPointer{}, false}, // not addressable: no method
		{nil, false},
		{1, false},
		{[]failJSON{{}}, false}, // nested: not the top-level method
	} {
		err, ok := topLevelMethodError(c.v, errUser)
		require.Equal(t, c.method, ok, "%T", c.v)
		if ok {
			_, want := json.Marshal(c.v)
			assertSameError(t, want, err, reflect.TypeOf(c.v).String())
		}
	}
}
