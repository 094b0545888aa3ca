package safe_test

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/corpus"
	"github.com/safejson/safejson/internal/flavor"
	"github.com/safejson/safejson/internal/randtype"
	"github.com/safejson/safejson/internal/testutil"
	"github.com/safejson/safejson/safe"
)

// stdEncoder is json.Encoder's output without its trailing newline.
func stdEncoder(v any, escapeHTML bool, prefix, indent string) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(escapeHTML)
	enc.SetIndent(prefix, indent)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// diffCases are the cases of the corpus TestDiff checks: those encoded with
// no options, but the user's panics, the policies (MaxDepth's default) and
// the values thousands of levels deep (Case.Deep).
func diffCases() []*corpus.Case {
	var out []*corpus.Case
	for _, c := range corpus.Cases() {
		if c.DefaultOptions() && c.Kind != corpus.Policy && c.Kind != corpus.Panic && !c.Deep {
			out = append(out, c)
		}
	}
	return out
}

// TestDiff checks package safe against the encoding/json of the toolchain that
// runs the test, on every case of the corpus (internal/corpus) encoded with no
// options, whatever its expectation is written as:
//
//   - where encoding/json accepts the value (Same), safe writes its bytes for
//     Marshal, Append, MarshalIndent, Encoder with SetEscapeHTML(false) and
//     SetIndent, under Strict, and with an identity Replacer;
//   - where it rejects it (Substitute), safe writes the case's substitute,
//     valid JSON, indented as json.Indent would indent it, and Strict fails
//     with encoding/json's error type (at the case's path, with its message,
//     where the case says: Case.Strict). Where encoding/json would crash
//     (Case.StdDies: a cycle that writes no token, on json/v2) it is not
//     asked;
//   - where the caller's own method fails (Error), safe fails with
//     encoding/json's error, also under options.
//
// Panics and options are the conformance runner's (it runs safe alone too).
func TestDiff(t *testing.T) {
	crashers := 0
	cases := diffCases()
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			t.Cleanup(func() {
				if t.Failed() {
					t.Logf("the case is at %s", c.Where())
				}
			})
			require.Equal(t, c.StdDies, randtype.CrashesStd(c.Value),
				"%s: the case and randtype.CrashesStd disagree on whether encoding/json dies on the value", c.Where())
			if c.StdDies {
				crashers++
				require.Equal(t, corpus.Substitute, c.Kind, "%s: encoding/json cannot be asked: the case must say what safe writes", c.Where())
				checkSubstitute(t, c, nil)
				return
			}
			std, stdErr := json.Marshal(c.Value)
			switch c.Kind {
			case corpus.Error:
				checkUserError(t, c, stdErr)
			case corpus.Same:
				require.NoError(t, stdErr, "%s: encoding/json rejects a Same case", c.Where())
				checkSameAsStd(t, c, std)
			case corpus.Substitute:
				require.Error(t, stdErr, "%s: encoding/json accepts a Substitute case", c.Where())
				checkSubstitute(t, c, stdErr)
			}
		})
	}
	assert.GreaterOrEqual(t, len(cases), 400, "the cases with no options")
	if flavor.TokenlessCycleCrashes {
		assert.Positive(t, crashers, "the tokenless cycles of the corpus")
	} else {
		assert.Zero(t, crashers)
	}
}

