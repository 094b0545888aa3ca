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
	"github.com/safejson/safejson/internal/testutil"
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
	_, ok := Scan(in, FactKeysASCII|FactKeysUnique)
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

// keyFactsOf finds the key facts of valid JSON in by encoding/json's
// tokens: whether every key is ASCII (decoded), and whether no object has a
// key twice.
func keyFactsOf(t *testing.T, in []byte) (ascii, unique bool) {
	d := json.NewDecoder(bytes.NewReader(in))
	d.UseNumber()
	type open struct {
		obj  bool
		keys map[string]bool
		key  bool // the next string is a key
	}
	var stack []*open
	ascii, unique = true, true
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return ascii, unique
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
			unique = unique && !top.keys[s]
			top.keys[s] = true
			top.key = false
			continue
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, &open{obj: true, keys: map[string]bool{}, key: true})
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

// checkScanFacts: Scan's FactKeysASCII is exact; FactKeysUnique is never
// claimed wrongly, and is claimed on input without escapes in keys (none
// anywhere here), whatever the size of its objects (the inputs here are
// within keySetBudget).
func checkScanFacts(t *testing.T, in []byte) {
	ascii, unique := keyFactsOf(t, in)
	for _, want := range []InputFacts{FactKeysASCII, FactKeysUnique, FactKeysASCII | FactKeysUnique} {
		facts, ok := Scan(in, want)
		require.True(t, ok, "%q", in)
		require.Zero(t, facts&^want, "only the facts asked for")
		if want&FactKeysASCII != 0 {
			require.Equal(t, ascii, facts&FactKeysASCII != 0, "FactKeysASCII of %q", in)
		}
		if want&FactKeysUnique != 0 {
			if facts&FactKeysUnique != 0 {
				require.True(t, unique, "FactKeysUnique claimed of %q", in)
			} else if unique && !bytes.Contains(in, []byte{'\\'}) {
				t.Fatalf("FactKeysUnique not found in %q", in)
			}
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
		in            string
		ascii, unique bool
	}{
		{`{"a":1,"b":2}`, true, true},
		{`{"a":1,"a":2}`, true, false},
		{`{"a":{"a":1},"b":{"a":1}}`, true, true},
		{`[{"a":1},{"a":1}]`, true, true},
		{`{"a":{"b":1,"c":[{"b":2}]},"b":1,"a":0}`, true, false},
		{`{"a":{"b":1,"b":2}}`, true, false},
		{`{"x":[],"y":{},"x":null}`, true, false},
		{`{"ſ":1}`, false, true},
		{`{"İd":1}`, false, true},
		{"{\"\u212a\":1}", false, true}, // the Kelvin sign, raw
		{"{\"\xff\":1}", false, true},
		{`{"\u017f":1}`, false, false},
		{`{"\u0041\u0072ab\n":1}`, true, false},
		{`{"\u007f":1}`, true, false},
		{`{"\u0080":1}`, false, false},
		{`{"\u00e9":1}`, false, false},
		{`{"a":"ſ","b":"\u0130"}`, true, true},
		{`["ſ"]`, true, true},
		{"[]", true, true},
		{`"ſ"`, true, true},
		{`{"abcdefghijklmnopq":1,"abcdefghijklmnopr":2}`, true, true},
		{`{"abcdefghijklmnopq":1,"abcdefghijklmnopq":2}`, true, false},
		{many(linearMembers, false), true, true},
		{many(linearMembers, true), true, false},
		{many(linearMembers+1, false), true, true},
		{many(linearMembers+1, true), true, false},
		{many(64, false), true, true},
		{many(65, false), true, true},
		{many(63, true), true, false},
		{many(1000, false), true, true},
		{many(1000, true), true, false},
		{many(1000, false)[:len(many(1000, false))-1] + `,"k999":0}`, true, false}, // the last key again, after the sets grew
		{many(5000, false), true, true},
		{"[" + strings.Repeat(many(300, false)+",", 20) + "{}]", true, true}, // freed sets come back empty
		{`{"a":` + many(100, false) + `,"b":` + many(100, false) + `,"a":1}`, true, false},
		{`{"k0":` + many(100, false) + `,"k1":` + many(100, false) + strings.Repeat(`,"x":1`, 0) + `}`, true, true}, // the same keys inside and out
		{strings.Repeat(many(linearMembers+1, false)[:len(many(linearMembers+1, false))-1]+`,"z":`, 20) + "1" + strings.Repeat("}", 20), true, true},
		{"[" + strings.Repeat(many(10, false)+",", 50) + "{}]", true, true},
	}
	for _, c := range cases {
		facts, ok := Scan([]byte(c.in), FactKeysASCII|FactKeysUnique)
		require.True(t, ok, c.in)
		assert.Equal(t, c.ascii, facts&FactKeysASCII != 0, "FactKeysASCII of %s", c.in)
		assert.Equal(t, c.unique, facts&FactKeysUnique != 0, "FactKeysUnique of %s", c.in)
		checkScanFacts(t, []byte(c.in))
	}
	for _, s := range validSeeds() {
		if json.Valid([]byte(s)) {
			checkScanFacts(t, []byte(s))
		}
	}
	facts, ok := Scan([]byte(`{"a":1,"a":2`), FactKeysASCII|FactKeysUnique)
	assert.False(t, ok)
	assert.Zero(t, facts, "no facts of invalid input")
}

// TestScanBudget: FactKeysUnique is given up, not found at any cost, where
// its sets would take more memory than the input (keySetBudget): objects of
// very small members, or thousands of large objects open at once.
func TestScanBudget(t *testing.T) {
	object := func(n int, key string) []byte {
		var b strings.Builder
		b.WriteString("{")
		for i := range n {
			if i > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, key, i)
		}
		b.WriteString("}")
		return []byte(b.String())
	}
	deep := func(n int) []byte {
		var open strings.Builder
		open.WriteString("{")
		for i := range linearMembers {
			fmt.Fprintf(&open, `"k%d":1,`, i)
		}
		open.WriteString(`"z":`)
		return []byte(strings.Repeat(open.String(), n) + "1" + strings.Repeat("}", n))
	}
	for _, c := range []struct {
		name   string
		in     []byte
		unique bool
	}{
		{"tiny members", object(200_000, `"%x":1`), false},
		{"tiny members, a few hundred", object(500, `"%x":1`), true},
		{"tiny members, a few thousand", object(5000, `"%x":1`), false},
		{"members of a catalogue", object(200_000, `"%09d":"a name of a place, say"`), true},
		{"thousands open", deep(3000), false},
		{"a few open", deep(10), true},
	} {
		facts, ok := Scan(c.in, FactKeysUnique)
		require.True(t, ok, c.name)
		assert.Equal(t, c.unique, facts&FactKeysUnique != 0, c.name)
		ascii, unique := keyFactsOf(t, c.in)
		assert.True(t, ascii && unique, c.name)
	}
}

