package jsonwire

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// checkStructure walks data with valid and checks, at each token, State's
// depth and innermost container against a stack of the brackets read so far
// (the input is JSON up to there); and the verdict against json.Valid.
func checkStructure(t *testing.T, data []byte) {
	var open []byte // the brackets open, as the test reads them
	ok, _ := valid(data, func(st *State, i int) {
		switch c := data[i]; c {
		case '{', '[':
			open = append(open, c)
		case '}', ']':
			open = open[:len(open)-1]
		}
		require.Equal(t, len(open), st.Depth(), "%q at %d", data, i)
		if len(open) > 0 {
			require.Equal(t, open[len(open)-1] == '{', st.InObject(), "%q at %d", data, i)
		}
	})
	require.Equal(t, json.Valid(data), ok, "%q", data)
	if ok {
		require.Empty(t, open)
	}
}

// TestState: on every edge of the grammar, in every context, the nesting
// State keeps is the brackets' and its verdict json.Valid's.
func TestState(t *testing.T) {
	for _, s := range edges() {
		for _, in := range []string{s, "[" + s + "]", `{"k":` + s + "}", `[{"k":[` + s + `,1]},2]`, "[" + s} {
			checkStructure(t, []byte(in))
		}
	}
}

// TestStateMisuse: what each method refuses, in each place.
func TestStateMisuse(t *testing.T) {
	var st State
	assert.False(t, st.Done(), "nothing read")
	_, ok := st.Comma()
	assert.False(t, ok)
	assert.False(t, st.Colon())
	assert.False(t, st.Close('}'))
	assert.False(t, st.Close(']'))
	require.True(t, st.Open('{'))
	assert.False(t, st.Value(), "a number as a name")
	assert.False(t, st.Open('['), "an array as a name")
	assert.False(t, st.Close(']'))
	assert.False(t, st.Colon())
	name, ok := st.String()
	require.True(t, ok)
	assert.True(t, name)
	assert.False(t, st.Close('}'), "a name without a value")
	assert.False(t, st.Value(), "a value without a colon")
	require.True(t, st.Colon())
	assert.False(t, st.Colon())
	assert.False(t, st.Close('}'), "a colon without a value")
	name, ok = st.String()
	require.True(t, ok)
	assert.False(t, name)
	assert.False(t, st.Value(), "two values")
	assert.False(t, st.Close(']'))
	name, ok = st.Comma()
	require.True(t, ok)
	assert.True(t, name, "a name after a comma in an object")
	assert.False(t, st.Close('}'), "a comma before the close")
	_, ok = st.Comma()
	assert.False(t, ok)
	assert.False(t, st.Value())
	require.True(t, st.Name())
	assert.False(t, st.Name())
	require.True(t, st.Colon())
	assert.False(t, st.Name(), "a name as a value")
	require.True(t, st.Open('['))
	assert.False(t, st.InObject())
	assert.False(t, st.Colon())
	require.True(t, st.Value())
	name, ok = st.Comma()
	require.True(t, ok)
	assert.False(t, name, "a value after a comma in an array")
	assert.False(t, st.Close(']'), "a comma before the close")
	require.True(t, st.Value())
	require.True(t, st.Close(']'))
	assert.True(t, st.InObject())
	require.True(t, st.Close('}'))
	assert.Equal(t, 0, st.Depth())
	assert.True(t, st.Done())
	assert.False(t, st.Value(), "a second value")
	assert.False(t, st.Open('{'))
	_, ok = st.String()
	assert.False(t, ok)
}

// TestStateNesting: MaxNesting levels of each kind, and of both in turn,
// open and close; one more does not open. Nothing is allocated.
func TestStateNesting(t *testing.T) {
	for _, kinds := range []string{"{", "[", "{[", "[{", "{{[", "[[{"} {
		var st State
		for d := range MaxNesting {
			c := kinds[d%len(kinds)]
			require.True(t, st.Open(c), "level %d", d+1)
			if c == '{' {
				_, _ = st.String()
				require.True(t, st.Colon())
			}
		}
		require.False(t, st.Open('['))
		require.False(t, st.Open('{'))
		require.True(t, st.Value())
		for d := MaxNesting - 1; d >= 0; d-- {
			c := kinds[d%len(kinds)]
			require.Equal(t, c == '{', st.InObject(), "level %d", d+1)
			require.True(t, st.Close(c+2), "level %d", d+1)
			require.Equal(t, d, st.Depth())
		}
		require.True(t, st.Done())
	}
	deep := []byte(strings.Repeat(`[{"a":`, MaxNesting/2) + "1" + strings.Repeat("}]", MaxNesting/2))
	assert.Zero(t, testing.AllocsPerRun(10, func() {
		var st State
		for _, c := range deep {
			switch c {
			case '[', '{':
				st.Open(c)
			case ']', '}':
				st.Close(c)
			}
		}
	}))
}

// FuzzState: on any input, the nesting State keeps is the brackets' and its
// verdict json.Valid's.
func FuzzState(f *testing.F) {
	for _, s := range edges() {
		if len(s) < 1000 {
			f.Add([]byte(s))
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) { checkStructure(t, data) })
}
