package decode

// An engine parses a number with strconv as encoding/json does, so a long
// one costs it about what it costs encoding/json; one it then refuses (out
// of the target's range: 1e400 into a float64, twenty digits into an int,
// a fraction into an int) is parsed again by encoding/json for its
// verdict, which would make such a body cost the two together, up to twice
// the most encoding/json spends on any body of its size for types whose
// costliest body is one long number (a number, a struct of numbers). So
// input holding a run of longDigits or more digits, which a number of more
// than a few dozen bytes has (a number breaks its digits only at '.', 'e'
// and a sign), goes to encoding/json alone. Numbers of real data are far
// shorter (a float64 is written in at most 24 bytes, an int64 in 20), and a
// run in a string counts too: such input is decoded exactly, only at
// encoding/json's speed.

// longDigits is the shortest run of digits longNumber is sure to find; it
// finds some runs longer than longDigits/2, never shorter ones.
const longDigits = 64

// longNumber reports whether data may hold a number too long to give an
// engine: whether it finds a run of more than longDigits/2 digits, which it
// does wherever there is one of longDigits or more. It reads one byte in
// longDigits/2, and more only around digits longDigits/2 apart, at most
// len(data) in all.
func longNumber(data []byte) bool {
	const h = longDigits / 2
	// A run of 2h digits holds a multiple i of h with i-h in the run too.
	for i := h; i < len(data); i += h {
		if !digit(data[i]) || !digit(data[i-h]) {
			continue
		}
		j := i - 1
		for j > i-h && digit(data[j]) {
			j--
		}
		if j == i-h {
			return true
		}
	}
	return false
}

func digit(c byte) bool { return c-'0' <= 9 }
