package safe_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/randtype"
	"github.com/safejson/safejson/safe"
)

// FuzzMarshal compares the safe encoder with encoding/json on random types and
// values made by internal/randtype from the fuzz input:
//
//   - nothing panics (where encoding/json itself panics, calling a value
//     method through a nil pointer held by an interface, safe may panic the
//     same way or write valid JSON);
//   - where encoding/json succeeds, safe writes the same bytes: Marshal,
//     MarshalIndent, and Encoder with SetEscapeHTML(false) (NoEscapeHTML), also
//     in Strict mode and through Append;
//   - where encoding/json fails in the user's own code (*json.MarshalerError, a
//     map key's MarshalText), safe fails with the same error;
//   - where it rejects the value (*json.UnsupportedValueError, TypeError), safe
//     writes valid JSON, and in Strict mode fails with the same std type;
//   - a replacer returning its input unchanged changes nothing;
//   - the other options (placeholder, MaxDepth, MaxBreadth, CircularError)
//     write valid JSON or fail only as the default does.
func FuzzMarshal(f *testing.F) {
	for _, seed := range fuzzSeeds() {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s := randtype.Config{}.Generate(data)
		c := fuzzCase{t: t, s: s, variant: fuzzVariant(data)}
		c.check()
	})
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

// fuzzVariant picks, from the input's length, which indentation and option
// values a case uses.
func fuzzVariant(data []byte) int { return len(data) }

// indents are the MarshalIndent arguments the fuzzer tries; ("", "") indents
// too in encoding/json (newlines, no indentation).
var indents = [][2]string{{"", "\t"}, {">", "  "}, {"", ""}, {"\t", "<&>"}}

type fuzzCase struct {
	t       *testing.T
	s       randtype.Sample
	variant int
}

// outcome is what one encode did.
type outcome struct {
	out      []byte
	err      error
	panicked any
	stack    string
}

func (o outcome) String() string {
	if o.panicked != nil {
		return fmt.Sprintf("panic: %v\n%s", o.panicked, o.stack)
	}
	if o.err != nil {
		return fmt.Sprintf("error (%T): %v", o.err, o.err)
	}
	return fmt.Sprintf("%d bytes: %s", len(o.out), cut(o.out))
}

// cut shortens long output in failure messages.
func cut(b []byte) string {
	const limit = 3000
	if len(b) > limit {
		return string(b[:limit]) + "…(cut)"
	}
	return string(b)
}

