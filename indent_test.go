package safejson_test

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/safejson/safejson"
	"github.com/safejson/safejson/internal/flavor"
	"github.com/safejson/safejson/internal/testutil"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// textLayouts are the prefixes and indents Indent is compared under:
// encoding/json takes any string for either, spaces and tabs or not.
var textLayouts = [][2]string{{"", "\t"}, {"", "  "}, {"", ""}, {">", ""}, {"//", "  "}, {"\t", "\t"}, {" ", "-"}, {"\n", "\r"}}

// checkText compares Valid, Compact, Indent and HTMLEscape on src with
// encoding/json's: the verdict, the bytes appended to a buffer that already
// holds some, and the error (type, text and offset).
func checkText(t *testing.T, src []byte, layouts ...[2]string) {
	t.Helper()
	require.Equal(t, json.Valid(src), safejson.Valid(src), "Valid %q", src)

	want, got := bytes.NewBufferString("dst:"), bytes.NewBufferString("dst:")
	wantErr, gotErr := json.Compact(want, src), safejson.Compact(got, src)
	testutil.SameError(t, wantErr, gotErr, "Compact %q", src)
	require.Equal(t, want.String(), got.String(), "Compact %q", src)

	for _, l := range layouts {
		if stdIndentHangs(src, l[0], l[1]) {
			checkIndentWhereStdHangs(t, src, l[0], l[1])
			continue
		}
		want, got := bytes.NewBufferString("dst:"), bytes.NewBufferString("dst:")
		wantErr, gotErr := json.Indent(want, src, l[0], l[1]), safejson.Indent(got, src, l[0], l[1])
		testutil.SameError(t, wantErr, gotErr, "Indent %q %q %q", l[0], l[1], src)
		require.Equal(t, want.String(), got.String(), "Indent %q %q %q", l[0], l[1], src)
	}

	want, got = bytes.NewBufferString("dst:"), bytes.NewBufferString("dst:")
	json.HTMLEscape(want, src)
	safejson.HTMLEscape(got, src)
	require.Equal(t, want.String(), got.String(), "HTMLEscape %q", src)
}

// stdIndentHangs reports whether json.Indent never returns on src (Go 1.27
// on json/v2, flavor.AppendIndentTrailingSpace and IndentError): with an
// empty indent and a prefix that is not all spaces and tabs, a run of spaces
// after a line feed longer than prefix in the trailing whitespace of valid
// src, or anywhere in invalid src.
func stdIndentHangs(src []byte, prefix, indent string) bool {
	if !flavor.V2 || indent != "" || strings.Trim(prefix, " \t") == "" {
		return false
	}
	space := src
	if json.Valid(src) {
		space = src[len(bytes.TrimRight(src, " \t\r\n")):]
	}
	for i, c := range space {
		if run := space[i+1:]; c == '\n' && len(run)-len(bytes.TrimLeft(run, " ")) > len(prefix) {
			return true
		}
	}
	return false
}

// checkIndentWhereStdHangs: where json.Indent never returns, Indent
// returns json.Compact's error on invalid src (the same formatter's) and on
// valid src encoding/json's layout of the value, then the trailing
// whitespace with prefix written over the spaces after each line feed.
func checkIndentWhereStdHangs(t *testing.T, src []byte, prefix, indent string) {
	t.Helper()
	var got bytes.Buffer
	err := safejson.Indent(&got, src, prefix, indent)
	if !json.Valid(src) {
		testutil.SameError(t, json.Compact(new(bytes.Buffer), src), err, "%q", src)
		assert.Zero(t, got.Len())
		return
	}
	require.NoError(t, err)
	value := bytes.TrimRight(src, " \t\r\n")
	var want bytes.Buffer
	require.NoError(t, json.Indent(&want, value, prefix, indent))
	require.True(t, bytes.HasPrefix(got.Bytes(), want.Bytes()), "%q %q: %q", prefix, src, got.Bytes())
	tail := got.Bytes()[want.Len():]
	require.Len(t, tail, len(src)-len(value))
	i := bytes.IndexByte(tail, '\n')
	require.True(t, bytes.HasPrefix(tail[i+1:], []byte(prefix)) || strings.HasPrefix(prefix, string(tail[i+1:])), "%q", tail)
}

