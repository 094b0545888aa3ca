package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/benchdata"
)

// validSeeds holds every rule of the grammar validJSON follows, each on both
// sides of its edge: what json.Valid accepts and what it rejects.
func validSeeds() []string {
	deep := func(n int, open, inner, close string) string {
		return strings.Repeat(open, n) + inner + strings.Repeat(close, n)
	}
	items, err := json.MarshalIndent(benchdata.Items(3), "", "\t")
	if err != nil {
		panic(err)
	}
	return []string{
		// literals and trailing bytes
		"null", "true", "false", "nul", "tru", "fals", "nulll", "truex", "NaN", "Infinity", "-Infinity", "None",
		"", " ", "\t\n\r ", "1 2", "true false", "{}{}", "[1]x", "[1] ", " [1]\r\n", "[1]\x00", "\x00",
		"\xef\xbb\xbf[1]", "\f[]", "[]\f", "\u00a0[]", "[\v]", "\u2028[]",
		// numbers
		"0", "-0", "01", "-01", "00", "1.", "1.5", ".5", "-", "+1", "--1", "0x1", "1.e5", "1e", "1e+", "1e-", "1E400",
		"1e99999999999999999999", "-0.0e-0", "123abc", "1e1.5", "1.5e", "1.5E+3", "[-]", "[01]", "[1.]", "[1e]",
		"12345678901234567890123456789012345678901234567890", "-1.0e+00000", "0.0000000000001", "2e308", "1_0",
		// strings and escapes
		`""`, `"a"`, `"\""`, `"\\"`, `"\/"`, `"\b\f\n\r\t"`, `"\u0000"`, `"\uABCD"`, `"\uabcd"`, `"\x"`, `"\u12"`,
		`"\u12G4"`, `"\'"`, `"\U0041"`, `"\`, `"abc`, `"a\"`, "\"a\x01\"", "\"a\x1fb\"", "\"a\tb\"", "\"a\nb\"", "\"\x7f\"",
		"\"a\xffb\"", "\"\xed\xa0\x80\"", "\"\xc0\xaf\"", "\"\xf4\x90\x80\x80\"", "\"\xe2\x82\"", `"\ud800"`, `"\udc00\ud800"`,
		`"\ud83d\ude00"`, "\"0123456789abcdef\x01\"", "\"0123456789abcdef\"", "\"01234567\\n89abcdef\"", "\"0123456\"\"",
		"\"é日本語€😀 long enough for the eight-byte loop\"",
		// arrays and objects
		"[]", "{}", "[ ]", "{ }", "[1,]", "[,1]", "[1,,2]", "[1 2]", `["a""b"]`, "[}", "{]", "{,}", `{"a":1,}`,
		`{"a":1 "b":2}`, `{"a" 1}`, `{"a":}`, `{:1}`, "{1:2}", `{'a':1}`, `{"a":1,"a":2}`, `{"a":[{"b":null}]}`, "[[]",
		"[]]", `{"a":{}`, `{"a":1}}`, `[{"a":1},{"b":[true,false,null,"x",-1.5e3]}]`,
		// nesting: encoding/json allows 10000 levels
		deep(10000, "[", "", "]"), deep(10001, "[", "", "]"), deep(10000, `{"a":`, "1", "}"),
		deep(10001, `{"a":`, "1", "}"), deep(5000, `[{"a":`, "1", "}]"), deep(5001, `[{"a":`, "1", "}]"),
		deep(10000, "[", "", ""), deep(20000, "[", "", "]"),
		string(items),
	}
}

// validators: the hand-written one, and Valid as built (goccy's, where it is
// compiled in).
var validators = []struct {
	name  string
	valid func([]byte) bool
}{{"validJSON", validJSON}, {"Valid", Valid}, {"Scan", func(in []byte) bool {
	_, ok := Scan(in, FactKeysASCII)
	return ok
}}}

func TestValidJSON(t *testing.T) {
	for _, v := range validators {
		for _, in := range validSeeds() {
			assert.Equal(t, json.Valid([]byte(in)), v.valid([]byte(in)), "%s(%.60q)", v.name, in)
		}
	}
}

