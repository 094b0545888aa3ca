package randtype

import (
	"hash/fnv"
	"math/rand/v2"
)

// source is the stream of choices the generator makes. It reads them from the
// input bytes first, one byte per small choice, so that a fuzzer mutating a
// byte changes one decision and leaves the others alone; once the bytes are
// used up it draws from a PCG generator seeded with a hash of the whole input.
// The same input always yields the same choices.
type source struct {
	data []byte
	pos  int
	rng  *rand.Rand
}

func newSource(data []byte) *source {
	h := fnv.New128a()
	h.Write(data)
	sum := h.Sum(nil)
	var s1, s2 uint64
	for i := range 8 {
		s1 = s1<<8 | uint64(sum[i])
		s2 = s2<<8 | uint64(sum[8+i])
	}
	return &source{data: data, rng: rand.New(rand.NewPCG(s1, s2))}
}

// byte returns the next choice byte.
func (s *source) byte() byte {
	if s.pos < len(s.data) {
		b := s.data[s.pos]
		s.pos++
		return b
	}
	return byte(s.rng.Uint32())
}

// intn returns a choice in [0, n); n must be positive. Choices up to 256 use
// one byte, larger ones two or eight.
func (s *source) intn(n int) int {
	switch {
	case n <= 1:
		return 0
	case n <= 1<<8:
		return int(s.byte()) % n
	case n <= 1<<16:
		return (int(s.byte())<<8 | int(s.byte())) % n
	default:
		return int(s.uint64() % uint64(n))
	}
}

// chance reports true with probability percent/100.
func (s *source) chance(percent int) bool {
	return int(s.byte()) < percent*256/100
}

// uint64 returns eight choice bytes as one number.
func (s *source) uint64() uint64 {
	var u uint64
	for range 8 {
		u = u<<8 | uint64(s.byte())
	}
	return u
}

// pick returns one of the choices.
func pick[T any](s *source, choices []T) T {
	return choices[s.intn(len(choices))]
}