// TestIndentWhereStdHangs: Go 1.27's json.Indent writes the prefix over the
// spaces of the trailing whitespace (flavor.AppendIndentTrailingSpace), and
// never returns where the indent is empty and the spaces outnumber the
// prefix; Indent returns.
func TestIndentWhereStdHangs(t *testing.T) {
	src := []byte("[1]\n   ")
	var got bytes.Buffer
	require.NoError(t, safejson.Indent(&got, src, ">", ""))
	if flavor.V2 {
		assert.True(t, stdIndentHangs(src, ">", ""))
		assert.Equal(t, "[\n>1\n>]\n>  ", got.String())
		got.Reset()
		require.NoError(t, safejson.Indent(&got, src, ">", "-"))
		var want bytes.Buffer
		require.NoError(t, json.Indent(&want, src, ">", "-"))
		assert.Equal(t, "[\n>-1\n>]\n>--", want.String())
		assert.Equal(t, want.String(), got.String())

		bad := []byte("[1,\n   ]")
		assert.True(t, stdIndentHangs(bad, ">", ""))
		got.Reset()
		testutil.SameError(t, json.Compact(new(bytes.Buffer), bad), safejson.Indent(&got, bad, ">", ""))
		return
	}
	assert.False(t, stdIndentHangs(src, ">", ""))
	assert.Equal(t, "[\n>1\n>]\n   ", got.String())
}

// textEdges holds each rule of the grammar and of the layout on both sides
// of its edge.
func textEdges() []string {
	deep := func(n int, open, inner, close string) string {
		return strings.Repeat(open, n) + inner + strings.Repeat(close, n)
	}
	return []string{
		// whitespace, literals, numbers
		"", " ", "\t\n\r ", "  null  ", " \n[ ]\r\n", "\f[]", "[]\f", "\u00a0[]", "\xef\xbb\xbf[1]", "1\x00",
		"null", "true", "false", "nul", "tru", "truex", "True", "NaN", "[true , false,\tnull]", "1 2", "{}{}", "{} x",
		"0", "-0", "01", "-", "1.", "1.5", ".5", "1e", "1e+", "1E400", "-0.0e-0", "123abc", "[1,2.5,-3e4]", "1 \n",
		// strings
		`""`, `"a b"`, `" \" "`, `"\\"`, `"\/\b\f\n\r\t"`, `"\u00e9\uD83D\uDE00"`, `"\x"`, `"\u12G4"`, `"abc`, `"a\"`,
		"\"a\x01\"", "\"a\tb\"", "\"a\xffb\"", "\"\xed\xa0\x80\"", "\" <a href='x'>&amp; </a> \"", "\"\u2028\u2029\"",
		"\"\xe2\x80\"", "\"\xe2\x80\xa8\xe2\x80\xa9\xe2\x80\xaa\xe2\xe2\x80\xa8\"", "<>&", "\xe2\x80\xa8", "\xe2",
		"\"0123456789abcdef\x01\"", "\"é日本語€😀 long enough for the eight-byte loops <&> \"",
		// arrays and objects
		"[1]\n   ", "[1] \n  \n\t ", "{}\r\n ",
		"[]", "{}", "[ ]", "{ \n}", "[1,]", "[,1]", "[1 2]", "[}", "{]", `{"a":1,}`, `{"a" : 1 , "b":[ {} , [ ] ]}`,
		`{"a" 1}`, `{"a":}`, `{:1}`, "{1:2}", `{"a":1,"a":2}`, `{ "a" : [ { "b" : null } ] }`, "[[]", "[]]",
		`{"a":{}`, `{"a":1}}`, `{"{[,:]}":"{[,:]}"}`, `[ "a" , "b" ]`, "[\n\t1,\n\t2\n]\n",
		// nesting
		deep(10000, "[", "", "]"), deep(10001, "[", "", "]"), deep(500, `{"a": `, "1", " }"),
	}
}

// TestText: the four functions are encoding/json's on every edge, in every
// context (top level, in an array, as a member, cut short, spaced out).
func TestText(t *testing.T) {
	for _, s := range textEdges() {
		for _, in := range []string{s, "[" + s + "]", `{"k":` + s + "}", "[" + s, " " + s + " \n", "\t[ " + s + " ,\r\n" + s + " ]"} {
			layouts := textLayouts
			if len(in) > 1000 { // deep: the output is quadratic in the depth
				layouts = nil
				if in == s {
					layouts = [][2]string{{"", ""}}
				}
			}
			checkText(t, []byte(in), layouts...)
		}
	}
}

