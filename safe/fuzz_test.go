package safe_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/randtype"
	"github.com/safejson/safejson/safe"
)

// FuzzMarshal compares the safe encoder with encoding/json on random types and
// values made by internal/randtype from the fuzz input, under the rules of
// randtype.Sample.Compare:
//
//   - nothing panics (where encoding/json itself panics, calling a value
//     method through a nil pointer held by an interface, safe may panic the
//     same way or write valid JSON);
//   - where encoding/json succeeds, safe writes the same bytes: Marshal,
//     MarshalIndent, and Encoder with SetEscapeHTML(false) (NoEscapeHTML) and
//     SetIndent, also in Strict mode and through Append;
//   - where encoding/json fails in the user's own code (*json.MarshalerError, a
//     map key's MarshalText), safe fails with the same error;
//   - where it rejects the value (*json.UnsupportedValueError, TypeError), safe
//     writes valid JSON, and in Strict mode fails with the same std type;
//   - a replacer returning its input unchanged changes nothing;
//   - the other options (placeholder, MaxDepth, MaxBreadth, CircularError)
//     write valid JSON or fail only as the default may.
func FuzzMarshal(f *testing.F) {
	for _, seed := range fuzzSeeds() {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c := fuzzCase{t: t, s: randtype.Config{}.Generate(data), variant: len(data)}
		c.check()
	})
}

// TestMarshalRandom runs FuzzMarshal's checks on 2000 pseudo-random inputs,
// the same every run: a sweep wider than the seed corpus for every go test,
// which finds rare shapes sooner than the fuzzer on a busy machine.
func TestMarshalRandom(t *testing.T) {
	n := 2000
	if testing.Short() {
		n = 300
	}
	r := rand.New(rand.NewPCG(5, 6))
	for i := range n {
		data := make([]byte, 16+r.IntN(96))
		for j := range data {
			data[j] = byte(r.Uint32())
		}
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			t.Logf("input (add it to testdata/fuzz/FuzzMarshal to keep it): []byte(%q)", data)
			c := fuzzCase{t: t, s: randtype.Config{}.Generate(data), variant: len(data)}
			c.check()
		})
	}
}

// TestMarshalTokenlessCycles runs FuzzMarshal's checks on the random values
// that hold a cycle writing no JSON token (which json/v2's encoding/json would
// crash on, so it is not asked on any toolchain): a few in 3000 inputs.
func TestMarshalTokenlessCycles(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	found := 0
	for range 3000 {
		data := make([]byte, r.IntN(64))
		for j := range data {
			data[j] = byte(r.Uint32())
		}
		s := randtype.Config{}.Generate(data)
		if s.Stats.TokenlessCycles == 0 {
			continue
		}
		found++
		t.Run(fmt.Sprint(found), func(t *testing.T) {
			c := fuzzCase{t: t, s: s, variant: len(data)}
			c.checkWithoutStd(indents[c.variant%len(indents)], func(b []byte) bool {
				ind := indents[c.variant%len(indents)]
				return json.Valid(randtype.Unindent(b, ind[0], ind[1]))
			})
		})
	}
	require.Positive(t, found, "no tokenless cycle in the inputs")
}

// fuzzSeeds are the seed corpus: a few fixed inputs and pseudo-random ones.
func fuzzSeeds() [][]byte {
	seeds := [][]byte{nil, {0}, {255}, []byte("cycle"), bytes.Repeat([]byte{7}, 64)}
	r := rand.New(rand.NewPCG(1, 2))
	for range 60 {
		b := make([]byte, 16+r.IntN(96))
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		seeds = append(seeds, b)
	}
	return seeds
}

// indents are the MarshalIndent arguments the fuzzer tries, one per input (by
// its length); ("", "") still breaks lines in encoding/json.
var indents = [][2]string{{"", "\t"}, {">", "  "}, {"", ""}, {"\t", "<&>"}}

type fuzzCase struct {
	t       *testing.T
	s       randtype.Sample
	variant int // picks the indentation and option values
}

// stdEncode is json.Encoder with SetEscapeHTML(false) and SetIndent, without
// the trailing newline.
func stdEncode(v any, prefix, indent string) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent(prefix, indent)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

func (c *fuzzCase) msg(what string, std, got randtype.Outcome) string {
	return fmt.Sprintf("%s\n%s\nstd:  %s\nsafe: %s", what, c.s.Desc, std, got)
}

