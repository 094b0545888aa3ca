// Package anydec decodes JSON into Go's dynamic values — map[string]any,
// []any, float64 (json.Number with UseNumber), string, bool and nil —
// exactly as encoding/json decodes into an any, on both of its flavours, in
// one pass with no reflection that also checks the input by json.Valid's
// grammar: no check runs first, whatever the input's length. Input that
// the pass finds invalid goes to encoding/json, for its error (the offset
// of a syntax error, the target left as it leaves it).
//
// The rules, the same in classic encoding/json and in Go 1.27's (on json/v2),
// checked by the differential tests here:
//   - an object is a fresh map[string]any (an empty one for {}), its members
//     set in input order, so that the last of duplicate names wins and
//     replaces the value wholly (nested objects are not merged);
//   - an array is a fresh []any of its exact length ([]any{} for []);
//   - a number is strconv.ParseFloat's float64 (-0 stays negative, an
//     underflow is 0); one out of float64's range (1e400) is where
//     encoding/json fails, and Decode reports it (StdFails) so that the
//     caller hands the input to encoding/json for its verdict;
//   - in strings, each byte of invalid UTF-8 becomes U+FFFD, and so does a
//     \u escape of a surrogate not followed by the escape of its pair.
//
// Memory: members go into their map as they are read (nothing holds the
// members of an object), and a map is made for the size of the last object
// of the same first member name, at most 64, each size used once (object);
// an invalid input builds as far as its error, at most the tree a valid
// body of its length builds, which encoding/json builds too (the bound is
// by input size: docs/hostile-input.md); array elements gather
// on one stack, reused from call to call, then are copied to a slice of the
// exact length. Strings are each their own allocation, as in encoding/json;
// short member names are shared through a table of 256 (name); numbers are
// boxed into chunks of up to 32 float64s, so one number kept from a result
// keeps at most 256 bytes alive (box); one []any{} and the float64s 0 to 255
// are boxed once. Nesting recurses, at most json.Valid's 10000 levels, a few
// hundred bytes of goroutine stack per level.
package anydec

import (
	"encoding/binary"
	"encoding/json"
	"math/bits"
	"strconv"
	"sync"
	"unicode/utf8"
	"unsafe"

	"github.com/safejson/safejson/internal/jsonwire"
)

// Status is how a Decode went.
type Status uint8

const (
	// OK: the value is encoding/json's.
	OK Status = iota
	// Invalid: json.Valid rejects the input (a syntax error, more than
	// maxDepth levels of nesting, something after the value).
	Invalid
	// StdFails: a number out of float64's range, where encoding/json
	// fails, came before any syntax error: the decode stopped there, and
	// only encoding/json can give the verdict (its error, or a syntax
	// error after the number).
	StdFails
)

// maxDepth is json.Valid's limit of nesting.
const maxDepth = jsonwire.MaxNesting

// Decode returns what encoding/json decodes data into an any as (a
// json.Number for each number if useNumber) and OK; or Invalid, where
// json.Valid rejects data, or StdFails, where a number out of range comes
// first. The input is checked as it is decoded, by json.Valid's grammar.
func Decode(data []byte, useNumber bool) (v any, s Status) {
	d := get(data, useNumber)
	v = d.value()
	if d.status == OK {
		d.skipSpace()
		if d.i != len(data) {
			d.status = Invalid
		}
	}
	s = d.status
	d.put()
	if s != OK {
		v = nil
	}
	return v, s
}

// DecodeInto sets the members of the JSON object data into m, as
// encoding/json decodes an object into an existing map[string]any, and
// reports true; or, where encoding/json would fail (a number out of
// range), false, having set into m some of the members before it (none
// holding the number), each as encoding/json sets it, which encoding/json,
// run next on m, sets again. data must be an object that json.Valid
// accepts, after optional whitespace.
func DecodeInto(data []byte, m map[string]any, useNumber bool) bool {
	d := get(data, useNumber)
	d.skipSpace()
	d.i++ // '{'
	d.depth = 1
	d.members(m)
	ok := d.status == OK
	d.put()
	return ok
}

// decoder is the state of one Decode: the input, where it is read, and the
// stack of array elements being gathered.
type decoder struct {
	data      []byte
	i         int
	depth     int
	useNumber bool
	status    Status
	stack     []any
	buf       []byte // scratch for strings with escapes or invalid UTF-8
	// floats is the rest of the current chunk of float64s that numbers are
	// boxed into (box), and chunk the size of the next one.
	floats []float64
	chunk  int
	// names are member names met before, by a hash of their bytes: at
	// most len(names) strings of at most maxName bytes, kept from call to
	// call with the decoder.
	names [256]string
	// hints are the sizes of the last objects whose first member name is
	// in the slot of names, each to be used once in this decode (object);
	// slot is the slot of the last name key returned, -1 if it is not in
	// names.
	hints [256]uint8
	slot  int
}