// TestTextRandom: the four functions are encoding/json's on random JSON
// values written with random whitespace between their tokens, and on the
// same text cut short or with one byte changed.
func TestTextRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(32, 1))
	n := 1500
	if testing.Short() {
		n = 200
	}
	for range n {
		src := spacedJSON(r, randomValue(r, 4))
		checkText(t, src, textLayouts[r.IntN(len(textLayouts))])
		if len(src) > 0 {
			checkText(t, src[:r.IntN(len(src))], textLayouts[0])
			bad := bytes.Clone(src)
			const swaps = "{}[],:\"\\ x0-.e\x01\xe2<"
			bad[r.IntN(len(bad))] = swaps[r.IntN(len(swaps))]
			checkText(t, bad, textLayouts[0])
		}
	}
}

// FuzzText: the four functions are encoding/json's on any input, under any
// prefix and indent.
func FuzzText(f *testing.F) {
	for _, s := range textEdges() {
		if len(s) < 200 {
			f.Add([]byte(s), "", "\t")
		}
	}
	f.Add([]byte(`{"a" : [1, {"b":"<\u2028>"} ] } `), "> ", "--")
	f.Fuzz(func(t *testing.T, src []byte, prefix, indent string) {
		if len(prefix)+len(indent) > 32 {
			return
		}
		checkText(t, src, [2]string{prefix, indent})
	})
}

// randomValue returns a random value of the kinds JSON decodes into, with
// strings full of the bytes the functions act on.
func randomValue(r *rand.Rand, depth int) any {
	switch k := r.IntN(8); {
	case depth > 0 && k == 0:
		m := map[string]any{}
		for range r.IntN(4) {
			m[randomText(r)] = randomValue(r, depth-1)
		}
		return m
	case depth > 0 && k == 1:
		s := make([]any, r.IntN(4))
		for i := range s {
			s[i] = randomValue(r, depth-1)
		}
		return s
	case k == 2:
		return r.NormFloat64() * 1e6
	case k == 3:
		return r.IntN(2) == 0
	case k == 4:
		return nil
	default:
		return randomText(r)
	}
}

func randomText(r *rand.Rand) string {
	const pieces = "ab \"\\{}[],:<>&\u2028\u2029\t\n/é😀\x01"
	runes := []rune(pieces)
	var sb strings.Builder
	for range r.IntN(24) {
		sb.WriteRune(runes[r.IntN(len(runes))])
	}
	return sb.String()
}

// spacedJSON returns v as encoding/json writes it, indented or not, with
// random whitespace before and after its structural bytes.
func spacedJSON(r *rand.Rand, v any) []byte {
	b, _ := json.Marshal(v)
	if r.IntN(3) == 0 {
		b, _ = json.MarshalIndent(v, "", "\t")
	}
	var out []byte
	space := func() {
		for range r.IntN(3) {
			out = append(out, " \t\n\r"[r.IntN(4)])
		}
	}
	space()
	for i := 0; i < len(b); i++ {
		c := b[i]
		if c == '"' { // copy the string
			j := i + 1
			for b[j] != '"' {
				if b[j] == '\\' {
					j++
				}
				j++
			}
			out = append(out, b[i:j+1]...)
			i = j
			continue
		}
		if strings.IndexByte("{}[],:", c) >= 0 && r.IntN(2) == 0 {
			space()
			out = append(out, c)
			space()
			continue
		}
		out = append(out, c)
	}
	space()
	return out
}

// TestTextDoesNotWriteOnError: on invalid input nothing is appended, and
// Valid, Compact and Indent agree.
func TestTextDoesNotWriteOnError(t *testing.T) {
	for _, s := range []string{`{"a":1,}`, `[1`, `"\x"`, ""} {
		dst := bytes.NewBufferString("kept")
		assert.False(t, safejson.Valid([]byte(s)))
		require.Error(t, safejson.Compact(dst, []byte(s)))
		require.Error(t, safejson.Indent(dst, []byte(s), "", "  "))
		assert.Equal(t, "kept", dst.String())
	}
}