// compare requires got to keep safejson's promises against std.
func (c *fuzzCase) compare(what string, std, got randtype.Outcome, valid func([]byte) bool) {
	c.t.Helper()
	err := c.s.Compare(std, got, valid)
	require.NoError(c.t, err, c.msg(what, std, got))
}

func (c *fuzzCase) check() {
	v := c.s.Value
	ind := indents[c.variant%len(indents)]
	indented := func(b []byte) bool { return json.Valid(randtype.Unindent(b, ind[0], ind[1])) }
	if c.s.CrashesStd() {
		c.checkWithoutStd(ind, indented)
		return
	}
	std := randtype.Run(func() ([]byte, error) { return json.Marshal(v) })
	def := randtype.Run(func() ([]byte, error) { return safe.Marshal(v) })
	c.compare("safe.Marshal vs json.Marshal", std, def, json.Valid)
	if std.Panic != nil {
		return // the rest compares with outcomes std does not have
	}
	c.compare(fmt.Sprintf("safe.MarshalIndent vs json.MarshalIndent %q", ind),
		randtype.Run(func() ([]byte, error) { return json.MarshalIndent(v, ind[0], ind[1]) }),
		randtype.Run(func() ([]byte, error) { return safe.MarshalIndent(v, ind[0], ind[1]) }), indented)
	c.compare("NoEscapeHTML vs Encoder.SetEscapeHTML(false)",
		randtype.Run(func() ([]byte, error) { return stdEncode(v, "", "") }),
		randtype.Run(func() ([]byte, error) { return safe.Options{NoEscapeHTML: true}.Marshal(v) }), json.Valid)
	c.compare(fmt.Sprintf("NoEscapeHTML+Indent vs Encoder.SetEscapeHTML(false)+SetIndent %q", ind),
		randtype.Run(func() ([]byte, error) { return stdEncode(v, ind[0], ind[1]) }),
		randtype.Run(func() ([]byte, error) {
			return safe.Options{NoEscapeHTML: true, Prefix: ind[0], Indent: ind[1]}.Marshal(v)
		}), indented)
	c.checkAppend(def)
	c.checkStrict(std)
	c.checkReplacer(def)
	c.checkOptions(def)
}

// checkWithoutStd checks a value encoding/json may crash on (it holds a
// cycle that writes no token, on json/v2), which it is not asked about: safe
// writes valid JSON, or fails as after a substitute (a user error, an invalid
// json.Number), and Strict fails or writes the same.
func (c *fuzzCase) checkWithoutStd(ind [2]string, indented func([]byte) bool) {
	v := c.s.Value
	rejected := randtype.Outcome{Err: &json.UnsupportedValueError{Str: "encountered a cycle (not asked: encoding/json would crash)"}}
	def := randtype.Run(func() ([]byte, error) { return safe.Marshal(v) })
	c.compare("safe.Marshal of a tokenless cycle", rejected, def, json.Valid)
	c.compare("safe.MarshalIndent of a tokenless cycle", rejected,
		randtype.Run(func() ([]byte, error) { return safe.MarshalIndent(v, ind[0], ind[1]) }), indented)
	c.checkAppend(def)
	// The cycle may lie where no encoder goes (an unexported or "-" field):
	// then Strict fails at another substitute, or writes the default's bytes.
	strict := randtype.Run(func() ([]byte, error) { return safe.Options{Strict: true}.Marshal(v) })
	require.Nil(c.t, strict.Panic, c.msg("Strict: safe panicked", rejected, strict))
	if strict.Err == nil {
		require.NoError(c.t, def.Err, c.msg("Strict succeeded where the default failed", def, strict))
		require.Equal(c.t, string(def.Out), string(strict.Out), c.msg("Strict wrote other bytes than the default", def, strict))
	}
	c.checkReplacer(def)
	c.checkOptions(def)
}

// checkAppend: Append adds exactly Marshal's bytes after dst, and nothing on
// error.
func (c *fuzzCase) checkAppend(def randtype.Outcome) {
	dst := []byte(`{"prefix":`)
	got := randtype.Run(func() ([]byte, error) { return safe.Append(dst[:len(dst):len(dst)], c.s.Value) })
	require.Nil(c.t, got.Panic, c.msg("safe.Append panicked", def, got))
	if def.Err != nil {
		require.EqualError(c.t, got.Err, def.Err.Error(), c.msg("Append and Marshal fail differently", def, got))
		require.Len(c.t, got.Out, len(dst), c.msg("Append wrote half-way", def, got))
		return
	}
	require.NoError(c.t, got.Err, c.msg("Append failed, Marshal did not", def, got))
	require.Equal(c.t, string(dst)+string(def.Out), string(got.Out), c.msg("Append is not dst+Marshal", def, got))
}