// checkSameAsStd: every way of encoding writes encoding/json's bytes.
func checkSameAsStd(t *testing.T, c *corpus.Case, std []byte) {
	if c.Want != nil {
		require.Equal(t, string(c.Want), string(std), "%s: the literal is not encoding/json's", c.Where())
	}
	v := c.Value
	got, err := safe.Marshal(v)
	require.NoError(t, err)
	assert.Equal(t, string(std), string(got), "Marshal")

	got, err = safe.Options{Strict: true}.Marshal(v)
	require.NoError(t, err)
	assert.Equal(t, string(std), string(got), "Strict")

	dst := []byte("prefix")
	got, err = safe.Append(dst[:len(dst):len(dst)], v)
	require.NoError(t, err)
	assert.Equal(t, "prefix"+string(std), string(got), "Append")

	for _, ind := range [][2]string{{"", "\t"}, {">", "  "}, {"", ""}} {
		want, err := json.MarshalIndent(v, ind[0], ind[1])
		require.NoError(t, err)
		got, err := safe.MarshalIndent(v, ind[0], ind[1])
		require.NoError(t, err)
		assert.Equal(t, string(want), string(got), "MarshalIndent(%q, %q)", ind[0], ind[1])
	}

	want, err := stdEncoder(v, false, "", "")
	require.NoError(t, err)
	got, err = safe.Options{NoEscapeHTML: true}.Marshal(v)
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got), "NoEscapeHTML")

	want, err = stdEncoder(v, false, "#", " ")
	require.NoError(t, err)
	got, err = safe.Options{NoEscapeHTML: true, Prefix: "#", Indent: " "}.Marshal(v)
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got), "NoEscapeHTML, Prefix, Indent")

	// A replacer returning what it gets changes nothing.
	got, err = safe.Options{Replacer: func(_ string, v any) (any, bool) { return v, true }}.Marshal(v)
	require.NoError(t, err)
	assert.Equal(t, string(std), string(got), "identity Replacer")
}

// checkSubstitute: safe writes the substitute, valid JSON, indented as
// json.Indent would indent it; Strict fails with encoding/json's error type,
// at the case's path and with encoding/json's message where the case says. A
// nil stdErr stands for a value encoding/json cannot be asked about (it would
// crash): the cycle error then.
func checkSubstitute(t *testing.T, c *corpus.Case, stdErr error) {
	got, err := safe.Marshal(c.Value)
	require.NoError(t, err)
	assert.Equal(t, string(c.Want), string(got))
	assert.True(t, json.Valid(got), "valid JSON")

	var want bytes.Buffer
	require.NoError(t, json.Indent(&want, c.Want, "<", "\t"))
	got, err = safe.MarshalIndent(c.Value, "<", "\t")
	require.NoError(t, err)
	assert.Equal(t, want.String(), string(got), "MarshalIndent")

	dst := []byte("[")
	got, err = safe.Options{Strict: true}.Append(dst, c.Value)
	require.Error(t, err, "Strict")
	assert.Equal(t, "[", string(got), "Strict: Append must leave dst as it was")
	var se *safe.Error
	require.ErrorAs(t, err, &se)
	assert.NotEmpty(t, se.Reason)
	if c.Strict != nil {
		assert.Equal(t, c.Strict.Path, se.Path, "Strict: path")
	}
	switch stdErr.(type) {
	case nil:
		var uv *json.UnsupportedValueError
		require.ErrorAs(t, err, &uv)
		assert.Equal(t, safe.ReasonCycle, se.Reason)
		return
	case *json.UnsupportedValueError:
		var uv *json.UnsupportedValueError
		require.ErrorAs(t, err, &uv)
	case *json.UnsupportedTypeError:
		var ut *json.UnsupportedTypeError
		require.ErrorAs(t, err, &ut)
	case *json.SyntaxError:
		var sx *json.SyntaxError
		require.ErrorAs(t, err, &sx)
	default:
		t.Fatalf("encoding/json failed with %T: %v", stdErr, stdErr)
	}
	if c.Strict != nil && !c.Strict.OtherMsg {
		assert.Equal(t, stdErr.Error(), se.Err.Error(), "Strict: encoding/json's message")
		where := ` (at "` + c.Strict.Path + `")`
		if c.Strict.Path == "" {
			where = " (at the top level)"
		}
		assert.Equal(t, stdErr.Error()+where, se.Error())
	}
}

