// Package anydec decodes JSON that json.Valid accepts into Go's dynamic
// values — map[string]any, []any, float64 (json.Number with UseNumber),
// string, bool and nil — exactly as encoding/json decodes into an any, on
// both of its flavours, in one pass with no reflection.
//
// The rules, the same in classic encoding/json and in Go 1.27's (on json/v2),
// checked by the differential tests here:
//   - an object is a fresh map[string]any (an empty one for {}), its members
//     set in input order, so that the last of duplicate names wins and
//     replaces the value wholly (nested objects are not merged);
//   - an array is a fresh []any of its exact length ([]any{} for []);
//   - a number is strconv.ParseFloat's float64 (-0 stays negative, an
//     underflow is 0); one out of float64's range (1e400) is where
//     encoding/json fails, and Decode reports it (ok false) so that the
//     caller hands the input to encoding/json for its verdict;
//   - in strings, each byte of invalid UTF-8 becomes U+FFFD, and so does a
//     \u escape of a surrogate not followed by the escape of its pair.
//
// Memory: members go into their map as they are read (nothing holds the
// members of an object), and array elements gather on one stack, reused
// from call to call, then are copied to a slice of the exact length; every
// string and number is its own allocation, as in encoding/json, so a value
// kept from the result keeps nothing else alive. Nesting recurses, at most
// json.Valid's 10000 levels, a few hundred bytes of goroutine stack per
// level.
package anydec

import (
	"encoding/binary"
	"encoding/json"
	"math/bits"
	"strconv"
	"sync"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
)

// Decode returns what encoding/json decodes data into an any as (a
// json.Number for each number if useNumber), and true; or false where
// encoding/json would fail: a number out of float64's range. data must be
// one JSON value that json.Valid accepts.
func Decode(data []byte, useNumber bool) (v any, ok bool) {
	d := get(data, useNumber)
	v = d.value()
	ok = !d.failed
	d.put()
	return v, ok
}

// DecodeInto sets the members of the JSON object data into m, as
// encoding/json decodes an object into an existing map[string]any, and
// reports true; or, where encoding/json would fail (a number out of
// range), false, having set into m a prefix of the members encoding/json
// sets (encoding/json, run next on m, sets them again). data must be an
// object that json.Valid accepts, after optional whitespace.
func DecodeInto(data []byte, m map[string]any, useNumber bool) bool {
	d := get(data, useNumber)
	d.skipSpace()
	d.i++ // '{'
	d.members(m)
	ok := !d.failed
	d.put()
	return ok
}

// decoder is the state of one Decode: the input, where it is read, and the
// stack of array elements being gathered.
type decoder struct {
	data      []byte
	i         int
	useNumber bool
	failed    bool
	stack     []any
	buf       []byte // scratch for strings with escapes or invalid UTF-8
}

var pool = sync.Pool{New: func() any { return new(decoder) }}

// maxPooled bounds the stack and scratch kept for the next call (elements,
// bytes), so that one huge input does not keep its stack alive.
const maxPooled = 1 << 14

func get(data []byte, useNumber bool) *decoder {
	d := pool.Get().(*decoder)
	d.data, d.i, d.useNumber, d.failed = data, 0, useNumber, false
	return d
}

func (d *decoder) put() {
	d.data = nil
	if cap(d.stack) > maxPooled {
		d.stack = nil
	}
	if cap(d.buf) > maxPooled {
		d.buf = nil
	}
	pool.Put(d)
}

func (d *decoder) skipSpace() {
	for d.i < len(d.data) {
		switch d.data[d.i] {
		case ' ', '\t', '\n', '\r':
			d.i++
		default:
			return
		}
	}
}

// value decodes the value at d.i (whitespace before it allowed).
func (d *decoder) value() any {
	d.skipSpace()
	switch c := d.data[d.i]; c {
	case '{':
		d.i++
		m := make(map[string]any)
		d.members(m)
		return m
	case '[':
		d.i++
		return d.array()
	case '"':
		d.i++
		return d.str()
	case 't':
		d.i += 4
		return true
	case 'f':
		d.i += 5
		return false
	case 'n':
		d.i += 4
		return nil
	default:
		return d.number()
	}
}

// members sets the members of the object whose '{' is before d.i into m.
func (d *decoder) members(m map[string]any) {
	d.skipSpace()
	if d.data[d.i] == '}' {
		d.i++
		return
	}
	for {
		d.skipSpace()
		d.i++ // '"'
		k := d.str()
		d.skipSpace()
		d.i++ // ':'
		v := d.value()
		if d.failed {
			return
		}
		m[k] = v
		d.skipSpace()
		c := d.data[d.i]
		d.i++
		if c == '}' {
			return
		}
	}
}

// array decodes the array whose '[' is before d.i.
func (d *decoder) array() any {
	d.skipSpace()
	if d.data[d.i] == ']' {
		d.i++
		return []any{}
	}
	start := len(d.stack)
	for {
		v := d.value()
		if d.failed {
			return nil
		}
		d.stack = append(d.stack, v)
		d.skipSpace()
		c := d.data[d.i]
		d.i++
		if c == ']' {
			break
		}
	}
	a := make([]any, len(d.stack)-start)
	copy(a, d.stack[start:])
	clear(d.stack[start:])
	d.stack = d.stack[:start]
	return a
}

