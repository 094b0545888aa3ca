//go:build !safejson_goccy && !safejson_std && (amd64 || arm64) && !go1.28

package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/flavor"
	"github.com/safejson/safejson/internal/options"
	"github.com/safejson/safejson/internal/testutil"
)

func TestFixControlEscapes(t *testing.T) {
	for in, want := range map[string]string{
		``:                          ``,
		`"plain"`:                   `"plain"`,
		`"\u0008"`:                  `"\b"`,
		`"\u000c"`:                  `"\f"`,
		`"a\u0008b\u000cc\u0008"`:   `"a\bb\fc\b"`,
		`"\\u0008"`:                 `"\\u0008"`, // an escaped backslash, then text
		`"\\\u0008"`:                `"\\\b"`,
		`"\u0009\u000b\u001f\n\""`:  `"\u0009\u000b\u001f\n\""`,
		`"\u000C"`:                  `"\u000C"`, // sonic writes lower case only
		`{"\u0008":["\u000c",1]}`:   `{"\b":["\f",1]}`,
		`"\"\\\"\u0008\\"`:          `"\"\\\"\b\\"`,
		`"x\\"`:                     `"x\\"`,
		`"\u00089"`:                 `"\b9"`,
		`["\u0008","\\","\u000c"]`:  `["\b","\\","\f"]`,
		`"\ud83d\ude00\u0008"`:      `"\ud83d\ude00\b"`,
		`"\\\\u000c\\\\\u000c"`:     `"\\\\u000c\\\\\f"`,
		`"trailing backslash pair"`: `"trailing backslash pair"`,
	} {
		assert.Equal(t, want, string(fixControlEscapes([]byte(in))), in)
	}
	// sonic's \ufffd (invalid UTF-8): kept on flavour v1, a raw U+FFFD on
	// v2, where encoding/json writes it so; an escaped backslash before
	// "ufffd" is text.
	for in, want := range map[string][2]string{
		`"a\ufffdb"`:           {`"a\ufffdb"`, "\"a\uFFFDb\""},
		`"\ufffd\ufffd\u0008"`: {`"\ufffd\ufffd\b"`, "\"\uFFFD\uFFFD\\b\""},
		`"\\ufffd"`:            {`"\\ufffd"`, `"\\ufffd"`},
		`"\ufffe\ufff"`:        {`"\ufffe\ufff"`, `"\ufffe\ufff"`},
	} {
		i := 0
		if flavor.V2 {
			i = 1
		}
		assert.Equal(t, want[i], string(fixControlEscapes([]byte(in))), in)
	}
}

// TestSonicStringsAsStd writes random strings, full of the characters where
// sonic and encoding/json part (and of invalid UTF-8), as values and as map
// keys, and compares the wrapper's bytes with encoding/json's.
func TestSonicStringsAsStd(t *testing.T) {
	pieces := []string{"\b", "\f", "\u2028", "\u2029", "<", ">", "&", "\xff", "\xc0\x80", "\xed\xa0\x80",
		"\xf4\x90\x80\x80", "\U0010ffff", "\xe2\x80", "\xe2", "\x7f", "\x00", "\x1f", "\"", "\\", `\u0008`, `\ufffd`, "a", "é", "☃", "𝄞", "\ufffd", "\xc3"}
	r := rand.New(rand.NewPCG(1, 2))
	e := Sonic()
	for range 3000 {
		var b []byte
		for range r.IntN(8) {
			if r.IntN(4) == 0 {
				b = append(b, byte(r.IntN(256)))
			} else {
				b = append(b, pieces[r.IntN(len(pieces))]...)
			}
		}
		s := string(b)
		for _, v := range []any{s, map[string]string{s: s}, []any{s, 1}} {
			for _, o := range []options.Output{{}, {NoEscapeHTML: true}} {
				want, err := stdAppend(v, o)
				require.NoError(t, err)
				got, err := e.Append(nil, v, o)
				require.NoError(t, err)
				require.Equal(t, string(want), string(got), "%q %+v", s, o)
			}
		}
	}
	// And a control: json.Marshal itself writes \b and \f.
	b, err := json.Marshal("\b\f")
	require.NoError(t, err)
	require.Equal(t, `"\b\f"`, string(b))
}

// TestSonicLargeOutputReusesItsBuffer: sonic.Config.Marshal grows a new
// buffer from 4 KiB for every output over 1 MiB, and HTML-escapes into a
// second one (about 200 allocations and 7× the output's size for a 2 MB
// value); the wrapper encodes into a pooled scratch buffer and copies once
// into dst, so a large value costs the allocation of its output, and the
// bytes are still encoding/json's.
func TestSonicLargeOutputReusesItsBuffer(t *testing.T) {
	if testutil.RaceEnabled {
		t.Skip("under -race sonic also runs encoding/json on every value, allocating as it does")
	}
	type item struct {
		Name string
		Tags []string
		HTML string
	}
	v := make([]item, 40000)
	for i := range v {
		v[i] = item{Name: fmt.Sprint("item", i), Tags: []string{"a", "b"}, HTML: "<a&b>"}
	}
	v[0].Tags[1] = "b\u2028\u2029" // escaped by encoding/json whatever SetEscapeHTML says
	want, err := json.Marshal(v)
	require.NoError(t, err)
	require.Greater(t, len(want), 2<<20, "the value must be larger than sonic's pool limit")
	// No collection while measuring: it would empty the pool of scratch
	// buffers at a moment of its choosing.
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	for _, o := range []options.Output{{}, {NoEscapeHTML: true}} {
		got, err := Sonic().Append(nil, v, o)
		require.NoError(t, err)
		if o.NoEscapeHTML {
			var buf bytes.Buffer
			enc := json.NewEncoder(&buf)
			enc.SetEscapeHTML(false)
			require.NoError(t, enc.Encode(v))
			assert.Equal(t, bytes.TrimSuffix(buf.Bytes(), []byte("\n")), got)
		} else {
			assert.Equal(t, want, got)
		}
		allocs := testing.AllocsPerRun(5, func() { _, _ = Sonic().Append(nil, v, o) })
		assert.LessOrEqual(t, allocs, 3.0, "NoEscapeHTML=%v: the output and two of sonic's own (raw sonic: 31), not a buffer grown each time", o.NoEscapeHTML)
		// The least of a few runs: a test running in parallel may hold the
		// pooled scratch buffer during one of them.
		bytesPerOp := uint64(math.MaxUint64)
		for range 5 {
			var ms0, ms1 runtime.MemStats
			runtime.ReadMemStats(&ms0)
			_, _ = Sonic().Append(nil, v, o)
			runtime.ReadMemStats(&ms1)
			bytesPerOp = min(bytesPerOp, ms1.TotalAlloc-ms0.TotalAlloc)
		}
		assert.Less(t, bytesPerOp, uint64(2*len(want)), "NoEscapeHTML=%v: at most twice the output's size allocated", o.NoEscapeHTML)
	}
}