// mutate calls f with n random edits of valid documents (bytes changed,
// dropped, doubled, and prefixes) and json.Valid's verdict on each, and
// returns how many of them were valid.
func mutate(n int, seed uint64, f func(in []byte, valid bool)) (valid int) {
	docs := [][]byte{[]byte(`{"a":[1,-2.5e+3,true,false,null,"x\"\\\/\b\f\n\r\t\u00e9"],"b":{"c":{}},"d":[],"zz":[{"q":[1,"2",{"r":null}]}]}`)}
	for _, s := range validSeeds() {
		if json.Valid([]byte(s)) && len(s) < 2000 {
			docs = append(docs, []byte(s))
		}
	}
	alphabet := []byte("{}[]:,\"\\/ \t\n\r0123456789+-.eEtrufalsnbu\x00\x01\x1f\x7f\x80\xff")
	r := rand.New(rand.NewPCG(seed, 2))
	for range n {
		doc := docs[r.IntN(len(docs))]
		in := append([]byte(nil), doc...)
		for range 1 + r.IntN(3) {
			if len(in) == 0 {
				break
			}
			p := r.IntN(len(in))
			switch r.IntN(4) {
			case 0:
				in[p] = alphabet[r.IntN(len(alphabet))]
			case 1:
				in = append(in[:p], in[p+1:]...)
			case 2:
				in = append(in[:p+1], in[p:]...)
			case 3:
				in = in[:p]
			}
		}
		ok := json.Valid(in)
		if ok {
			valid++
		}
		f(in, ok)
	}
	return valid
}

// TestValidJSONMutations checks the validators against json.Valid on random
// edits of valid documents.
func TestValidJSONMutations(t *testing.T) {
	const n = 100000
	valid := mutate(n, 1, func(in []byte, want bool) {
		for _, v := range validators {
			require.Equal(t, want, v.valid(in), "%s(%q)", v.name, in)
		}
	})
	assert.Greater(t, valid, n/20, "the mutations must keep some inputs valid")
	assert.Less(t, valid, n/2, "the mutations must make most inputs invalid")
}

// strictTargets are what TestEnginesRejectInvalid decodes into: an any, and
// a struct that skips most of the input.
func strictTargets() []func() any {
	type skipping struct {
		A []any          `json:"a"`
		B map[string]any `json:"b"`
		D []int          `json:"d"`
	}
	return []func() any{func() any { return new(any) }, func() any { return new(skipping) }}
}

// rejectsInvalid reports whether e decoded in into target with an error (a
// panic counts as one).
func rejectsInvalid(e Engine, in []byte, target any) (rejected bool) {
	defer func() {
		if recover() != nil {
			rejected = true
		}
	}()
	return e.Unmarshal(in, target) != nil
}

// TestEnginesRejectInvalid: an engine without DecodeQuirkAcceptsInvalid
// rejects every input json.Valid rejects, into an any and into a struct
// that skips unknown members.
func TestEnginesRejectInvalid(t *testing.T) {
	strict := 0
	for _, e := range All() {
		if DecodeQuirksOf(e).Has(DecodeQuirkAcceptsInvalid) {
			continue
		}
		strict++
		for _, in := range validSeeds() {
			if !json.Valid([]byte(in)) {
				for _, target := range strictTargets() {
					require.True(t, rejectsInvalid(e, []byte(in), target()), "%s takes %.80q", e.Name(), in)
				}
			}
		}
		mutate(30000, 5, func(in []byte, valid bool) {
			if !valid {
				for _, target := range strictTargets() {
					require.True(t, rejectsInvalid(e, in, target()), "%s takes %q", e.Name(), in)
				}
			}
		})
	}
	assert.Positive(t, strict, "std at least")
}

// FuzzEnginesRejectInvalid: TestEnginesRejectInvalid on any input.
func FuzzEnginesRejectInvalid(f *testing.F) {
	for _, s := range validSeeds() {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		if json.Valid(in) {
			return
		}
		for _, e := range All() {
			if !DecodeQuirksOf(e).Has(DecodeQuirkAcceptsInvalid) {
				for _, target := range strictTargets() {
					if !rejectsInvalid(e, in, target()) {
						t.Fatalf("%s takes %q", e.Name(), in)
					}
				}
			}
		}
	})
}

// FuzzValid: the validators' verdict is the building toolchain's
// json.Valid's.
func FuzzValid(f *testing.F) {
	for _, s := range validSeeds() {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		want := json.Valid(in)
		for _, v := range validators {
			if got := v.valid(in); got != want {
				t.Fatalf("%s(%q) = %v, json.Valid = %v", v.name, in, got, want)
			}
		}
		if want {
			checkScanFacts(t, in)
		}
	})
}

