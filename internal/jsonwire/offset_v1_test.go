//go:build !goexperiment.jsonv2

package jsonwire

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestErrorOffset: where a string or a number breaks the grammar, the index
// the package returns is the byte classic encoding/json's scanner stops at:
// its SyntaxError.Offset counts the bytes read, that one included (the
// length if the input ended). Go 1.27's encoding/json on json/v2 counts in
// its own way (before an escape, or 0 at the end of the input), so the
// classic flavour is the reference.
func TestErrorOffset(t *testing.T) {
	check := func(in string, at int) {
		var v any
		var se *json.SyntaxError
		require.True(t, errors.As(json.Unmarshal([]byte(in), &v), &se), "%q", in)
		want := int64(min(at+1, len(in)))
		assert.Equal(t, want, se.Offset, "%q: index %d", in, at)
	}
	for _, body := range stringEdges {
		in := `"` + body + `"`
		if at, ok := SkipString([]byte(in), 1); !ok {
			check(in, at)
		}
		if at, ok := SkipString([]byte(in[:len(in)-1]), 1); !ok {
			check(in[:len(in)-1], at)
		}
	}
	for _, s := range numberEdges {
		if s == "" || !(s[0] == '-' || IsDigit(s[0])) {
			continue
		}
		if at, ok := SkipNumber([]byte(s), 0); !ok {
			check(s, at)
		}
	}
}

// checkOffset: where valid finds that data is not JSON, classic
// encoding/json's scanner stops at the same byte.
func checkOffset(t *testing.T, data []byte) {
	ok, at := valid(data, nil)
	if ok {
		return
	}
	var v any
	var se *json.SyntaxError
	require.True(t, errors.As(json.Unmarshal(data, &v), &se), "%q", data)
	assert.Equal(t, se.Offset, int64(min(at+1, len(data))), "%q: index %d", data, at)
}

// TestStructureOffset: a token that the structure does not allow, a literal
// cut or misspelt, more than MaxNesting levels, the end of the input: State
// and the tokens stop where classic encoding/json does, in every context.
func TestStructureOffset(t *testing.T) {
	for _, s := range edges() {
		for _, in := range []string{s, "[" + s + "]", `{"k":` + s + "}", "[" + s, " " + s + " "} {
			checkOffset(t, []byte(in))
		}
	}
}

// FuzzStructureOffset is TestStructureOffset on any input.
func FuzzStructureOffset(f *testing.F) {
	for _, s := range edges() {
		if len(s) < 1000 {
			f.Add([]byte(s))
		}
	}
	f.Fuzz(checkOffset)
}
