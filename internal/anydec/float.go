package anydec

import (
	"math"
	"math/big"
	"math/bits"
	"sync"
)

// Decimal to float64 by the Eisel-Lemire method (Daniel Lemire, "Number
// Parsing at a Gigabyte per Second", 2021): the mantissa, normalized to 64
// bits, times a 128-bit approximation of the power of ten gives the
// float64's 53 bits with certainty, or says it cannot tell (then strconv,
// which is exact on every input, decides). It saves strconv's second read of
// the digits, which the decoder has read already.

// powMin and powMax bound the powers of ten in the table: wider exponents
// (rare in real data) go to strconv.
const (
	powMin = -100
	powMax = 100
)

// pow5 returns, for each q in [powMin, powMax], the 128 bits (hi, lo) of
// 5^q normalized so that the top bit is set: truncated for q >= 0, and one
// above the truncation for q < 0 (so that the approximation errs the way
// the method's bounds allow). Computed once, at first use.
var pow5 = sync.OnceValue(pow5Table)

func pow5Table() *[powMax - powMin + 1][2]uint64 {
	var t [powMax - powMin + 1][2]uint64
	five := big.NewInt(5)
	for q := powMin; q <= powMax; q++ {
		var m big.Int
		if q >= 0 {
			m.Exp(five, big.NewInt(int64(q)), nil)
			if n := m.BitLen(); n > 128 {
				m.Rsh(&m, uint(n-128))
			} else {
				m.Lsh(&m, uint(128-n))
			}
		} else {
			var p big.Int
			p.Exp(five, big.NewInt(int64(-q)), nil)
			// 2^k / 5^-q with k such that the quotient has 128 bits.
			k := p.BitLen() + 127
			m.Lsh(big.NewInt(1), uint(k))
			m.Quo(&m, &p)
			if m.BitLen() < 128 {
				m.Lsh(big.NewInt(1), uint(k+1))
				m.Quo(&m, &p)
			}
			m.Add(&m, big.NewInt(1))
			if m.BitLen() > 128 {
				m.Rsh(&m, 1)
			}
		}
		lo := new(big.Int).And(&m, new(big.Int).SetUint64(math.MaxUint64))
		t[q-powMin] = [2]uint64{new(big.Int).Rsh(&m, 64).Uint64(), lo.Uint64()}
	}
	return &t
}

// eiselLemire returns mant × 10^exp10 (negated if neg) correctly rounded,
// and true; false when the method cannot tell or the exponent is outside
// the table. mant is the exact decimal mantissa.
func eiselLemire(mant uint64, exp10 int, neg bool) (float64, bool) {
	if mant == 0 {
		if neg {
			return math.Copysign(0, -1), true
		}
		return 0, true
	}
	if exp10 < powMin || exp10 > powMax {
		return 0, false
	}
	p := &pow5()[exp10-powMin]
	lz := bits.LeadingZeros64(mant)
	mant <<= uint(lz)
	// The binary exponent: floor(log2(10^exp10)) + 64 - lz, biased.
	exp2 := uint64((217706*exp10)>>16+64+1023) - uint64(lz)
	hi, lo := bits.Mul64(mant, p[0])
	if hi&0x1FF == 0x1FF && lo+mant < mant {
		// The lower half of the power may carry into the bits kept.
		hi2, lo2 := bits.Mul64(mant, p[1])
		nlo := lo + hi2
		nhi := hi
		if nlo < lo {
			nhi++
		}
		if nhi&0x1FF == 0x1FF && nlo+1 == 0 && lo2+mant < mant {
			return 0, false
		}
		hi, lo = nhi, nlo
	}
	top := hi >> 63
	m := hi >> (top + 9) // 54 bits
	exp2 -= 1 ^ top
	if lo == 0 && hi&0x1FF == 0 && m&3 == 1 {
		return 0, false // exactly halfway, maybe: strconv decides
	}
	m += m & 1 // round half up on the 54th bit
	m >>= 1
	if m>>53 != 0 {
		m >>= 1
		exp2++
	}
	if exp2-1 >= 0x7FF-1 {
		return 0, false // subnormal, zero, infinite: strconv's
	}
	b := exp2<<52 | m&(1<<52-1)
	if neg {
		b |= 1 << 63
	}
	return math.Float64frombits(b), true
}

// eightDigits returns the value of the eight decimal digits of w, read
// little-endian (the first digit in the lowest byte): pairs, then
// quadruples, then the eight, each step one multiplication (Lemire's
// method).
func eightDigits(w uint64) uint64 {
	w = (w & 0x0F0F0F0F0F0F0F0F) * 2561 >> 8
	w = (w & 0x00FF00FF00FF00FF) * 6553601 >> 16
	return uint64(uint32((w & 0x0000FFFF0000FFFF) * 42949672960001 >> 32))
}
