package anydec

import (
	"encoding/binary"
	"math/bits"

	"github.com/safejson/safejson/internal/jsonwire"
)

// mayOverflow reports whether data may hold a number out of float64's
// range, where encoding/json fails and decodes the input again for its
// verdict: a long input that holds one is handed to encoding/json before
// anything is built, so that such a number at its end does not cost a
// decode thrown away. It never misses one (TestMayOverflow), and seldom
// reports one where there is none (in strings, or a number just within
// range).
//
// A number of D digits before its point (the first not 0) and an exponent
// E is below 10^(D+E); float64's largest is below 10^309. So a number out
// of range has D >= 200 or E >= 100: a run of 200 digits or more, which
// holds a byte at an index of the form 100k+99 (the run is looked at only
// from there) and is not a fraction, or an 'e' or 'E' after a digit
// followed by an exponent of 100 or more (found eight bytes at a time).
// Either counts only where a number can start and end, so that hex digits
// in strings (UUIDs, hashes: "4e2013") are not taken for one.
func mayOverflow(data []byte) bool {
	for i := 99; i < len(data); i += 100 {
		if !jsonwire.IsDigit(data[i]) {
			continue
		}
		j, k := i, i
		for j > 0 && jsonwire.IsDigit(data[j-1]) {
			j--
		}
		for k < len(data) && jsonwire.IsDigit(data[k]) {
			k++
		}
		if k-j >= 200 && numberStart(data, j) && (j == 0 || data[j-1] != '.') { // not a fraction
			return true
		}
		i += (k - 1 - i) / 100 * 100 // the next sample past the run

	}
	// Eight bytes at a time: the bytes that are 'e' or 'E' (a zero byte
	// of x; the borrow may mark a byte above a true one, checked again),
	// and the bytes that are digits; an 'e' whose byte before is a digit,
	// in this word or at the top of the last one, is looked at.
	n := len(data)
	i := 0
	var top uint64 // the last word's top byte was a digit: 0x80
	for ; i+8 <= n; i += 8 {
		w := binary.LittleEndian.Uint64(data[i:])
		e := jsonwire.HasZero(w | jsonwire.Lsb*0x20 ^ jsonwire.Lsb*'e')
		y := w ^ jsonwire.Lsb*'0'
		digit := ^((y&^jsonwire.Msb + jsonwire.Lsb*(0x80-10)) | y) & jsonwire.Msb
		pairs := e & (digit<<8 | top>>56)
		top = digit & (0x80 << 56)
		for pairs != 0 {
			if bigExp(data, i+bits.TrailingZeros64(pairs)/8) {
				return true
			}
			pairs &= pairs - 1
		}
	}
	for ; i < n; i++ {
		if bigExp(data, i) {
			return true
		}
	}
	return false
}

// bigExp reports whether data[p] is the 'e' or 'E' of a number (digits,
// with a '.' and a '-' maybe, from a byte that may come before a value)
// followed by an optional '+' and digits of a value of 100 or more, up to
// a byte that may come after a value.
func bigExp(data []byte, p int) bool {
	if data[p]|0x20 != 'e' || p == 0 || !jsonwire.IsDigit(data[p-1]) || !numberStart(data, p) {
		return false
	}
	q := p + 1
	if q < len(data) && data[q] == '+' {
		q++
	}
	e := 0
	for ; q < len(data) && jsonwire.IsDigit(data[q]); q++ {
		e = min(e*10+int(data[q]-'0'), 1000)
	}
	return e >= 100 && (q == len(data) || afterValue[data[q]])
}

// numberStart reports whether the digits (and '.') before p start where a
// number can: after a '-', or a byte that may come before a value, or at
// the start.
func numberStart(data []byte, p int) bool {
	j := p
	for j > 0 && (jsonwire.IsDigit(data[j-1]) || data[j-1] == '.') {
		j--
	}
	if j > 0 && data[j-1] == '-' {
		j--
	}
	return j == 0 || beforeValue[data[j-1]]
}

// beforeValue and afterValue are the bytes that may come just before and
// just after a number in JSON.
var beforeValue, afterValue = func() (b, a [256]bool) {
	for _, c := range " \t\n\r,:[" {
		b[c] = true
	}
	for _, c := range " \t\n\r,]}" {
		a[c] = true
	}
	return b, a
}()