// TestScanAllocs: Scan allocates nothing once its pooled state has grown.
func TestScanAllocs(t *testing.T) {
	in := []byte(strings.Repeat(`{"a":{"b":[1,{"c":2}]},"d":3}`, 1))
	in = []byte("[" + strings.Repeat(string(in)+",", 100) + strings.Repeat(`{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9,"j":10,"k":11,"l":12,"m":13,"n":14,"o":15,"p":16,"q":17,"r":18,"s":19},`, 10) + "{}]")
	Scan(in, FactKeysASCII|FactKeysUnique)
	allocs := testing.AllocsPerRun(100, func() { Scan(in, FactKeysASCII|FactKeysUnique) })
	if testutil.RaceEnabled {
		// The race detector makes sync.Pool drop a quarter of what is put
		// back, so a scan now and then makes a new state (its key table
		// with it): the exact bound is checked without -race.
		assert.LessOrEqual(t, allocs, 4.0)
		return
	}
	assert.Zero(t, allocs)
}

// FuzzScanWideObjects: FactKeysUnique of objects large enough for a key set
// (more than linearMembers members), nested in one another and side by side,
// with keys the fuzzer picks so that some repeat: Scan finds a key twice
// exactly when encoding/json's tokens show one.
func FuzzScanWideObjects(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3}, uint16(100), uint8(0))
	f.Add([]byte{7}, uint16(300), uint8(3))
	f.Add([]byte{1, 1}, uint16(70), uint8(1))
	f.Fuzz(func(t *testing.T, seed []byte, n uint16, nest uint8) {
		if len(seed) == 0 {
			return
		}
		members := int(n)%600 + 1
		var b strings.Builder
		var build func(level int)
		build = func(level int) {
			b.WriteString("{")
			for i := range members {
				if i > 0 {
					b.WriteString(",")
				}
				// Mostly distinct keys; the seed's bytes pick some that repeat.
				k := i
				if c := seed[i%len(seed)]; c%7 == 0 {
					k = int(c) % (members + 1)
				}
				fmt.Fprintf(&b, `"k%d":`, k)
				if level < int(nest%4) && i == members/2 {
					build(level + 1)
				} else {
					// Members large enough to pay for their sets
					// (paidSetSlots, keySetBudget).
					b.WriteString(`"a value long enough to pay for its key"`)
				}
			}
			b.WriteString("}")
		}
		build(0)
		in := []byte("[" + b.String() + "," + b.String() + "]")
		_, unique := keyFactsOf(t, in)
		facts, ok := Scan(in, FactKeysUnique)
		require.True(t, ok)
		require.Equal(t, unique, facts&FactKeysUnique != 0, "%.200s", in)
	})
}
