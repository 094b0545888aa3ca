package jsonwire

// IsDigit reports whether c is a decimal digit.
func IsDigit(c byte) bool { return '0' <= c && c <= '9' }

// SkipNumber returns the index after the number that starts at s[i], and
// whether it is well formed:
//
//	-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
//
// On a malformed number the index is that of the byte that breaks the rule
// (len(s) if the number is cut short). What follows a well-formed number is
// the caller's to check: a number ends at the first byte that cannot
// continue it ("01" is the number 0, then a 1).
func SkipNumber[T ~string | ~[]byte](s T, i int) (int, bool) {
	if i < len(s) && s[i] == '-' {
		i++
	}
	switch {
	case i >= len(s):
		return i, false
	case s[i] == '0':
		i++
	case '1' <= s[i] && s[i] <= '9':
		for i++; i < len(s) && IsDigit(s[i]); i++ {
		}
	default:
		return i, false
	}
	if i < len(s) && s[i] == '.' {
		i++
		if i >= len(s) || !IsDigit(s[i]) {
			return i, false
		}
		for i++; i < len(s) && IsDigit(s[i]); i++ {
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if i >= len(s) || !IsDigit(s[i]) {
			return i, false
		}
		for i++; i < len(s) && IsDigit(s[i]); i++ {
		}
	}
	return i, true
}

// ValidNumber reports whether s is exactly one JSON number, as a
// json.Number must be to be written.
func ValidNumber(s string) bool {
	end, ok := SkipNumber(s, 0)
	return ok && end == len(s)
}