// maxName is the longest member name kept in decoder.names.
const maxName = 32

// name returns b as a string, the one in d.names if it is there.
func (d *decoder) name(b []byte) string {
	var h uint64
	if len(b) >= 8 {
		h = binary.LittleEndian.Uint64(b) ^ binary.LittleEndian.Uint64(b[len(b)-8:])<<1
	} else {
		for _, c := range b {
			h = h<<8 | uint64(c)
		}
	}
	h = (h ^ uint64(len(b))) * 0x9E3779B97F4A7C15 >> 56
	d.slot = int(h)
	if s := d.names[h]; s == string(b) {
		return s
	}
	s := string(b)
	d.names[h] = s
	return s
}

var pool = sync.Pool{New: func() any { return new(decoder) }}

// maxPooled bounds the stack and scratch kept for the next call (elements
// of 16 bytes, bytes), so that one huge input does not keep its stack
// alive: a pooled decoder holds at most 64 KB + 4 KB of them, and 256
// names of at most maxName bytes; sync.Pool drops it after two collections.
const maxPooled = 1 << 12

func get(data []byte, useNumber bool) *decoder {
	d := pool.Get().(*decoder)
	d.data, d.i, d.depth, d.useNumber, d.status = data, 0, 0, useNumber, OK
	d.hints = [len(d.hints)]uint8{} // a hint is about this input only
	return d
}

func (d *decoder) put() {
	d.data, d.floats, d.chunk = nil, nil, 0
	clear(d.stack) // an abandoned decode leaves elements
	d.stack = d.stack[:0]
	if cap(d.stack) > maxPooled {
		d.stack = nil
	}
	if cap(d.buf) > maxPooled {
		d.buf = nil
	}
	pool.Put(d)
}

// at returns the byte at i, 0 past the end (0 is valid nowhere in JSON
// outside a string, where it is checked for apart).
func (d *decoder) at(i int) byte {
	if uint(i) < uint(len(d.data)) {
		return d.data[i]
	}
	return 0
}

func (d *decoder) skipSpace() { d.i = jsonwire.SkipSpace(d.data, d.i) }

// next skips whitespace and returns the byte after it, 0 at the end.
func (d *decoder) next() byte {
	if c := d.at(d.i); c > ' ' {
		return c
	}
	d.skipSpace()
	return d.at(d.i)
}

// fail marks the input invalid and returns nil.
func (d *decoder) fail() any {
	d.status = Invalid
	return nil
}

// literal consumes the literal of n bytes at d.i if ok (the literal is
// there), or marks the input invalid.
func (d *decoder) literal(ok bool, n int) {
	if ok {
		d.i += n
		return
	}
	d.status = Invalid
}

// value decodes the value at d.i (whitespace before it allowed).
func (d *decoder) value() any {
	switch c := d.next(); c {
	case '{':
		d.i++
		if d.depth++; d.depth > maxDepth {
			return d.fail()
		}
		m := d.object()
		d.depth--
		return m
	case '[':
		d.i++
		if d.depth++; d.depth > maxDepth {
			return d.fail()
		}
		a := d.array()
		d.depth--
		return a
	case '"':
		d.i++
		return d.str()
	case 't':
		d.literal(jsonwire.True(d.data, d.i), len("true"))
		return true
	case 'f':
		d.literal(jsonwire.False(d.data, d.i), len("false"))
		return false
	case 'n':
		d.literal(jsonwire.Null(d.data, d.i), len("null"))
		return nil
	default:
		if c == '-' || '0' <= c && c <= '9' {
			return d.number()
		}
		return d.fail()
	}
}

// object decodes the object whose '{' is before d.i. Its map is made for
// as many members as the last object whose first member name was the same
// (by the slot of the name in d.names), at most maxHint: objects of one
// shape in an array are made at their size, not grown. A hint is set when
// an object ends, to its number of members, and taken (set to 0) by the
// next object that starts with a name of its slot, in the same decode: so
// each object of the result inflates at most one other, to at most its
// own size, and every map made costs at most about twice what the maps
// of encoding/json's result cost (TestSizeHintMemory).
func (d *decoder) object() any {
	switch d.next() {
	case '}':
		d.i++
		return make(map[string]any)
	case '"':
	default:
		return d.fail()
	}
	d.i++
	k := d.key()
	slot := d.slot
	hint := 0
	if slot >= 0 {
		// Taken, so that no other object uses it: not the ones inside
		// this one, which are read before this one ends and sets it again.
		hint = int(d.hints[slot])
		d.hints[slot] = 0
		// A member takes at least 4 bytes ("":0, with a name given
		// before).
		hint = min(hint, (len(d.data)-d.i)/4)
	}
	m := make(map[string]any, hint)
	d.rest(m, k)
	if slot >= 0 {
		d.hints[slot] = uint8(min(len(m), maxHint))
	}
	return m
}