// keysASCII reports whether every key of valid JSON in is ASCII, decoded,
// by encoding/json's tokens.
func keysASCII(t *testing.T, in []byte) bool {
	d := json.NewDecoder(bytes.NewReader(in))
	d.UseNumber()
	type open struct {
		obj bool
		key bool // the next string is a key
	}
	var stack []*open
	ascii := true
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return ascii
		}
		require.NoError(t, err)
		var top *open
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if s, ok := tok.(string); ok && top != nil && top.obj && top.key {
			for _, r := range s {
				ascii = ascii && r < 0x80
			}
			top.key = false
			continue
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, &open{obj: true, key: true})
			continue
		case json.Delim('['):
			stack = append(stack, &open{})
			continue
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
		}
		// a value has ended: the next string of an object is a key
		if len(stack) > 0 {
			stack[len(stack)-1].key = true
		}
	}
}

// checkScanFacts: Scan's FactKeysASCII is exact.
func checkScanFacts(t *testing.T, in []byte) {
	for _, want := range []InputFacts{0, FactKeysASCII} {
		facts, ok := Scan(in, want)
		require.True(t, ok, "%q", in)
		require.Zero(t, facts&^want, "only the facts asked for")
		if want&FactKeysASCII != 0 {
			require.Equal(t, keysASCII(t, in), facts&FactKeysASCII != 0, "FactKeysASCII of %q", in)
		}
	}
}

func TestScanFacts(t *testing.T) {
	many := func(n int, dup bool) string {
		var b strings.Builder
		b.WriteString("{")
		for i := range n {
			if i > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, `"k%d":"the value of key %d"`, i, i)
		}
		if dup {
			b.WriteString(`,"k0":0`)
		}
		b.WriteString("}")
		return b.String()
	}
	cases := []struct {
		in    string
		ascii bool
	}{
		{`{"a":1,"b":2}`, true},
		{`{"a":1,"a":2}`, true},
		{`{"a":{"a":1},"b":{"a":1}}`, true},
		{`[{"a":1},{"a":1}]`, true},
		{`{"a":{"b":1,"c":[{"b":2}]},"b":1,"a":0}`, true},
		{`{"a":{"b":1,"b":2}}`, true},
		{`{"x":[],"y":{},"x":null}`, true},
		{`{"ſ":1}`, false},
		{`{"İd":1}`, false},
		{"{\"\u212a\":1}", false}, // the Kelvin sign, raw
		{"{\"\xff\":1}", false},
		{`{"\u017f":1}`, false},
		{`{"\u0041\u0072ab\n":1}`, true},
		{`{"\u007f":1}`, true},
		{`{"\u0080":1}`, false},
		{`{"\u00e9":1}`, false},
		{`{"a":"ſ","b":"\u0130"}`, true},
		{`["ſ"]`, true},
		{"[]", true},
		{`"ſ"`, true},
		{`{"abcdefghijklmnopq":1,"abcdefghijklmnopr":2}`, true},
		{`{"abcdefghijklmnopq":1,"abcdefghijklmnopq":2}`, true},
		{many(64, false), true},
		{many(1000, true), true},
		{`{"a":` + many(100, false) + `,"b":` + many(100, false) + `,"a":1}`, true},
		{"[" + strings.Repeat(many(10, false)+",", 50) + "{}]", true},
	}
	for _, c := range cases {
		facts, ok := Scan([]byte(c.in), FactKeysASCII)
		require.True(t, ok, c.in)
		assert.Equal(t, c.ascii, facts&FactKeysASCII != 0, "FactKeysASCII of %s", c.in)
		checkScanFacts(t, []byte(c.in))
	}
	for _, s := range validSeeds() {
		if json.Valid([]byte(s)) {
			checkScanFacts(t, []byte(s))
		}
	}
	facts, ok := Scan([]byte(`{"a":1,"a":2`), FactKeysASCII)
	assert.False(t, ok)
	assert.Zero(t, facts, "no facts of invalid input")
}

// TestScanAllocs: Scan allocates nothing.
func TestScanAllocs(t *testing.T) {
	in := []byte(strings.Repeat(`{"a":{"b":[1,{"c":2}]},"d":3}`, 1))
	in = []byte("[" + strings.Repeat(string(in)+",", 100) + strings.Repeat(`{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9,"j":10,"k":11,"l":12,"m":13,"n":14,"o":15,"p":16,"q":17,"r":18,"s":19},`, 10) + "{}]")
	assert.Zero(t, testing.AllocsPerRun(100, func() { Scan(in, FactKeysASCII) }))
}
