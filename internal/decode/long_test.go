package decode

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/benchdata"
	"github.com/safejson/safejson/internal/testutil"
)

// TestLongNumber: longNumber finds every run of longDigits digits wherever
// it is, never a run of half as many, and reads digits apart only by runs.
func TestLongNumber(t *testing.T) {
	run := func(n int) string { return strings.Repeat("7", n) }
	for pad := range longDigits + 1 {
		for _, n := range []int{longDigits, longDigits + 1, 3 * longDigits} {
			data := `{"a":"` + strings.Repeat("x", pad) + `","n":` + run(n) + `}`
			assert.True(t, longNumber([]byte(data)), "a run of %d digits after %d bytes", n, pad)
			assert.True(t, longNumber([]byte(strings.Repeat(" ", pad)+"-1."+run(n)+"e5")), "a fraction of %d digits after %d bytes", n, pad)
		}
		short := strings.Repeat(" ", pad) + "[" + strings.Repeat(run(longDigits/2)+",", 10) + run(longDigits/2) + "]"
		assert.False(t, longNumber([]byte(short)), "runs of %d digits after %d bytes", longDigits/2, pad)
	}
	assert.False(t, longNumber(nil))
	assert.False(t, longNumber([]byte(run(longDigits/2))), "a run of half as many")
	assert.True(t, longNumber([]byte(run(2*longDigits))))
	// Digits apart by the sample step but not a run: not long.
	sparse := strings.Repeat("1"+strings.Repeat(" ", longDigits/2-1), 100)
	assert.False(t, longNumber([]byte(sparse)))
	// Real numbers are never long: the longest float64 and int64, and ids.
	assert.False(t, longNumber([]byte(`[-2.2250738585072014e-308,-9223372036854775808,18446744073709551615,"1234567890123456789",1.7976931348623157e+308]`)))
}

// longReading is a struct of numbers, prefilled by some cases.
type longReading struct {
	ID    int     `json:"id"`
	Value float64 `json:"value"`
	Level uint8   `json:"level"`
	Note  string  `json:"note"`
}

// TestLongNumberVerdict: input holding a long number, taken or refused,
// gets encoding/json's error and leaves the target as encoding/json leaves
// it (the members before and after the number set), by Unmarshal and by a
// Decoder, into zero and prefilled targets.
func TestLongNumberVerdict(t *testing.T) {
	digits := strings.Repeat("0", 3*longDigits)
	bodies := []string{
		"1" + digits,
		"1." + digits + "1",
		"1." + digits + "1e400",
		`{"id":7,"value":1` + digits + `,"level":3,"note":"n"}`,
		`{"id":1` + digits + `,"value":2.5,"level":3}`,
		`{"id":1.` + digits + `1,"note":"n"}`,
		`{"level":1` + digits + `,"note":"n"}`,
		`{"note":"1` + digits + `","id":"x"}`,
		`[1,2,1` + digits + `,4]`,
		`{"a":1,"b":1` + digits + `,"c":3}`,
		`{"id":1` + digits + `,"level":tru}`,
	}
	targets := []func() any{
		func() any { return new(float64) },
		func() any { return new(int) },
		func() any { return new(uint8) },
		func() any { return new(longReading) },
		func() any { return &longReading{ID: 9, Value: -1, Note: "before"} },
		func() any { return new([]int) },
		func() any { return new([4]float64) },
		func() any { return new(map[string]int) },
		func() any { return &map[string]float64{"z": 1} },
	}
	for _, body := range bodies {
		require.True(t, longNumber([]byte(body)), body)
		for _, target := range targets {
			want, got := target(), target()
			wantErr := json.Unmarshal([]byte(body), want)
			testutil.SameError(t, wantErr, Unmarshal([]byte(body), got, nil), "%.40s into %T", body, want)
			assert.Equal(t, want, got, "%.40s into %T", body, want)

			want, got = target(), target()
			wantErr = json.NewDecoder(strings.NewReader(" " + body)).Decode(want)
			testutil.SameError(t, wantErr, NewDecoder(strings.NewReader(" "+body), nil).Decode(got), "%.40s into %T by a Decoder", body, want)
			assert.Equal(t, want, got, "%.40s into %T by a Decoder", body, want)
		}
	}
}

// BenchmarkLongNumber is the check on a body of 500 bench items, beside
// the typed decode it precedes (BenchmarkUnmarshal/items-500/typed).
func BenchmarkLongNumber(b *testing.B) {
	body, err := json.Marshal(benchdata.Items(500))
	require.NoError(b, err)
	require.False(b, longNumber(body))
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		longNumber(body)
	}
}
