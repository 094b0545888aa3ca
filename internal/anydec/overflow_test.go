package anydec

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMayOverflow: every number strconv.ParseFloat finds out of range is
// found by mayOverflow, at every offset in a longer text (the sampling of
// digit runs, the eight-byte blocks), and ordinary JSON is not.
func TestMayOverflow(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var texts []string
	for range 20000 {
		var b strings.Builder
		if r.IntN(2) == 0 {
			b.WriteByte('-')
		}
		d := 1 + r.IntN(400)
		b.WriteByte(byte('1' + r.IntN(9)))
		for range d - 1 {
			b.WriteByte(byte('0' + r.IntN(10)))
		}
		if r.IntN(2) == 0 {
			b.WriteString("." + strings.Repeat("0", r.IntN(30)) + "9")
		}
		if r.IntN(3) > 0 {
			b.WriteString([]string{"e", "E", "e+", "E+", "e-", "e0"}[r.IntN(6)])
			b.WriteString(strconv.Itoa(r.IntN(400)))
		}
		texts = append(texts, b.String())
	}
	texts = append(texts, "1e400", "1.7976931348623159e308", "17976931348623159e292", "1e+0309", "-1E309", "9"+strings.Repeat("0", 308))
	out := 0
	for _, s := range texts {
		if _, err := strconv.ParseFloat(s, 64); err == nil {
			continue
		}
		out++
		for _, pad := range []int{0, 1, 7, 50, 98, 99, 100, 150} {
			in := "[" + strings.Repeat(" ", pad) + s + "]"
			require.True(t, mayOverflow([]byte(in)), "%.60s at %d", s, pad)
		}
	}
	t.Logf("%d of %d out of range", out, len(texts))
	require.Greater(t, out, 1000)
	ordinary := `[{"id":12345678901234567,"name":"e-mail e100","score":1.5e99,"tiny":1e-400,"x":-2.5E+99,"text":"exercise 2e3"}]`
	assert.False(t, mayOverflow([]byte(strings.Repeat(ordinary, 1000))))
}

// TestMayOverflowStrings: digits and exponents inside strings (UUIDs,
// hashes, hex colours) are not taken for numbers.
func TestMayOverflowStrings(t *testing.T) {
	for _, s := range []string{`{"id":"urn:uuid:7c4e2013-05b4-4e80-9e1f-3e400aa2"}`, `["a1e400b"]`, `["x-1e400y"]`, `["` + strings.Repeat("1", 300) + `x"]`, `["ab1.5e999"]`} {
		assert.False(t, mayOverflow([]byte(s)), s)
	}
	for _, s := range []string{`{"a":1e400}`, `[-1.5E+400 ]`, "[\n2e400\n]", `[` + strings.Repeat("1", 310) + `]`} {
		assert.True(t, mayOverflow([]byte(s)), s)
	}
}

// TestCheckLong: checkLong's error is json.Unmarshal's into every target
// anydec takes, on long invalid input of many kinds, and nil on valid input.
func TestCheckLong(t *testing.T) {
	body := "[" + strings.Repeat(`{"a":[1,"x",{"b":null}],"c":-1.5e3},`, 3000) + `{}`
	for _, tail := range []string{"]", "", "]x", "] {}", ",]", `,{"a":tru}]`, `,{"a" 1}]`, ",\"\x01\"]", `,1.]`, `,` + strings.Repeat("[", 10001) + strings.Repeat("]", 10001) + `]`, `,1e400]`, `,1e400`} {
		in := []byte(body + tail)
		got := checkLong(in)
		for _, v := range []any{new(any), new([]any), new(map[string]any), new(json.RawMessage)} {
			want := json.Unmarshal(in, v)
			if _, ok := want.(*json.SyntaxError); !ok && json.Valid(in) {
				assert.NoError(t, got, "%q", tail)
				continue
			}
			require.Error(t, got, "%q", tail)
			assert.Equal(t, fmt.Sprintf("%T %v", want, want), fmt.Sprintf("%T %v", got, got), "%q into %T", tail, v)
			var se, ge *json.SyntaxError
			if errors.As(want, &se) && errors.As(got, &ge) {
				assert.Equal(t, se.Offset, ge.Offset, "%q", tail)
			}
		}
	}
}
