package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var indentLayouts = [][2]string{{"", "\t"}, {"", "  "}, {">", ""}, {"//", "  "}, {"\t", "\t"}, {" ", "-"}}

// checkIndent compares appendIndent with json.Indent on compact JSON.
func checkIndent(t *testing.T, compact []byte) {
	t.Helper()
	for _, l := range indentLayouts {
		var want bytes.Buffer
		require.NoError(t, json.Indent(&want, compact, l[0], l[1]), "%s", compact)
		got, err := appendIndent([]byte("dst:"), compact, l[0], l[1])
		require.NoError(t, err, "%s", compact)
		require.Equal(t, "dst:"+want.String(), string(got), "%q %q %s", l[0], l[1], compact)
	}
}

func TestIndentAsStd(t *testing.T) {
	for _, c := range ordinaryValues() {
		b, err := json.Marshal(c.v)
		require.NoError(t, err)
		checkIndent(t, b)
	}
	for _, s := range []string{`0`, `""`, `"\""`, `"\\"`, `"\\\""`, `"a\\\\"`, `{}`, `[]`, `[{}]`, `{"":[]}`, `[[],[[]],{}]`,
		`{"a\"b":"{[,:]}"}`, `-1.5e+10`, `[true,false,null]`, `{"a":{"b":{"c":[1,{"d":"\u2028"}]}}}`} {
		checkIndent(t, []byte(s))
	}
	r := rand.New(rand.NewPCG(3, 4))
	for range 3000 {
		b, err := json.Marshal(randomJSON(r, 4))
		require.NoError(t, err)
		checkIndent(t, b)
	}
}

// randomJSON returns a random value of the kinds JSON decodes into, with
// strings full of quotes, backslashes and brackets.
func randomJSON(r *rand.Rand, depth int) any {
	switch k := r.IntN(8); {
	case depth > 0 && k == 0:
		m := map[string]any{}
		for range r.IntN(4) {
			m[randomString(r)] = randomJSON(r, depth-1)
		}
		return m
	case depth > 0 && k == 1:
		s := make([]any, r.IntN(4))
		for i := range s {
			s[i] = randomJSON(r, depth-1)
		}
		return s
	case k == 2:
		return r.NormFloat64() * 1e10
	case k == 3:
		return r.IntN(2) == 0
	case k == 4:
		return nil
	default:
		return randomString(r)
	}
}

func randomString(r *rand.Rand) string {
	const alphabet = "ab\"\\{}[],: \t\n<é\u2028"
	runes := []rune(alphabet)
	var sb strings.Builder
	for range r.IntN(6) {
		sb.WriteRune(runes[r.IntN(len(runes))])
	}
	return sb.String()
}

func TestIndentRejectsWhatIsNotCompactJSON(t *testing.T) {
	for _, s := range []string{`{`, `}`, `[1,2`, `"abc`, `"abc\"`, `[1]]`, `{"a": 1}`, " 1", "[\n]"} {
		got, err := appendIndent([]byte("keep"), []byte(s), ">", "\t")
		assert.ErrorIs(t, err, errIndentInput, s)
		assert.Equal(t, "keep", string(got), s)
	}
}

// FuzzIndent: on every compact, valid JSON input appendIndent writes what
// json.Indent writes; on anything else it may fail, but never panics and
// leaves dst alone when it does.
func FuzzIndent(f *testing.F) {
	for _, s := range []string{`{"a":[1,{"b":"\"}"}],"c":{}}`, `[]`, `"\\"`, `[[[]]]`, `{`, `"`, `1 2`} {
		f.Add([]byte(s), ">", "\t")
	}
	f.Fuzz(func(t *testing.T, in []byte, prefix, indent string) {
		got, err := appendIndent([]byte("dst"), in, prefix, indent)
		if err != nil {
			require.Equal(t, "dst", string(got))
		}
		var compact bytes.Buffer
		if json.Compact(&compact, in) != nil || !bytes.Equal(compact.Bytes(), in) {
			return
		}
		require.NoError(t, err, "%q", in)
		var want bytes.Buffer
		require.NoError(t, json.Indent(&want, in, prefix, indent))
		require.Equal(t, "dst"+want.String(), string(got), fmt.Sprintf("%q %q %q", in, prefix, indent))
	})
}