// run calls encode, recovering a panic.
func run(encode func() ([]byte, error)) (o outcome) {
	defer func() {
		if r := recover(); r != nil {
			o = outcome{panicked: r, stack: string(debug.Stack())}
		}
	}()
	o.out, o.err = encode()
	return o
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

func (c *fuzzCase) msg(what string, std, got outcome) string {
	return fmt.Sprintf("%s\n%s\nstd:  %s\nsafe: %s", what, c.s.Desc, std, got)
}

func (c *fuzzCase) check() {
	v := c.s.Value
	ind := indents[c.variant%len(indents)]
	std := run(func() ([]byte, error) { return json.Marshal(v) })
	if std.panicked != nil {
		c.checkStdPanicked(std)
		return
	}
	def := run(func() ([]byte, error) { return safe.Marshal(v) })
	c.compare("safe.Marshal vs json.Marshal", std, def, json.Valid)
	indented := func(b []byte) bool { return json.Valid(unindent(b, ind[0], ind[1])) }
	c.compare("safe.MarshalIndent vs json.MarshalIndent "+fmt.Sprintf("%q", ind), run(func() ([]byte, error) {
		return json.MarshalIndent(v, ind[0], ind[1])
	}), run(func() ([]byte, error) { return safe.MarshalIndent(v, ind[0], ind[1]) }), indented)
	c.compare("NoEscapeHTML vs Encoder.SetEscapeHTML(false)", run(func() ([]byte, error) {
		return stdEncode(v, "", "")
	}), run(func() ([]byte, error) { return safe.Options{NoEscapeHTML: true}.Marshal(v) }), json.Valid)
	c.compare("NoEscapeHTML+Indent vs Encoder.SetEscapeHTML(false)+SetIndent "+fmt.Sprintf("%q", ind), run(func() ([]byte, error) {
		return stdEncode(v, ind[0], ind[1])
	}), run(func() ([]byte, error) {
		return safe.Options{NoEscapeHTML: true, Prefix: ind[0], Indent: ind[1]}.Marshal(v)
	}), indented)
	c.checkAppend(def)
	c.checkStrict(std)
	c.checkReplacer(def)
	c.checkOptions(def)
}

// checkStdPanicked: encoding/json panicked (a value method called through a
// nil pointer in an interface-typed field). Safe may panic with the same value,
// or write valid JSON; it must not fail otherwise.
func (c *fuzzCase) checkStdPanicked(std outcome) {
	got := run(func() ([]byte, error) { return safe.Marshal(c.s.Value) })
	switch {
	case got.panicked != nil:
		require.Equal(c.t, fmt.Sprint(std.panicked), fmt.Sprint(got.panicked), c.msg("std and safe panicked differently", std, got))
	case got.err != nil:
		require.True(c.t, c.laterError(got.err), c.msg("std panicked, safe failed", std, got))
	default:
		require.True(c.t, json.Valid(got.out), c.msg("std panicked, safe wrote invalid JSON", std, got))
	}
}

// unindent removes the prefix and indentation from the lines of indented
// output (they need not be whitespace), so that json.Valid can check it. A
// newline in the output is always one that indentation added: strings escape
// theirs.
func unindent(b []byte, prefix, indent string) []byte {
	lines := bytes.Split(b, []byte("\n"))
	for i := 1; i < len(lines); i++ {
		l := bytes.TrimPrefix(lines[i], []byte(prefix))
		for indent != "" && bytes.HasPrefix(l, []byte(indent)) {
			l = l[len(indent):]
		}
		lines[i] = l
	}
	return bytes.Join(lines, []byte("\n"))
}

// laterError reports whether err is an error safe may return after going on
// where encoding/json stopped (at a substitute, or a panic): a user error, or an
// invalid json.Number (which safe reports as std does), of which the value
// holds one.
func (c *fuzzCase) laterError(err error) bool {
	switch randtype.Classify(err) {
	case randtype.UserError:
		return c.s.Stats.Failing > 0
	case randtype.BadData:
		return c.s.Stats.BadNumbers > 0
	}
	return false
}

// compare checks one safe encode against the same encode by encoding/json;
// valid says whether output is well-formed.
func (c *fuzzCase) compare(what string, std, got outcome, valid func([]byte) bool) {
	t := c.t
	require.Nil(t, got.panicked, c.msg(what+": safe panicked", std, got))
	switch randtype.Classify(std.err) {
	case randtype.NoError:
		require.NoError(t, got.err, c.msg(what+": std succeeded, safe failed", std, got))
		require.Equal(t, string(std.out), string(got.out), c.msg(what+": different bytes", std, got))
	case randtype.UserError:
		require.Error(t, got.err, c.msg(what+": std failed in user code, safe did not", std, got))
		require.Equal(t, std.err.Error(), got.err.Error(), c.msg(what+": different user error", std, got))
		var sm *json.MarshalerError
		if errors.As(std.err, &sm) {
			var gm *json.MarshalerError
			require.ErrorAs(t, got.err, &gm, c.msg(what+": not a *json.MarshalerError", std, got))
			assert.Equal(t, sm.Type, gm.Type, c.msg(what+": MarshalerError.Type", std, got))
		}
	default: // Unsupported, BadData, OtherError
		if got.err == nil {
			require.True(t, valid(got.out), c.msg(what+": invalid JSON", std, got))
			return
		}
		if c.laterError(got.err) {
			return
		}
		require.Equal(t, std.err.Error(), got.err.Error(), c.msg(what+": std rejected the value, safe failed", std, got))
	}
}

// checkAppend: Append adds exactly Marshal's bytes after dst, and nothing on
// error.
func (c *fuzzCase) checkAppend(def outcome) {
	dst := []byte(`{"prefix":`)
	got := run(func() ([]byte, error) { return safe.Append(dst[:len(dst):len(dst)], c.s.Value) })
	require.Nil(c.t, got.panicked, c.msg("safe.Append panicked", def, got))
	if def.err != nil {
		require.EqualError(c.t, got.err, def.err.Error(), c.msg("Append and Marshal fail differently", def, got))
		require.Len(c.t, got.out, len(dst), c.msg("Append wrote half-way", def, got))
		return
	}
	require.NoError(c.t, got.err, c.msg("Append failed, Marshal did not", def, got))
	require.Equal(c.t, string(dst)+string(def.out), string(got.out), c.msg("Append is not dst+Marshal", def, got))
}

// checkStrict: Strict changes nothing where std succeeds or fails in user
// code; where std rejects the value, it fails with the same std type.
func (c *fuzzCase) checkStrict(std outcome) {
	got := run(func() ([]byte, error) { return safe.Options{Strict: true}.Marshal(c.s.Value) })
	what := "Strict"
	require.Nil(c.t, got.panicked, c.msg(what+": safe panicked", std, got))
	switch randtype.Classify(std.err) {
	case randtype.NoError, randtype.UserError:
		c.compare(what, std, got, json.Valid)
	case randtype.Unsupported:
		require.Error(c.t, got.err, c.msg(what+": std rejected the value, strict safe did not", std, got))
		var uv *json.UnsupportedValueError
		var ut *json.UnsupportedTypeError
		if errors.As(std.err, &uv) {
			require.ErrorAs(c.t, got.err, &uv, c.msg(what+": not an *json.UnsupportedValueError", std, got))
		} else {
			require.ErrorAs(c.t, got.err, &ut, c.msg(what+": not an *json.UnsupportedTypeError", std, got))
		}
	default:
		require.Error(c.t, got.err, c.msg(what+": std rejected the value, strict safe did not", std, got))
	}
}

// checkReplacer: a replacer that returns its input gives the same result as
// none.
func (c *fuzzCase) checkReplacer(def outcome) {
	calls := 0
	got := run(func() ([]byte, error) {
		return safe.Options{Replacer: func(_ string, v any) (any, bool) {
			calls++
			return v, true
		}}.Marshal(c.s.Value)
	})
	what := "identity Replacer"
	require.Nil(c.t, got.panicked, c.msg(what+": safe panicked", def, got))
	require.Equal(c.t, fmt.Sprint(def.err), fmt.Sprint(got.err), c.msg(what+": different error", def, got))
	require.Equal(c.t, string(def.out), string(got.out), c.msg(what+": different bytes", def, got))
}

// checkOptions: the other options write valid JSON, or fail only with a user
// error where the default fails too; CircularError writes the default's bytes
// or fails with *json.UnsupportedValueError.
func (c *fuzzCase) checkOptions(def outcome) {
	placeholders := []string{"", "[Circular]", "<&>\u2028\"\\"}
	for _, o := range []safe.Options{
		{Circular: safe.CircularPlaceholder, Placeholder: placeholders[c.variant%len(placeholders)]},
		{MaxDepth: 1 + c.variant%4},
		{MaxBreadth: 1 + c.variant%3},
	} {
		got := run(func() ([]byte, error) { return o.Marshal(c.s.Value) })
		what := fmt.Sprintf("options %+v", o)
		require.Nil(c.t, got.panicked, c.msg(what+": safe panicked", def, got))
		if got.err == nil {
			require.True(c.t, json.Valid(got.out), c.msg(what+": invalid JSON", def, got))
			continue
		}
		// Cutting the value short may skip the default's first error and reach
		// another one (a user error or an invalid json.Number), but never
		// makes an error of a substitute.
		require.Error(c.t, def.err, c.msg(what+": failed where the default did not", def, got))
		require.Contains(c.t, []randtype.Class{randtype.UserError, randtype.BadData}, randtype.Classify(got.err),
			c.msg(what+": an error of a kind the default does not return", def, got))
	}
	got := run(func() ([]byte, error) { return safe.Options{Circular: safe.CircularError}.Marshal(c.s.Value) })
	what := "CircularError"
	require.Nil(c.t, got.panicked, c.msg(what+": safe panicked", def, got))
	var uv *json.UnsupportedValueError
	if errors.As(got.err, &uv) {
		// Stopped at a cycle: before any user error the default reports later.
		require.Positive(c.t, c.s.Stats.Cycles, c.msg(what+": a cycle error without a cycle", def, got))
		return
	}
	require.Equal(c.t, fmt.Sprint(def.err), fmt.Sprint(got.err), c.msg(what+": different error", def, got))
	require.Equal(c.t, string(def.out), string(got.out), c.msg(what+": different bytes", def, got))
}