// maxHint is the largest size a map is made for ahead of its members.
const maxHint = 64

// members sets the members of the object whose '{' is before d.i into m.
func (d *decoder) members(m map[string]any) {
	switch d.next() {
	case '}':
		d.i++
		return
	case '"':
		d.i++
		d.rest(m, d.key())
	default:
		d.fail()
	}
}

// rest sets the members of an object into m, from the one named k whose
// name is before d.i.
func (d *decoder) rest(m map[string]any, k string) {
	for d.status == OK {
		if d.next() != ':' {
			d.fail()
			return
		}
		d.i++
		v := d.value()
		if d.status != OK {
			return
		}
		m[k] = v
		switch d.next() {
		case ',':
			d.i++
			if d.next() != '"' {
				d.fail()
				return
			}
			d.i++
			k = d.key()
		case '}':
			d.i++
			return
		default:
			d.fail()
			return
		}
	}
}

// array decodes the array whose '[' is before d.i.
func (d *decoder) array() any {
	if d.next() == ']' {
		d.i++
		return emptyArray
	}
	start := len(d.stack)
	for {
		v := d.value()
		if d.status != OK {
			return nil
		}
		d.stack = append(d.stack, v)
		c := d.next()
		d.i++
		if c == ']' {
			break
		}
		if c != ',' {
			return d.fail()
		}
	}
	a := make([]any, len(d.stack)-start)
	copy(a, d.stack[start:])
	clear(d.stack[start:])
	d.stack = d.stack[:start]
	return a
}

// emptyArray is []any{} in an any, made once: a value in an interface
// cannot be changed through it, and an empty slice shares no elements, so
// one serves every [] (encoding/json allocates one each).
var emptyArray any = []any{}

// smallInts are the float64s 0 to 255 in an any, made once, for the same
// reason (encoding/json allocates each but 0).
var smallInts = func() (t [256]any) {
	for i := range t {
		t[i] = float64(i)
	}
	return t
}()

// number decodes the number at d.i, whose first byte is '-' or a digit:
// its end and its grammar are jsonwire.SkipNumber's, and its value is
// read here from the digits known well formed.
func (d *decoder) number() any {
	start := d.i
	b := d.data
	end, ok := jsonwire.SkipNumber(b, start)
	if !ok {
		return d.fail()
	}
	d.i = end
	s := b[start:end]
	if d.useNumber {
		return json.Number(s)
	}
	i := 0
	neg := s[0] == '-'
	if neg {
		i++
	}
	// The mantissa's significant digits, exact while there are at most
	// 19, and the power of ten it is to be multiplied by.
	var mant uint64
	digits, exp := 0, 0
	if s[i] == '0' {
		i++
	} else {
		f := i
		i, mant = digitsValue(b, start, i, mant)
		digits = i - f
	}
	if i < len(s) && s[i] == '.' {
		i++
		at := i
		if mant == 0 {
			for ; i < len(s) && s[i] == '0'; i++ {
			}
			exp = at - i
		}
		f := i
		i, mant = digitsValue(b, start, i, mant)
		digits += i - f
		exp -= i - f
	}
	if i < len(s) { // 'e' or 'E'
		i++
		eneg := s[i] == '-'
		if s[i] == '+' || eneg {
			i++
		}
		e := 0
		for ; i < len(s); i++ {
			// strconv's reading: the exponent stops growing once it is
			// 10000 or more, whatever the digits after, so that a long
			// run of fraction zeros is weighed as it weighs it.
			if e < maxExp {
				e = e*10 + int(s[i]-'0')
			}
		}
		if eneg {
			e = -e
		}
		exp += e
	}
	switch {
	case exp == 0 && digits <= 3 && mant < uint64(len(smallInts)) && (!neg || mant != 0):
		if neg {
			return d.box(-float64(mant))
		}
		return smallInts[mant]
	case digits <= 15 && -len(pow10) < exp && exp < len(pow10):
		// Clinger's fast path: a mantissa below 2^53 and a power of ten
		// that float64 holds exactly give the correctly rounded value in
		// one operation.
		f := float64(mant)
		if exp < 0 {
			f /= pow10[-exp]
		} else {
			f *= pow10[exp]
		}
		if neg {
			f = -f
		}
		return d.box(f)
	case digits <= 19:
		if f, ok := eiselLemire(mant, exp, neg); ok {
			return d.box(f)
		}
	}
	f, err := strconv.ParseFloat(unsafe.String(unsafe.SliceData(s), len(s)), 64)
	if err != nil {
		// encoding/json decodes the input for its verdict: nothing more
		// is built here.
		d.status = StdFails
		return nil
	}
	return d.box(f)
}

