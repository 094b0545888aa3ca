package jsonwire

// True reports whether b[i:] starts with the literal true. What follows it
// is the caller's to check.
func True(b []byte, i int) bool {
	return len(b)-i >= 4 && b[i] == 't' && b[i+1] == 'r' && b[i+2] == 'u' && b[i+3] == 'e'
}

// False reports whether b[i:] starts with the literal false.
func False(b []byte, i int) bool {
	return len(b)-i >= 5 && b[i] == 'f' && b[i+1] == 'a' && b[i+2] == 'l' && b[i+3] == 's' && b[i+4] == 'e'
}

// Null reports whether b[i:] starts with the literal null.
func Null(b []byte, i int) bool {
	return len(b)-i >= 4 && b[i] == 'n' && b[i+1] == 'u' && b[i+2] == 'l' && b[i+3] == 'l'
}

// SkipScalar returns the index after the number or literal (true, false,
// null) that starts at b[i], and whether there is one there, well formed: on
// a number, SkipNumber's answer; on anything else, i and false. What follows
// it is the caller's to check.
func SkipScalar(b []byte, i int) (int, bool) {
	switch {
	case i >= len(b):
		return i, false
	case b[i] == 't':
		if True(b, i) {
			return i + len("true"), true
		}
	case b[i] == 'f':
		if False(b, i) {
			return i + len("false"), true
		}
	case b[i] == 'n':
		if Null(b, i) {
			return i + len("null"), true
		}
	default:
		return SkipNumber(b, i)
	}
	return i, false
}
