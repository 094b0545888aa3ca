package safejson_test

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/safejson/safejson"
	"github.com/safejson/safejson/internal/randtype"
	"github.com/safejson/safejson/internal/testutil"
)

// Differential decode fuzzing against encoding/json: Unmarshal, and a
// Decoder reading the input in random pieces, into an any or a random type
// from internal/randtype, into fresh or already filled targets. Each value
// gets encoding/json's verdict: the same error (type and text), or the same
// value (sign of zero and NaN told apart), and a stream ends with the same
// error within as many values as it has bytes.

// decodeCase is one fuzz input read as a target type, an input and flags.
type decodeCase struct {
	typ     reflect.Type // nil: any
	sample  []byte       // encoding/json's encoding of a random value of typ, nil if none
	in      []byte
	prefill bool // decode sample into the targets first
	flags   decoderFlags
	seed    uint64 // the reader's piece sizes
}

// readDecodeCase reads data as: a mode byte, a length L and L bytes making
// the random type, then bytes that are the input, or are spliced into the
// encoding of a random value of the type.
func readDecodeCase(data []byte) decodeCase { return readDecodeCaseIn(data, decodeTypes) }

// decodeTypes are the random types of the differential decode checks.
var decodeTypes = randtype.Config{NoCycles: true, NoChains: true, NoNaN: true, NoUnsupported: true, MaxDepth: 4, MaxBreadth: 3}

// caseType returns the random type readDecodeCaseIn makes of data, nil if
// none, without encoding a value of it (an engine keeps what it compiles
// for every type it encodes: a search over many types must not encode them).
func caseType(data []byte, cfg randtype.Config) reflect.Type {
	if len(data) < 2 || data[0]&1 == 0 {
		return nil
	}
	rest := data[2:]
	typeSeed := rest[:min(int(data[1]%64), len(rest))]
	if len(typeSeed) == 0 {
		return nil
	}
	return cfg.Generate(typeSeed).Type
}

// readDecodeCaseIn is readDecodeCase with the random types of cfg.
func readDecodeCaseIn(data []byte, cfg randtype.Config) decodeCase {
	var c decodeCase
	h := fnv.New64a()
	h.Write(data)
	c.seed = h.Sum64()
	if len(data) < 2 {
		c.in = data
		return c
	}
	mode, n := data[0], int(data[1]%64)
	rest := data[2:]
	typeSeed := rest[:min(n, len(rest))]
	rest = rest[len(typeSeed):]
	c.flags = decoderFlags{useNumber: mode&8 != 0, strict: mode&16 != 0}
	if mode&1 != 0 && len(typeSeed) > 0 {
		s := cfg.Generate(typeSeed)
		c.typ = s.Type
		if b, err := safejson.Marshal(s.Value); err == nil { // encoding/json panics on some (a nil *time.Time key)
			c.sample = b
		}
	}
	c.prefill = mode&4 != 0 && c.sample != nil
	switch {
	case mode&2 != 0 || c.sample == nil:
		c.in = rest
	case len(rest) == 0:
		c.in = c.sample
	default:
		at := int(rest[0]) % (len(c.sample) + 1)
		c.in = append(append(append([]byte(nil), c.sample[:at]...), rest[1:]...), c.sample[at:]...)
	}
	return c
}

func (c decodeCase) target() any {
	if c.typ == nil {
		return new(any)
	}
	return reflect.New(c.typ).Interface()
}

// filled returns a target, filled with sample by encoding/json if c.prefill
// (as far as it goes: a random type's encoding does not always decode back).
func (c decodeCase) filled() any {
	v := c.target()
	if c.prefill {
		_ = json.Unmarshal(c.sample, v)
	}
	return v
}

func (c decodeCase) String() string {
	return fmt.Sprintf("type %v, input %q, prefill %v, flags %+v", c.typ, c.in, c.prefill, c.flags)
}

// checkUnmarshal: safejson.Unmarshal gives json.Unmarshal's verdict.
func (c decodeCase) checkUnmarshal(t *testing.T) {
	want, got := c.filled(), c.filled()
	wantErr := json.Unmarshal(c.in, want)
	gotErr := safejson.Unmarshal(c.in, got)
	testutil.SameError(t, wantErr, gotErr, c.String())
	if wantErr == nil || c.prefill {
		assert.True(t, sameValue(want, got), "%s\nencoding/json: %#v\nsafejson:      %#v", c, want, got)
	}
}

// pieces reads its input in pieces of random sizes, now and then none.
type pieces struct {
	b []byte
	r *rand.Rand
}

