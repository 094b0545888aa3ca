package testutil

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type failer struct{}

type causeError string

func (e causeError) Error() string { return string(e) }

// wrapper is an error whose message does not show what it wraps.
type wrapper struct{ err error }

func (w wrapper) Error() string { return "wrapper" }
func (w wrapper) Unwrap() error { return w.err }

func (failer) MarshalJSON() ([]byte, error) { return nil, errors.New("no luck") }

// TestErrorDiff: ErrorDiff finds every difference it promises to find, and
// none between an error and itself or a copy.
func TestErrorDiff(t *testing.T) {
	var syntax *json.SyntaxError
	require.ErrorAs(t, json.Unmarshal([]byte(`[1,]`), new(any)), &syntax)
	var typeErr *json.UnmarshalTypeError
	require.ErrorAs(t, json.Unmarshal([]byte(`{"A":"x"}`), new(struct{ A int })), &typeErr)
	_, marshalerErr := json.Marshal(failer{})
	var me *json.MarshalerError
	require.ErrorAs(t, marshalerErr, &me)

	sameSyntax := *syntax
	otherOffset := *syntax
	otherOffset.Offset++
	otherField := *typeErr
	otherField.Field = "B"
	otherType := *typeErr
	otherType.Type = reflect.TypeFor[uint]()
	otherCause := *me
	otherCause.Err = causeError(me.Err.Error()) // same message, another type

	for _, c := range []struct {
		name      string
		want, got error
		differ    bool
	}{
		{"both nil", nil, nil, false},
		{"same syntax error", syntax, syntax, false},
		{"a copy", typeErr, new(*typeErr), false},
		{"a marshaler error and a copy", me, new(*me), false},
		{"an error, none wanted", nil, syntax, true},
		{"none, an error wanted", syntax, nil, true},
		{"another type, same message", errors.New(syntax.Error()), syntax, true},
		{"another message", syntax, &json.SyntaxError{Offset: syntax.Offset}, true},
		{"another offset, same message", syntax, &otherOffset, true},
		{"another field path, same message", typeErr, &otherField, true},
		{"another Go type, same message", typeErr, &otherType, true},
		{"a cause of another type, same message", me, &otherCause, true},
		{"wrapped, not wrapped", fmt.Errorf("x: %w", errors.New("y")), fmt.Errorf("x: %v", errors.New("y")), true},
		{"a std error wrapped, not wrapped", fmt.Errorf("x: %w", syntax), fmt.Errorf("x: %v", syntax), true},
		{"the same wrapper of a copy", wrapper{syntax}, wrapper{&sameSyntax}, false},
		{"a wrapper of a std error, and of none", wrapper{syntax}, wrapper{errors.New(syntax.Error())}, true},
		{"a wrapper of std errors at other offsets", wrapper{syntax}, wrapper{&otherOffset}, true},
	} {
		d := ErrorDiff(c.want, c.got)
		if c.differ {
			assert.NotEmpty(t, d, c.name)
		} else {
			assert.Empty(t, d, c.name)
		}
	}
}

func TestNested(t *testing.T) {
	assert.Equal(t, "[[[]]]", NestedArrays(3))
	assert.Equal(t, []any{[]any{1}}, NestedAny(2, 1))
	assert.Equal(t, reflect.TypeFor[map[string][]int](), NestedType(1, true, NestedType(1, false, reflect.TypeFor[int]())))
}

func TestCPUTime(t *testing.T) {
	a := CPUTime()
	b := CPUTime()
	assert.LessOrEqual(t, a, b, "the process CPU clock never goes back")
}

// TestCostlyBodies: every body is n bytes of valid JSON that encoding/json
// decodes into the type without error (but a number out of range of a
// number type), and the costliest for an any allocates more than an
// ordinary body of records.
func TestCostlyBodies(t *testing.T) {
	type rec struct {
		A    [64]int
		Tags []string         `json:"tags"`
		M    map[string][]int `json:"m"`
		X    any              `json:"x,omitempty"`
		F    *float64         `json:"f"`
		Skip any              `json:"-"`
	}
	for _, typ := range []reflect.Type{reflect.TypeFor[any](), reflect.TypeFor[[]any](), reflect.TypeFor[map[string]any](),
		reflect.TypeFor[[]rec](), reflect.TypeFor[rec](), reflect.TypeFor[*[]*rec](), reflect.TypeFor[string](), reflect.TypeFor[[]byte](), reflect.TypeFor[float64](), reflect.TypeFor[int8]()} {
		bodies := CostlyBodies(typ, 4000)
		require.NotEmpty(t, bodies, typ)
		for _, b := range bodies {
			require.Len(t, b.Data, 4000, "%v %s", typ, b.Name)
			require.True(t, json.Valid(b.Data), "%v %s", typ, b.Name)
			if strings.HasSuffix(b.Name, "long number") {
				var ute *json.UnmarshalTypeError
				assert.ErrorAs(t, json.Unmarshal(b.Data, reflect.New(typ).Interface()), &ute, "%v %s", typ, b.Name)
				continue
			}
			assert.NoError(t, json.Unmarshal(b.Data, reflect.New(typ).Interface()), "%v %s", typ, b.Name)
		}
	}
	by, al := MostCostly(reflect.TypeFor[any](), 4000)
	t.Logf("any, 4000 bytes: most bytes %+v, most allocations %+v", by, al)
	rb, ra := Allocations(func() {
		var v any
		_ = json.Unmarshal([]byte(`[`+strings.Repeat(`{"id":1,"name":"a b c","tags":["x"]},`, 100)+`{}]`), &v)
	})
	assert.Greater(t, by.Bytes, rb)
	assert.Greater(t, al.Allocs, ra)
}
