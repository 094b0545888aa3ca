package jsonwire

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
)

var numberEdges = []string{
	"0", "-0", "01", "-01", "00", "1.", "1.5", ".5", "-", "+1", "--1", "0x1", "1.e5", "1e", "1e+", "1e-", "1E400",
	"1e99999999999999999999", "-0.0e-0", "123abc", "1e1.5", "1.5e", "1.5E+3", "-a", "0.", "-.5", "9", "1E", "1e+5",
	"12345678901234567890123456789012345678901234567890", "-1.0e+00000", "0.0000000000001", "1_0", "1.0E-", "",
	"1 ", " 1", "Infinity", "NaN", "0e0", "0E-0", "-9.99e-999",
}

// TestValidNumber: a json.Number's text is valid exactly when json.Valid
// takes it as the whole input and it is a number.
func TestValidNumber(t *testing.T) {
	for _, s := range numberEdges {
		want := json.Valid([]byte(s)) && s != "" && (s[0] == '-' || IsDigit(s[0])) && IsDigit(s[len(s)-1])
		assert.Equal(t, want, ValidNumber(s), "%q", s)
		end, ok := SkipNumber([]byte(s), 0)
		assert.Equal(t, want, ok && end == len(s), "%q", s)
	}
}

// TestNonDigits flags exactly the bytes that are not digits, in every
// position of a word.
func TestNonDigits(t *testing.T) {
	for c := range 256 {
		for pos := range 8 {
			w := Lsb*'5'&^(0xff<<(8*pos)) | uint64(c)<<(8*pos)
			want := uint64(0)
			if !IsDigit(byte(c)) {
				want = 0x80 << (8 * pos)
			}
			assert.Equal(t, want, NonDigits(w), "byte %#x at %d", c, pos)
		}
	}
	for _, s := range []string{"", "1", "12345678", "123456789", "1234567x9", "12345678901234567890a", "a"} {
		want := 0
		for want < len(s) && IsDigit(s[want]) {
			want++
		}
		assert.Equal(t, want, SkipDigits([]byte(s), 0), "%q", s)
	}
}
