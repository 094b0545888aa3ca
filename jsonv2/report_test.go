//go:build goexperiment.jsonv2 && go1.27

package jsonv2_test

import (
	"bytes"
	"encoding/json/jsontext"
	"encoding/json/v2"
	"errors"
	"fmt"
	"math"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/jsonv2"
)

// reportOf marshals v with OnSubstitute, returning what it received as
// "pointer reason type" lines.
func reportOf(t *testing.T, v any, opts ...json.Options) ([]string, string, error) {
	var got []string
	opts = append(opts, jsonv2.OnSubstitute(func(s jsonv2.Substitution) {
		got = append(got, fmt.Sprintf("%q %s %v", s.Pointer, s.Reason, s.Type))
	}))
	b, err := jsonv2.Marshal(v, opts...)
	return got, string(b), err
}

type failText struct{}

func (failText) MarshalText() ([]byte, error) { return nil, errors.New("no text") }

// TestOnSubstitute: one call per substitute, in document order, with the
// JSON Pointer, reason and type Strict's error names; none for a value
// encoding/json/v2 writes, none on a failed encode.
func TestOnSubstitute(t *testing.T) {
	cyc := map[string]any{}
	cyc["self"] = cyc
	v := map[string]any{
		"a": math.NaN(),
		"b": []any{1.0, "x\xffy", cyc},
		"c": complex(1, 2),
		"d": map[bool]int{true: 1},
		"e": map[string]any{"ok": []any{"fine", 2.0}},
	}
	det := json.Deterministic(true)
	got, out, err := reportOf(t, v, det)
	require.NoError(t, err)
	assert.Equal(t, []string{
		`"/a" non-finite number float64`,
		`"/b/1" invalid UTF-8 string`,
		`"/b/2/self" cycle map[string]interface {}`,
		`"/c" unsupported type complex128`,
		`"/d" unsupported map key map[bool]int`,
	}, got)
	assert.Equal(t, `{"a":null,"b":[1,"x`+"\uFFFD"+`y",{"self":null}],"c":null,"d":{"true":1},"e":{"ok":["fine",2]}}`, out)

	// Each reported pointer is where Strict fails first, in turn.
	for _, key := range []string{"a", "b", "c", "d"} {
		_, err := jsonv2.Marshal(map[string]any{key: v[key]}, det, jsonv2.Strict(true))
		var se *json.SemanticError
		require.True(t, errors.As(err, &se), "%s: %v", key, err)
		one, _, err := reportOf(t, map[string]any{key: v[key]}, det)
		require.NoError(t, err)
		assert.Equal(t, fmt.Sprintf("%q", se.JSONPointer), one[0][:len(fmt.Sprintf("%q", se.JSONPointer))], key)
	}

	// Nothing for what encoding/json/v2 writes itself, on any route.
	for _, clean := range []any{v["e"], 1.5, struct{ A []int }{[]int{1}}} {
		got, _, err := reportOf(t, clean)
		require.NoError(t, err)
		assert.Empty(t, got, "%v", clean)
	}

	// Nothing on a failed encode, nor under Strict.
	got, _, err = reportOf(t, []any{math.Inf(1), failText{}})
	require.Error(t, err)
	assert.Empty(t, got)
	got, _, err = reportOf(t, []any{math.Inf(1)}, jsonv2.Strict(true))
	require.Error(t, err)
	assert.Empty(t, got)

	// MarshalWrite: nothing when the writer fails; MarshalEncode: pointers
	// relative to the value.
	var reported int
	count := jsonv2.OnSubstitute(func(jsonv2.Substitution) { reported++ })
	require.Error(t, jsonv2.MarshalWrite(failWriter{}, []any{math.NaN()}, count))
	assert.Zero(t, reported)
	var buf bytes.Buffer
	require.NoError(t, jsonv2.MarshalWrite(&buf, []any{math.NaN()}, count))
	assert.Equal(t, 1, reported)
	enc := jsontext.NewEncoder(&buf)
	require.NoError(t, enc.WriteToken(jsontext.BeginArray))
	var where []jsontext.Pointer
	require.NoError(t, jsonv2.MarshalEncode(enc, []any{1.0, math.NaN()}, jsonv2.OnSubstitute(func(s jsonv2.Substitution) {
		where = append(where, s.Pointer)
		assert.Equal(t, reflect.TypeFor[float64](), s.Type)
	})))
	assert.Equal(t, []jsontext.Pointer{"/1"}, where)
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("closed") }