// number decodes the number at d.i.
func (d *decoder) number() any {
	start := d.i
	b := d.data
	i := d.i
	neg := b[i] == '-'
	if neg {
		i++
	}
	// The mantissa's digits, with the point's place; exact while it holds
	// at most 19 digits.
	var mant uint64
	digits, exp := 0, 0
	for ; i < len(b) && '0' <= b[i] && b[i] <= '9'; i++ {
		mant = mant*10 + uint64(b[i]-'0')
		digits++
	}
	if i < len(b) && b[i] == '.' {
		i++
		for ; i < len(b) && '0' <= b[i] && b[i] <= '9'; i++ {
			mant = mant*10 + uint64(b[i]-'0')
			digits++
			exp--
		}
	}
	plain := true
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		plain = false
		for i++; i < len(b) && (b[i] == '+' || b[i] == '-' || '0' <= b[i] && b[i] <= '9'); i++ {
		}
	}
	d.i = i
	s := b[start:i]
	if d.useNumber {
		return json.Number(s)
	}
	// Clinger's fast path: a mantissa below 2^53 and a power of ten that
	// float64 holds exactly give the correctly rounded value in one
	// operation. A mantissa with leading zeros counts them as digits, which
	// only sends it to strconv.
	if plain && digits <= 15 && -exp < len(pow10) {
		f := float64(mant)
		if exp < 0 {
			f /= pow10[-exp]
		}
		if neg {
			f = -f
		}
		return f
	}
	f, err := strconv.ParseFloat(unsafe.String(unsafe.SliceData(s), len(s)), 64)
	if err != nil {
		d.failed = true
		return nil
	}
	return f
}

// pow10 are the powers of ten float64 holds exactly.
var pow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// str decodes the string whose opening quote is before d.i, up to and past
// its closing quote.
func (d *decoder) str() string {
	b := d.data
	start := d.i
	i := start
	for {
		for i+8 <= len(b) {
			x := binary.LittleEndian.Uint64(b[i:])
			q := x ^ (ones * '"')
			bs := x ^ (ones * '\\')
			m := ((q - ones) &^ q) | ((bs - ones) &^ bs) | x
			if m &= highs; m != 0 {
				i += bits.TrailingZeros64(m) / 8
				break
			}
			i += 8
		}
		for ; i < len(b); i++ {
			if c := b[i]; c == '"' || c == '\\' || c >= utf8.RuneSelf {
				break
			}
		}
		switch c := b[i]; {
		case c == '"':
			d.i = i + 1
			return string(b[start:i])
		case c == '\\':
			return d.slowStr(start, i)
		default:
			r, n := utf8.DecodeRune(b[i:])
			if r == utf8.RuneError && n == 1 {
				return d.slowStr(start, i)
			}
			i += n
		}
	}
}

// slowStr decodes the string from start, whose bytes before i are plain,
// with its escapes and its invalid UTF-8 replaced.
func (d *decoder) slowStr(start, i int) string {
	b := d.data
	out := append(d.buf[:0], b[start:i]...)
	for {
		c := b[i]
		switch {
		case c == '"':
			d.i = i + 1
			d.buf = out
			return string(out)
		case c == '\\':
			e := b[i+1]
			i += 2
			switch e {
			case 'b':
				out = append(out, '\b')
			case 'f':
				out = append(out, '\f')
			case 'n':
				out = append(out, '\n')
			case 'r':
				out = append(out, '\r')
			case 't':
				out = append(out, '\t')
			case 'u':
				r := hex4(b[i:])
				i += 4
				if utf16.IsSurrogate(r) {
					// The pair, if the next escape completes it; else
					// U+FFFD, and the next escape is read on its own.
					if i+6 <= len(b) && b[i] == '\\' && b[i+1] == 'u' {
						if p := utf16.DecodeRune(r, hex4(b[i+2:])); p != utf8.RuneError {
							out = utf8.AppendRune(out, p)
							i += 6
							continue
						}
					}
					r = utf8.RuneError
				}
				out = utf8.AppendRune(out, r)
			default: // '"', '\\', '/'
				out = append(out, e)
			}
		case c < utf8.RuneSelf:
			out = append(out, c)
			i++
		default:
			r, n := utf8.DecodeRune(b[i:])
			if r == utf8.RuneError && n == 1 {
				out = append(out, "\uFFFD"...)
			} else {
				out = append(out, b[i:i+n]...)
			}
			i += n
		}
	}
}

// hex4 returns the value of the four hex digits at the start of b (valid
// JSON guarantees them).
func hex4(b []byte) rune {
	var r rune
	for _, c := range b[:4] {
		switch {
		case c <= '9':
			c -= '0'
		case c <= 'F':
			c -= 'A' - 10
		default:
			c -= 'a' - 10
		}
		r = r<<4 | rune(c)
	}
	return r
}