// digitsValue reads the run of digits at b[start+i:] into mant (mant*10 +
// each digit, wrapping past 19 digits, where the caller counts and goes to
// strconv), eight at a time; it returns the index in the number after the
// run, and mant.
func digitsValue(b []byte, start, i int, mant uint64) (int, uint64) {
	for len(b)-(start+i) >= 8 {
		w := binary.LittleEndian.Uint64(b[start+i:])
		if m := jsonwire.NonDigits(w); m != 0 {
			// The k digits before the first other byte, moved to the
			// top of the word: the zero bytes below count as digits 0.
			if k := bits.TrailingZeros64(m) / 8; k > 0 {
				mant = mant*uintPow10[k] + eightDigits(w<<(64-8*k))
				i += k
			}
			return i, mant
		}
		mant = mant*100000000 + eightDigits(w)
		i += 8
	}
	for ; start+i < len(b) && jsonwire.IsDigit(b[start+i]); i++ {
		mant = mant*10 + uint64(b[start+i]-'0')
	}
	return i, mant
}

// uintPow10 are the powers of ten up to 10^8.
var uintPow10 = [...]uint64{1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000}

// box returns f in an any whose value lives in a chunk of float64s shared
// with the numbers decoded next (4, then 8, 16 and 32 to a chunk): one
// allocation for many, as a string of the same length would cost; a number
// kept from the result keeps its chunk alive, at most 256 bytes, and no
// pointer (the runtime's tiny allocator already packs two boxed float64s
// in 16 bytes).
func (d *decoder) box(f float64) any {
	if len(d.floats) == 0 {
		d.chunk = min(max(2*d.chunk, 4), 32)
		d.floats = make([]float64, d.chunk)
	}
	p := &d.floats[0]
	*p = f
	d.floats = d.floats[1:]
	var v any
	e := (*eface)(unsafe.Pointer(&v))
	e.typ, e.data = float64Type, unsafe.Pointer(p)
	return v
}

// eface is the layout of an any: its dynamic type and a pointer to its
// value.
type eface struct {
	typ, data unsafe.Pointer
}

// float64Type is the type word of a float64 in an any.
var float64Type = func() unsafe.Pointer {
	var v any = 0.5
	return (*eface)(unsafe.Pointer(&v)).typ
}()

// maxExp is where strconv.ParseFloat stops reading an exponent's digits
// (readFloat, and decimal.set for the inputs it hands on): digits after it
// are read but not added, so 1e100000 and 1e10000 are the same power to it.
const maxExp = 10000

// pow10 are the powers of ten float64 holds exactly.
var pow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// str decodes the string whose opening quote is before d.i, up to and past
// its closing quote.
func (d *decoder) str() string { return d.text(false) }

// key is str for an object's member name: a short name without escapes is
// looked up in the decoder's table of names first, so that the names of
// many objects of one shape are one string each.
func (d *decoder) key() string { return d.text(true) }

// text is str, and key if key.
func (d *decoder) text(key bool) string {
	d.slot = -1
	b := d.data
	start := d.i
	i := jsonwire.SkipVerbatim(b, start)
	switch d.at(i) {
	case '"':
		d.i = i + 1
		if key && i-start <= maxName {
			return d.name(b[start:i])
		}
		return string(b[start:i])
	case '\\':
		return d.slowStr(start, i)
	}
	if i < len(b) && b[i] >= utf8.RuneSelf { // invalid UTF-8
		return d.slowStr(start, i)
	}
	d.status = Invalid // the end, or a control character
	return ""
}

// slowStr decodes the string from start, whose bytes before i are plain,
// with its escapes and its invalid UTF-8 replaced (jsonwire.AppendUnquote).
func (d *decoder) slowStr(start, i int) string {
	out := append(d.buf[:0], d.data[start:i]...)
	out, end, ok := jsonwire.AppendUnquote(out, d.data, i)
	d.buf = out
	if !ok {
		d.status = Invalid
		return ""
	}
	d.i = end
	return string(out)
}
