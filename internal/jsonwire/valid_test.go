package jsonwire

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// valid is json.Valid built from this package's tokens, with the structure
// walked here: what every scanner that uses the package does. ok is its
// verdict; at is the index of the byte that broke a token (len(data) if the
// input ended), -1 where the error is one of structure.
func valid(data []byte) (ok bool, at int) {
	var stack []byte // the open containers
	i := SkipSpace(data, 0)
	for {
		// A value starts at i.
		if i >= len(data) {
			return false, len(data)
		}
		switch c := data[i]; c {
		case '{', '[':
			if len(stack) == MaxNesting {
				return false, -1
			}
			stack = append(stack, c)
			i = SkipSpace(data, i+1)
			if i < len(data) && data[i] == c+2 {
				stack = stack[:len(stack)-1]
				i++
				break
			}
			if c == '{' {
				var ok bool
				if i, ok = key(data, i); !ok {
					return false, i
				}
			}
			continue
		case '"':
			var ok bool
			if i, ok = SkipString(data, i+1); !ok {
				return false, i
			}
		case 't', 'f', 'n':
			lit := map[byte]string{'t': "true", 'f': "false", 'n': "null"}[c]
			if !map[byte]func([]byte, int) bool{'t': True, 'f': False, 'n': Null}[c](data, i) {
				return false, -1
			}
			i += len(lit)
		default:
			var ok bool
			if i, ok = SkipNumber(data, i); !ok {
				return false, i
			}
		}
		// A value ended at i.
		for {
			i = SkipSpace(data, i)
			if len(stack) == 0 {
				return i == len(data), -1
			}
			if i >= len(data) {
				return false, len(data)
			}
			if open := stack[len(stack)-1]; data[i] == open+2 {
				stack = stack[:len(stack)-1]
				i++
				continue
			} else if data[i] != ',' {
				return false, -1
			} else if i = SkipSpace(data, i+1); open == '{' {
				var ok bool
				if i, ok = key(data, i); !ok {
					return false, i
				}
			}
			break
		}
	}
}

// key skips a member name at i and its colon.
func key(data []byte, i int) (int, bool) {
	if i >= len(data) || data[i] != '"' {
		return -1, false
	}
	i, ok := SkipString(data, i+1)
	if !ok {
		return i, false
	}
	if i = SkipSpace(data, i); i >= len(data) || data[i] != ':' {
		return -1, false
	}
	return SkipSpace(data, i+1), true
}

// edges holds each rule of the grammar on both sides of its edge.
func edges() []string {
	deep := func(n int, open, inner, close string) string {
		return strings.Repeat(open, n) + inner + strings.Repeat(close, n)
	}
	return []string{
		// whitespace and literals
		"", " ", "\t\n\r ", "        null        ", "\f[]", "[]\f", "\v1", "\u00a0[]", "\xef\xbb\xbf[1]", "1\x00",
		"null", "true", "false", "nul", "tru", "fals", "nulll", "truex", "True", "NULL", "NaN", "Infinity", "-Infinity",
		"[true,false,null]", "[nul]", "[t]", "1 2", "{}{}",
		// numbers
		"0", "-0", "01", "-01", "00", "1.", "1.5", ".5", "-", "+1", "--1", "0x1", "1.e5", "1e", "1e+", "1e-", "1E400",
		"1e99999999999999999999", "-0.0e-0", "123abc", "1e1.5", "1.5e", "1.5E+3", "[-]", "[01]", "[1.]", "[1e]", "-a",
		"12345678901234567890123456789012345678901234567890", "-1.0e+00000", "0.0000000000001", "1_0", "0.", "-.5",
		"9", "[1,2.5,-3e4]", "1 ", "1\n", "1x", "1E", "1e+5", "1e-05", "1.0E-",
		// strings and escapes
		`""`, `"a"`, `"\""`, `"\\"`, `"\/"`, `"\b\f\n\r\t"`, `"\u0000"`, `"\uABCD"`, `"\uabcd"`, `"\x"`, `"\u12"`,
		`"\u12G4"`, `"\'"`, `"\U0041"`, `"\`, `"\u`, `"\u1`, `"\u123`, `"abc`, `"a\"`, "\"a\x01\"", "\"a\x1fb\"",
		"\"a\tb\"", "\"a\nb\"", "\"\x7f\"", "\"a\xffb\"", "\"\xed\xa0\x80\"", "\"\xc0\xaf\"", "\"\xf4\x90\x80\x80\"",
		"\"\xe2\x82\"", `"\ud800"`, `"\udc00\ud800"`, `"\ud83d\ude00"`, `"\u0041\u0042\u004"`, `"\u0041\u0042\u0043"`,
		"\"0123456789abcdef\x01\"", "\"0123456789abcdef\"", "\"01234567\\n89abcdef\"", "\"0123456\"\"",
		"\"é日本語€😀 long enough for the eight-byte loop\"", "\"0123456789abcde\\", "\"0123456789abcdef",
		"\"\u2028\u2029\"", "\"<>&\"", "\"\x00\"",
		// arrays and objects
		"[]", "{}", "[ ]", "{ }", "[1,]", "[,1]", "[1,,2]", "[1 2]", `["a""b"]`, "[}", "{]", "{,}", `{"a":1,}`,
		`{"a":1 "b":2}`, `{"a" 1}`, `{"a":}`, `{:1}`, "{1:2}", `{'a':1}`, `{"a":1,"a":2}`, `{"a":[{"b":null}]}`, "[[]",
		"[]]", `{"a":{}`, `{"a":1}}`, `{"a\u0000":1}`, `{"\x":1}`, "{\"a\x01\":1}",
		// nesting
		deep(MaxNesting, "[", "", "]"), deep(MaxNesting+1, "[", "", "]"), deep(MaxNesting, `{"a":`, "1", "}"),
		deep(MaxNesting+1, `{"a":`, "1", "}"), deep(MaxNesting/2, `[{"a":`, "1", "}]"),
		deep(MaxNesting/2+1, `[{"a":`, "1", "}]"),
	}
}

// TestValid: the tokens, walked, give json.Valid's verdict on every edge,
// and in every context (top level, in an array, as a member, cut short).
func TestValid(t *testing.T) {
	for _, s := range edges() {
		for _, in := range []string{s, "[" + s + "]", `{"k":` + s + "}", "[" + s, " " + s + " "} {
			ok, _ := valid([]byte(in))
			require.Equal(t, json.Valid([]byte(in)), ok, "%q", in)
		}
	}
}

// FuzzValid: the tokens, walked, give json.Valid's verdict on any input.
func FuzzValid(f *testing.F) {
	for _, s := range edges() {
		if len(s) < 1000 {
			f.Add([]byte(s))
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		ok, _ := valid(data)
		assert.Equal(t, json.Valid(data), ok, "%q", data)
		if ok && len(data) > 0 {
			// A string's decoded text is encoding/json's.
			var want string
			if i := SkipSpace(data, 0); data[i] == '"' {
				require.NoError(t, json.Unmarshal(data, &want), "%q", data)
				got, end, uok := AppendUnquote(nil, data, i+1)
				require.True(t, uok, "%q", data)
				assert.Equal(t, want, string(got), "%q", data)
				assert.Equal(t, len(data), SkipSpace(data, end), "%q", data)
			}
		}
	})
}
