package anydec

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/testutil"
)

// TestEiselLemire: wherever eiselLemire answers, it is strconv.ParseFloat's
// value, on random mantissas of 1 to 19 digits and exponents across the
// table, on the shortest and the 17-digit forms of random float64s (and
// their neighbours in the last digit, near halfway), and it answers for
// most of them.
func TestEiselLemire(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	answered, n := 0, 0
	check := func(mant uint64, exp10 int, neg bool) {
		if exp10 >= powMin && exp10 <= powMax {
			n++
		}
		got, ok := eiselLemire(mant, exp10, neg)
		if !ok {
			return
		}
		answered++
		s := strconv.FormatUint(mant, 10) + "e" + strconv.Itoa(exp10)
		if neg {
			s = "-" + s
		}
		want, err := strconv.ParseFloat(s, 64)
		require.NoError(t, err, s)
		require.Equal(t, math.Float64bits(want), math.Float64bits(got), "%s: %v, strconv %v", s, got, want)
	}
	n1 := 300000
	if testutil.Reduced() {
		n1 = 30000
	}
	for range n1 {
		digits := 1 + r.IntN(19)
		mant := r.Uint64N(pow10u[digits-1]*9) + pow10u[digits-1]
		check(mant, powMin+r.IntN(powMax-powMin+1), r.IntN(2) == 0)
	}
	for range n1 {
		f := math.Float64frombits(r.Uint64N(0x7FF0000000000000))
		for _, prec := range []int{-1, 16, 15} {
			s := strconv.FormatFloat(f, 'e', prec, 64)
			mant, exp10, ok := splitE(s)
			if !ok {
				continue
			}
			for _, d := range []int64{0, -1, 1, 5, -5} {
				check(uint64(int64(mant)+d), exp10, false)
			}
		}
	}
	for _, c := range [][2]int64{{1, 0}, {0, 5}, {9007199254740993, 0}, {9007199254740992, 0}, {17976931348623157, 292}, {22250738585072014, -324}, {5, -324}, {1, 100}, {1, -100}} {
		check(uint64(c[0]), int(c[1]), false)
	}
	t.Logf("answered %d of %d in the table's range", answered, n)
	require.Greater(t, answered, n*9/10)
}

var pow10u = func() (p [20]uint64) {
	p[0] = 1
	for i := 1; i < 20; i++ {
		p[i] = p[i-1] * 10
	}
	return p
}()

// splitE splits strconv's 'e' form d.ddde±xx into an integer mantissa and
// a power of ten.
func splitE(s string) (uint64, int, bool) {
	var mant uint64
	exp := 0
	i := 0
	frac := false
	for ; i < len(s) && s[i] != 'e'; i++ {
		if s[i] == '.' {
			frac = true
			continue
		}
		mant = mant*10 + uint64(s[i]-'0')
		if frac {
			exp--
		}
	}
	e, err := strconv.Atoi(s[i+1:])
	return mant, exp + e, err == nil && mant != 0
}

func BenchmarkPow5(b *testing.B) {
	for b.Loop() {
		pow5 := pow5Table()
		_ = pow5
	}
}

// TestEightDigits: eightDigits is strconv's value of any eight digits.
func TestEightDigits(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for n := range 200000 {
		v := uint64(n)
		if n >= 1000 {
			v = r.Uint64N(100000000)
		}
		s := fmt.Sprintf("%08d", v)
		require.Equal(t, v, eightDigits(binary.LittleEndian.Uint64([]byte(s))), s)
	}
}
