package safe

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// requireStdFloat checks appendFloat against encoding/json on f as a float64
// and, when it is one, as a float32.
func requireStdFloat(t testing.TB, f float64) {
	if !isFinite(f) {
		return
	}
	want, err := json.Marshal(f)
	require.NoError(t, err)
	require.Equal(t, string(want), string(appendFloat(nil, f, 64)), "float64 %v (%#x)", f, math.Float64bits(f))
	if f32 := float32(f); isFinite(float64(f32)) {
		want, err := json.Marshal(f32)
		require.NoError(t, err)
		require.Equal(t, string(want), string(appendFloat(nil, float64(f32), 32)), "float32 %v (%#x)", f32, math.Float32bits(f32))
	}
}

// TestAppendFloatMatchesStd compares appendFloat with encoding/json on random
// bits of both sizes, on integers around every power of two up to 2^64 (where
// the integer shortcut stops), on decimals of few digits, and around the
// bounds of the exponent form (1e-6, 1e21).
func TestAppendFloatMatchesStd(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 3))
	for range 40000 {
		requireStdFloat(t, math.Float64frombits(r.Uint64()))
		requireStdFloat(t, float64(math.Float32frombits(r.Uint32())))
	}
	for _, f := range []float64{0, math.Copysign(0, -1), 1, -1, 0.5, 1e21, 1e-6, 1e20, 1e-7, math.MaxFloat64,
		math.SmallestNonzeroFloat64, math.MaxFloat32, math.SmallestNonzeroFloat32, 1 << 53, 1<<53 + 2, 1<<53 - 1} {
		requireStdFloat(t, f)
		requireStdFloat(t, -f)
	}
	for k := range 65 {
		p := math.Ldexp(1, k)
		for d := -3.0; d <= 3; d++ {
			for _, f := range []float64{p + d, p*1.5 + d, math.Nextafter(p, 0), math.Nextafter(p, math.Inf(1))} {
				requireStdFloat(t, f)
				requireStdFloat(t, -f)
				requireStdFloat(t, math.Trunc(f))
			}
		}
	}
	for range 20000 {
		requireStdFloat(t, float64(r.Int64N(1<<uint(r.IntN(62)+1))-r.Int64N(1<<20)))
		requireStdFloat(t, float64(r.IntN(2000000)-1000000)/math.Pow10(r.IntN(8)))
		e := r.IntN(4)
		requireStdFloat(t, []float64{1e-6, 1e21, 1e-7, 1e20}[e]*(1+(r.Float64()-0.5)*1e-6))
	}
}

// FuzzAppendFloat compares appendFloat with encoding/json on any bits.
func FuzzAppendFloat(f *testing.F) {
	for _, b := range []uint64{0, 1 << 63, math.Float64bits(1), math.Float64bits(1 << 53), math.Float64bits(1e21), math.Float64bits(1e-7), math.Float64bits(123.456)} {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b uint64) {
		requireStdFloat(t, math.Float64frombits(b))
		requireStdFloat(t, float64(math.Float32frombits(uint32(b))))
	})
}

// BenchmarkAppendFloat times appendFloat alone on 1000 values each: GeoJSON
// coordinates (16-17 digits), integers (counts, ids below 2^53), short
// decimals (prices), and float32 values.
func BenchmarkAppendFloat(b *testing.B) {
	r := rand.New(rand.NewPCG(9, 9))
	sets := []struct {
		name string
		bits int
		f    func() float64
	}{
		{"coordinates", 64, func() float64 { return -180 + 360*r.Float64() }},
		{"integers", 64, func() float64 { return float64(r.Int64N(1 << 40)) }},
		{"decimals", 64, func() float64 { return float64(r.IntN(100000)) / 100 }},
		{"float32", 32, func() float64 { return float64(float32(r.NormFloat64() * 1000)) }},
	}
	for _, set := range sets {
		vals := make([]float64, 1000)
		for i := range vals {
			vals[i] = set.f()
		}
		b.Run(set.name, func(b *testing.B) {
			buf := make([]byte, 0, 32*len(vals))
			for b.Loop() {
				buf = buf[:0]
				for _, f := range vals {
					buf = appendFloat(buf, f, set.bits)
				}
			}
		})
	}
}