// checkStrict: Strict changes nothing where std succeeds or fails in user
// code; where std rejects the value, it fails with the same std type.
func (c *fuzzCase) checkStrict(std randtype.Outcome) {
	got := randtype.Run(func() ([]byte, error) { return safe.Options{Strict: true}.Marshal(c.s.Value) })
	what := "Strict"
	require.Nil(c.t, got.Panic, c.msg(what+": safe panicked", std, got))
	switch randtype.Classify(std.Err) {
	case randtype.NoError, randtype.UserError:
		c.compare(what, std, got, json.Valid)
	case randtype.Unsupported:
		require.Error(c.t, got.Err, c.msg(what+": std rejected the value, strict safe did not", std, got))
		var uv *json.UnsupportedValueError
		var ut *json.UnsupportedTypeError
		if errors.As(std.Err, &uv) {
			require.ErrorAs(c.t, got.Err, &uv, c.msg(what+": not an *json.UnsupportedValueError", std, got))
		} else {
			require.ErrorAs(c.t, got.Err, &ut, c.msg(what+": not an *json.UnsupportedTypeError", std, got))
		}
	default:
		require.Error(c.t, got.Err, c.msg(what+": std rejected the value, strict safe did not", std, got))
	}
}

// checkReplacer: a replacer that returns its input gives the same result as
// none.
func (c *fuzzCase) checkReplacer(def randtype.Outcome) {
	got := randtype.Run(func() ([]byte, error) {
		return safe.Options{Replacer: func(_ string, v any) (any, bool) { return v, true }}.Marshal(c.s.Value)
	})
	what := "identity Replacer"
	require.Nil(c.t, got.Panic, c.msg(what+": safe panicked", def, got))
	require.Equal(c.t, fmt.Sprint(def.Err), fmt.Sprint(got.Err), c.msg(what+": different error", def, got))
	require.Equal(c.t, string(def.Out), string(got.Out), c.msg(what+": different bytes", def, got))
}

// checkOptions: the other options write valid JSON, or fail only with an
// error the default may return; CircularError writes the default's bytes or
// fails with *json.UnsupportedValueError at a cycle.
func (c *fuzzCase) checkOptions(def randtype.Outcome) {
	placeholders := []string{"", "[Circular]", "<&>\u2028\"\\"}
	for _, o := range []safe.Options{
		{Circular: safe.CircularPlaceholder, Placeholder: placeholders[c.variant%len(placeholders)]},
		{MaxDepth: 1 + c.variant%4},
		{MaxBreadth: 1 + c.variant%3},
	} {
		got := randtype.Run(func() ([]byte, error) { return o.Marshal(c.s.Value) })
		what := fmt.Sprintf("options %+v", o)
		require.Nil(c.t, got.Panic, c.msg(what+": safe panicked", def, got))
		if got.Err == nil {
			require.True(c.t, json.Valid(got.Out), c.msg(what+": invalid JSON", def, got))
			continue
		}
		// Cutting the value short may skip the default's first error and reach
		// another one (a user error or an invalid json.Number), but never
		// makes an error of a substitute.
		require.Error(c.t, def.Err, c.msg(what+": failed where the default did not", def, got))
		require.Contains(c.t, []randtype.Class{randtype.UserError, randtype.BadData}, randtype.Classify(got.Err),
			c.msg(what+": an error of a kind the default does not return", def, got))
	}
	got := randtype.Run(func() ([]byte, error) { return safe.Options{Circular: safe.CircularError}.Marshal(c.s.Value) })
	what := "CircularError"
	require.Nil(c.t, got.Panic, c.msg(what+": safe panicked", def, got))
	var uv *json.UnsupportedValueError
	if errors.As(got.Err, &uv) {
		// Stopped at a cycle: before any user error the default reports later.
		require.Positive(c.t, c.s.Stats.Cycles, c.msg(what+": a cycle error without a cycle", def, got))
		return
	}
	require.Equal(c.t, fmt.Sprint(def.Err), fmt.Sprint(got.Err), c.msg(what+": different error", def, got))
	require.Equal(c.t, string(def.Out), string(got.Out), c.msg(what+": different bytes", def, got))
}
