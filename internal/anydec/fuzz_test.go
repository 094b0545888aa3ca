package anydec_test

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/anydec"
)

// checkDecode: Decode says Invalid or StdFails (a number out of range
// before the error) where json.Valid rejects the input, StdFails exactly
// where json.Unmarshal into an any fails on valid input, and otherwise
// returns json.Unmarshal's value; and every target gets encoding/json's
// verdict (checkAll).
func checkDecode(t *testing.T, in []byte) {
	got, s := anydec.Decode(in, false)
	var want any
	err := json.Unmarshal(in, &want)
	valid := json.Valid(in)
	switch {
	case !valid:
		assert.NotEqual(t, anydec.OK, s, "%q: json.Valid rejects it", in)
	case err != nil:
		assert.Equal(t, anydec.StdFails, s, "%q: encoding/json fails: %v", in, err)
	default:
		if assert.Equal(t, anydec.OK, s, "%q", in) {
			assert.True(t, same(want, got), "%q\nencoding/json %#v\nanydec        %#v", in, want, got)
		}
	}
	checkAll(t, in)
}

func FuzzDecode(f *testing.F) {
	for _, in := range edgeCases {
		if len(in) < 4096 {
			f.Add([]byte(in))
		}
	}
	for _, in := range []string{`{"a":[1,2,{"b":"c\u00e9"}],"d":-1.5e3}`, `[1,2`, `{"a" 1}`, `{"a":1,}`, `[01]`, `1.`, `1e`, `1e+`,
		`-`, `--1`, `.5`, `tru`, `nul`, `falsey`, `"\u12"`, `"\u12G4"`, "\"a\x01\"", "\"a\x7f\"", `"\ud800\u12"`, `{"a":1}}`,
		"[1]\x00", `{"a":"\ud83d\ude00\ud83d"}`, `[-0,0e0,1E-0]`, `{,}`, `[,1]`, `{"a":1 "b":2}`} {
		f.Add([]byte(in))
	}
	for _, in := range numberTexts() {
		if len(in) < 4096 {
			f.Add([]byte(in))
		}
	}
	f.Fuzz(func(t *testing.T, in []byte) { checkDecode(t, in) })
}

// TestDecodeSeeds runs the fuzz check on its seeds and on each seed cut at
// every byte (the syntax errors of a truncated input).
func TestDecodeSeeds(t *testing.T) {
	for _, in := range edgeCases {
		checkDecode(t, []byte(in))
		if len(in) < 200 {
			for i := range len(in) {
				checkDecode(t, []byte(in[:i]))
				checkDecode(t, []byte(in[:i]+"x"+in[i:]))
				checkDecode(t, []byte(strings.Replace(in, in[i:i+1], "", 1)))
			}
		}
	}
}

// TestNumbers: random number texts (leading zeros in the fraction, up to
// 25 digits, exponents of every size) decode to encoding/json's float64,
// bit for bit.
func TestNumbers(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	digits := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte('0' + r.IntN(10))
		}
		return string(b)
	}
	for range 200000 {
		s := ""
		if r.IntN(2) == 0 {
			s = "-"
		}
		if r.IntN(3) == 0 {
			s += "0"
		} else {
			s += string(rune('1'+r.IntN(9))) + digits(r.IntN(20))
		}
		if r.IntN(2) == 0 {
			s += "." + strings.Repeat("0", r.IntN(4)*r.IntN(4)) + digits(1+r.IntN(20))
		}
		if r.IntN(2) == 0 {
			s += []string{"e", "E", "e+", "e-", "E-"}[r.IntN(5)] + strconv.Itoa(r.IntN([]int{10, 30, 400, 100000}[r.IntN(4)]))
		}
		got, st := anydec.Decode([]byte(s), false)
		var want any
		if err := json.Unmarshal([]byte(s), &want); err != nil {
			require.Equal(t, anydec.StdFails, st, s)
			continue
		}
		require.Equal(t, anydec.OK, st, s)
		require.Equal(t, math.Float64bits(want.(float64)), math.Float64bits(got.(float64)), "%s: %v, encoding/json %v", s, got, want)
	}
}

// numberTexts are numbers at strconv's edges: long runs of leading fraction
// zeros against exponents past the point where strconv stops reading them
// (maxExp), long mantissas, leading exponent zeros, both signs.
func numberTexts() []string {
	var out []string
	for _, zeros := range []int{0, 1, 18, 19, 20, 300, 9999, 10000, 10001, 100000} {
		for _, digits := range []string{"1", "5", "123456789012345678", "1234567890123456789", "12345678901234567890"} {
			for _, exp := range []string{"", "e0", "e308", "e-308", "e9999", "e10000", "e10001", "e99999", "e100000", "e100001", "e1000000", "e+0000000000000000000100001", "E-100000", "e-99999"} {
				for _, sign := range []string{"", "-"} {
					out = append(out, sign+"0."+strings.Repeat("0", zeros)+digits+exp)
					if zeros < 400 {
						out = append(out, sign+digits+strings.Repeat("0", zeros)+exp)
					}
				}
			}
		}
	}
	return out
}

// TestNumberEdges: every text of numberTexts decodes to strconv.ParseFloat's
// value, bit for bit, which is encoding/json's (StdFails where it is out of
// range), alone and as an array element; and encoding/json agrees.
func TestNumberEdges(t *testing.T) {
	for _, s := range numberTexts() {
		name := s[:min(len(s), 40)] + "…" + s[max(0, len(s)-20):]
		want, err := strconv.ParseFloat(s, 64)
		for _, in := range []string{s, "[" + s + "]"} {
			got, st := anydec.Decode([]byte(in), false)
			if err != nil {
				require.Equal(t, anydec.StdFails, st, name)
				continue
			}
			if st == anydec.StdFails && len(in) > 64<<10 {
				// Long input that may hold a number out of range goes
				// to encoding/json unread: Unmarshal's value is its.
				require.NoError(t, anydec.Unmarshal([]byte(in), &got, anydec.Mode{}), name)
			} else {
				require.Equal(t, anydec.OK, st, name)
			}
			if a, ok := got.([]any); ok {
				got = a[0]
			}
			require.Equal(t, math.Float64bits(want), math.Float64bits(got.(float64)), "%s: %v, strconv %v", name, got, want)
		}
		var std any
		if json.Unmarshal([]byte(s), &std) == nil {
			require.Equal(t, math.Float64bits(want), math.Float64bits(std.(float64)), name)
		}
	}
}