func (p *pieces) Read(b []byte) (int, error) {
	if len(p.b) == 0 {
		return 0, io.EOF
	}
	n := min(len(b), len(p.b), p.r.IntN(8))
	if p.r.IntN(16) == 0 {
		n = min(len(b), len(p.b)) // a big piece
	}
	copy(b, p.b[:n])
	p.b = p.b[n:]
	return n, nil
}

func (c decodeCase) reader() io.Reader {
	return &pieces{b: c.in, r: rand.New(rand.NewPCG(c.seed, 1))}
}

// checkDecoder: a safejson.Decoder gives json.Decoder's verdict value by
// value, and its InputOffset, and ends with its error.
func (c decodeCase) checkDecoder(t *testing.T) {
	std, ours := c.flags.std(c.reader()), c.flags.ours(c.reader())
	for i := range len(c.in) + 2 {
		want, got := c.filled(), c.filled()
		wantErr, gotErr := std.Decode(want), ours.Decode(got)
		name := fmt.Sprintf("%s, value %d", c, i)
		testutil.SameError(t, wantErr, gotErr, name)
		if wantErr == nil || c.prefill {
			assert.True(t, sameValue(want, got), "%s\nencoding/json: %#v\nsafejson:      %#v", name, want, got)
		}
		assert.Equal(t, std.InputOffset(), ours.InputOffset(), name)
		if wantErr != nil && (wantErr == io.EOF || !isValueError(wantErr)) {
			return // the stream is over
		}
	}
	t.Fatalf("%s: no error after %d values", c, len(c.in)+2)
}

// isValueError reports whether err is about one value (the stream goes on
// after it), not the stream's end or a syntax error.
func isValueError(err error) bool {
	var ute *json.UnmarshalTypeError
	return asError(err, &ute) || strings.HasPrefix(err.Error(), "json: unknown field")
}

func asError[T error](err error, target *T) bool {
	e, ok := err.(T)
	if ok {
		*target = e
	}
	return ok
}

func decodeSeeds() [][]byte {
	var seeds [][]byte
	raw := func(in string) []byte { return append([]byte{2, 0}, in...) }
	for _, in := range append(badInputs, "}", "]", "{}}", "{} }", "[1] ]", `{"a":-0}`, "\"a\xffb\"", `{"a":1}garbage`,
		"0\x98\xa0\xac\xd50\x9d\xf2\x87\xed\xd2 000", "[[[[]]]]", `{"a":1,"a":"x"}`, `1e400`, `-0 0 -0.0`,
		`{"ſ":1,"K":2,"S":3}`, "[1,2,3", `"\ud800\udc00"`, `1 2 [3] {"a":4} "x"`) {
		seeds = append(seeds, raw(in))
	}
	r := rand.New(rand.NewPCG(3, 4))
	for range 40 {
		b := make([]byte, 8+r.IntN(64))
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		b[0] |= 1 // a random type
		b[1] = byte(4 + r.IntN(24))
		seeds = append(seeds, b)
	}
	return seeds
}

func FuzzUnmarshal(f *testing.F) {
	for _, s := range decodeSeeds() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) { readDecodeCase(data).checkUnmarshal(t) })
}

func FuzzDecoder(f *testing.F) {
	for _, s := range decodeSeeds() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) { readDecodeCase(data).checkDecoder(t) })
}

// TestDecodeRandom runs both fuzz checks on 1000 pseudo-random inputs, the
// same every run.
func TestDecodeRandom(t *testing.T) {
	n := 1000
	if testing.Short() {
		n = 200
	}
	r := rand.New(rand.NewPCG(7, 8))
	for i := range n {
		data := make([]byte, 8+r.IntN(96))
		for j := range data {
			data[j] = byte(r.Uint32())
		}
		data[0] |= 1
		c := readDecodeCase(data)
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			c.checkUnmarshal(t)
			c.checkDecoder(t)
		})
	}
}

// FuzzPrefilled is TestPrefilledRandom's check on fuzzed types, values and
// inputs.
func FuzzPrefilled(f *testing.F) {
	r := rand.New(rand.NewPCG(13, 14))
	for range 40 {
		data := make([]byte, 8+r.IntN(64))
		for j := range data {
			data[j] = byte(r.Uint32())
		}
		f.Add(data)
	}
	f.Add(append([]byte{1, 3, 0, 0, 0}, `["x",0.8,100,1e400,null]`...))
	opts := prefillOptions()
	f.Fuzz(func(t *testing.T, data []byte) {
		c, ok := randomPrefillCase(data)
		if !ok {
			return
		}
		for _, o := range opts {
			c.check(t, o)
		}
	})
}