// checkUserError: safe fails exactly as encoding/json does, also under the
// options.
func checkUserError(t *testing.T, c *corpus.Case, stdErr error) {
	require.Error(t, stdErr, "encoding/json accepts the value")
	if c.Err != nil {
		ok, why := c.Err.Matches(stdErr)
		require.True(t, ok, "%s: the literal is not encoding/json's error: %s", c.Where(), why)
	}
	for _, o := range []safe.Options{{}, {Strict: true}, {Prefix: " ", Indent: " "}, {NoEscapeHTML: true}} {
		dst := []byte("x")
		got, err := o.Append(dst, c.Value)
		require.Error(t, err)
		assert.Equal(t, "x", string(got), "Append must leave dst as it was")
		testutil.SameError(t, stdErr, err)
	}
}

// TestMarshalJSONNesting: JSON from MarshalJSON may nest as deep as
// encoding/json's scanner allows (10000), and no deeper (checked by the table).
func TestMarshalJSONNesting(t *testing.T) {
	v := rawJSON(testutil.NestedArrays(10000))
	want, err := json.Marshal(v)
	require.NoError(t, err)
	got, err := safe.Marshal(v)
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got))
}

// Types on which encoding/json panics on some flavour (a reflect or
// method-wrapper panic, not the caller's). Where it panics or fails, safe
// writes want; where it succeeds (json/v2 leaves the unexported embedded
// structs out), safe writes its bytes.
type (
	innerJSON struct{ A int }
	innerText struct{ B int }
	// ambiguous embeds two unexported structs, named by their tags, whose
	// MarshalJSON methods hide each other: reflect cannot call them through
	// the unexported fields.
	ambiguous struct {
		innerJSON  `json:"j"`
		*innerText `json:"t"`
		X          int
	}
)

func (innerJSON) MarshalJSON() ([]byte, error)  { return []byte(`"j"`), nil }
func (*innerText) MarshalJSON() ([]byte, error) { return []byte(`"t"`), nil }

func TestWhereStdPanics(t *testing.T) {
	var nilTime *time.Time
	for _, tc := range []struct {
		name string
		v    any
		want string
	}{
		{"unexported embedded with methods", ambiguous{innerJSON{1}, &innerText{2}, 3}, `{"j":{"A":1},"t":{"B":2},"X":3}`},
		{"unexported embedded nil pointer", ambiguous{X: 3}, `{"j":{"A":0},"t":null,"X":3}`},
		{"value method through nil pointer in interface", []json.Marshaler{nilTime}, `[null]`},
		{"value text method through nil pointer in interface", struct {
			T interface{ MarshalText() ([]byte, error) }
		}{nilTime}, `{"T":null}`},
		{"value text method through nil pointer as map key", map[interface{ MarshalText() ([]byte, error) }]int{nilTime: 1}, `{"":1}`},
		{"nil interface map key", map[interface{ MarshalText() ([]byte, error) }]int{nil: 1, textKey(2): 2}, `{"":1,"k2":2}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			std := randtype.Run(func() ([]byte, error) { return json.Marshal(tc.v) })
			got, err := safe.Marshal(tc.v)
			require.NoError(t, err)
			if std.Panic == nil && std.Err == nil {
				assert.Equal(t, string(std.Out), string(got), "encoding/json's bytes")
				return
			}
			assert.Equal(t, tc.want, string(got))
		})
	}
}

// TestTiedNames: map keys with the same text are ordered by their values, so
// that the output does not depend on map order (encoding/json's does: it
// writes either order).
func TestTiedNames(t *testing.T) {
	m := map[sameText]int{1: 20, 2: 10, 3: 30}
	for range 20 {
		got, err := safe.Marshal(m)
		require.NoError(t, err)
		assert.Equal(t, `{"same":10,"same":20,"same":30}`, string(got))
		std, err := json.Marshal(m)
		require.NoError(t, err)
		members := strings.Split(strings.Trim(string(std), "{}"), ",")
		slices.Sort(members)
		assert.Equal(t, []string{`"same":10`, `"same":20`, `"same":30`}, members, "encoding/json writes the same members, in some order")
	}
}
