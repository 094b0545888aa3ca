package jsonwire

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// valid is json.Valid built from this package's tokens, the structure kept
// by State: what every scanner that uses the package does. ok is its
// verdict; at is the index of the byte where the text stops being JSON: the
// one that breaks a token or comes where the structure does not allow it,
// len(data) if the input ended first. each, if not nil, is called with the
// state and the index of each token, after State has taken it.
func valid(data []byte, each func(st *State, i int)) (ok bool, at int) {
	var st State
	i := 0
	for {
		if i = SkipSpace(data, i); i >= len(data) {
			break
		}
		start := i
		var allowed bool
		switch c := data[i]; c {
		case '"':
			_, allowed = st.String()
			if allowed {
				if i, ok = SkipString(data, i+1); !ok {
					return false, i
				}
			}
		case ',':
			_, allowed = st.Comma()
			i++
		case ':':
			allowed = st.Colon()
			i++
		case '{', '[':
			allowed = st.Open(c)
			i++
		case '}', ']':
			allowed = st.Close(c)
			i++
		case 't', 'f', 'n':
			if allowed = st.Value(); allowed {
				lit := map[byte]string{'t': "true", 'f': "false", 'n': "null"}[c]
				if !map[byte]func([]byte, int) bool{'t': True, 'f': False, 'n': Null}[c](data, i) {
					k := 0 // the first byte that differs
					for i+k < len(data) && data[i+k] == lit[k] {
						k++
					}
					return false, i + k
				}
				i += len(lit)
			}
		default:
			if allowed = st.Value(); allowed {
				if i, ok = SkipNumber(data, i); !ok {
					return false, i
				}
			}
		}
		if !allowed {
			return false, start
		}
		if each != nil {
			each(&st, start)
		}
	}
	if !st.Done() {
		return false, len(data)
	}
	return true, -1
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
			ok, _ := valid([]byte(in), nil)
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
		ok, _ := valid(data, nil)
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
