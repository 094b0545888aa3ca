package jsonwire

// Tests of eight bytes at a time, in a uint64 read little-endian
// (binary.LittleEndian.Uint64): the lowest byte they flag is a true one (a
// borrow runs upwards only), so a scanner that stops at the lowest flagged
// byte (bits.TrailingZeros64(m)/8) stops where a byte-by-byte loop would.
const (
	// Lsb has the lowest bit of each byte set: Lsb*c repeats the byte c.
	Lsb = 0x0101010101010101
	// Msb has the highest bit of each byte set.
	Msb = 0x8080808080808080
)

// HasLess is non-zero if a byte of w is below n (n ≤ 0x80): the high bit of
// each such byte is set, and maybe of bytes above the lowest one.
func HasLess(w, n uint64) uint64 { return (w - Lsb*n) &^ w & Msb }

// HasZero is non-zero if a byte of w is zero; HasZero(w ^ Lsb*c) if a byte
// of w is c.
func HasZero(w uint64) uint64 { return (w - Lsb) &^ w & Msb }
