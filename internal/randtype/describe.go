package randtype

import (
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
	"unsafe"
)

// Stats counts what a value holds, for tests of the generator and for harnesses
// that need to know, e.g., whether a user error may come before a substitute.
type Stats struct {
	// Cycles counts references back to an ancestor on the current path.
	Cycles int
	// TokenlessCycles counts the cycles among them that pass through
	// pointers and interfaces only (type P *P; p = &p, or var x any; x = &x),
	// so that encoding them writes no JSON token: json/v2 never finds them
	// and overflows the stack (see CrashesStd).
	TokenlessCycles int
	// Shared counts references reached a second time, not on the current path.
	Shared int
	// NaNs and Infs count float values (including complex parts).
	NaNs, Infs int
	// Unsupported counts values of kinds encoding/json rejects: chan, func,
	// complex, unsafe.Pointer, nil or not, wherever they are.
	Unsupported int
	// BadKeys counts maps whose key type encoding/json rejects.
	BadKeys int
	// Methods counts values of a type with MarshalJSON, MarshalText or IsZero.
	Methods int
	// Failing counts values whose MarshalJSON or MarshalText fails or writes
	// invalid JSON (including time.Time out of range and invalid RawMessage).
	Failing int
	// BadNumbers counts json.Number values that are not valid JSON numbers.
	BadNumbers int
	// InvalidUTF8 counts strings and byte strings that are not valid UTF-8.
	InvalidUTF8 int
	// Values counts every value visited.
	Values int
}

// descLimit bounds the length of a description.
const descLimit = 6000

// refKey identifies a reference: a struct and its first field share an
// address, and slices of one array differ by length.
type refKey struct {
	t reflect.Type
	p unsafe.Pointer
	n int
}

// describer renders a value as Go-like text, marking cycles and shared
// references instead of following them, and counts what it sees.
type describer struct {
	b     strings.Builder
	stats Stats
	// path holds the references on the current path, each with 1 + the
	// number of objects and arrays (tokens) open when it was entered.
	path   map[refKey]int
	tokens int // objects and arrays open on the current path
	ids    map[refKey]int
	label  string // before reference numbers: "k" in map keys
}

// Describe renders v as Go-like text: a cycle shows as <cycle #N> and a
// reference seen before as <shared #N>, where #N= labels the reference where it
// is first written. Floats are written exactly (NaN, -0, +Inf), strings quoted
// with Go escapes. The text is cut after a few kilobytes.
func Describe(v any) string {
	d := newDescriber()
	d.value(addressable(v))
	return d.text()
}

// Count returns the Stats of v.
func Count(v any) Stats {
	d := newDescriber()
	d.value(addressable(v))
	return d.stats
}

// addressable returns a copy of v that is addressable, so that its unexported
// fields and what they reach can be read.
func addressable(v any) reflect.Value {
	if v == nil {
		return reflect.Value{}
	}
	c := reflect.New(reflect.TypeOf(v)).Elem()
	c.Set(reflect.ValueOf(v))
	return c
}

func newDescriber() *describer {
	return &describer{path: map[refKey]int{}, ids: map[refKey]int{}}
}

func (d *describer) text() string {
	s := d.b.String()
	if len(s) > descLimit {
		s = s[:descLimit] + "…(cut)"
	}
	return s
}

func (d *describer) write(s ...string) {
	if d.b.Len() > descLimit {
		return
	}
	for _, x := range s {
		d.b.WriteString(x)
	}
}

// exported returns v usable with Interface, when it can be.
func exported(v reflect.Value) (reflect.Value, bool) {
	if v.CanInterface() {
		return v, true
	}
	if v.CanAddr() {
		return reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Elem(), true
	}
	return v, false
}

// known describes the well-known and named types, counting their methods and
// failures, and reports whether v was one of them.
func (d *describer) known(v reflect.Value) bool {
	ev, ok := exported(v)
	if !ok {
		return false
	}
	switch x := ev.Interface().(type) {
	case time.Time:
		d.stats.Methods++
		if y := x.Year(); y < 0 || y > 9999 {
			d.stats.Failing++
		}
		d.write("time.Date(", x.Format(time.RFC3339Nano), ")")
		return true
	case big.Int:
		d.write("big.Int(", x.String(), ")")
		return true
	case json.Number:
		if x != "" && !validNumber(string(x)) {
			d.stats.BadNumbers++
		}
		d.write("json.Number(", strconv.Quote(string(x)), ")")
		return true
	case json.RawMessage:
		d.stats.Methods++
		if x != nil && !json.Valid(x) {
			d.stats.Failing++
		}
		if x == nil {
			d.write("json.RawMessage(nil)")
		} else {
			d.write("json.RawMessage(", strconv.Quote(string(x)), ")")
		}
		return true
	case JSONFail:
		d.stats.Methods++
		if x.Fails() {
			d.stats.Failing++
		}
	case JSONPtrFail:
		d.stats.Methods++
		if x.N < 0 {
			d.stats.Failing++
		}
	case TextFail:
		d.stats.Methods++
		if x < 0 {
			d.stats.Failing++
		}
	case JSONValue, JSONPtr, TextValue, TextPtr, TextString, Both, ZeroValue, ZeroPtr, TextByte:
		d.stats.Methods++
	}
	return false
}

func (d *describer) value(v reflect.Value) {
	if !v.IsValid() {
		d.write("nil")
		return
	}
	d.stats.Values++
	if !v.CanInterface() && v.CanAddr() {
		// An unexported field: read it as an exported one, so that what is
		// reached from it can be read with Interface too.
		v = reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Elem()
	}
	if d.known(v) {
		return
	}
	t := v.Type()
	if t.PkgPath() != "" && t.Kind() != reflect.Struct && t.Kind() != reflect.Interface {
		d.write(t.String(), "(")
		defer d.write(")")
	}
	switch t.Kind() {
	case reflect.Bool:
		d.write(strconv.FormatBool(v.Bool()))
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		d.write(strconv.FormatInt(v.Int(), 10))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		d.write(strconv.FormatUint(v.Uint(), 10))
	case reflect.Float32, reflect.Float64:
		d.float(v.Float(), t.Bits())
	case reflect.Complex64, reflect.Complex128:
		d.stats.Unsupported++
		c := v.Complex()
		d.write("complex(")
		d.float(real(c), t.Bits()/2)
		d.write(", ")
		d.float(imag(c), t.Bits()/2)
		d.write(")")
	case reflect.String:
		if !utf8.ValidString(v.String()) {
			d.stats.InvalidUTF8++
		}
		d.write(strconv.Quote(v.String()))
	case reflect.Chan, reflect.Func, reflect.UnsafePointer:
		d.stats.Unsupported++
		if v.IsNil() {
			d.write(t.String(), "(nil)")
		} else {
			d.write(t.String(), "(non-nil)")
		}
	case reflect.Interface:
		if v.IsNil() {
			d.write("nil")
			return
		}
		d.write("(", v.Elem().Type().String(), ")")
		d.value(v.Elem())
	case reflect.Pointer:
		if v.IsNil() {
			d.write("nil")
			return
		}
		d.ref(refKey{t, v.UnsafePointer(), 0}, "&", func() { d.value(v.Elem()) })
	case reflect.Map:
		if !keyAccepted(t.Key()) {
			d.stats.BadKeys++
		}
		if v.IsNil() {
			d.write("map(nil)")
			return
		}
		d.ref(refKey{t, v.UnsafePointer(), 0}, "map", func() { d.tokens++; d.mapEntries(v); d.tokens-- })
	case reflect.Slice:
		if v.IsNil() {
			d.write("nil")
			return
		}
		if t.Elem().Kind() == reflect.Uint8 && t.Elem().NumMethod() == 0 {
			b := v.Bytes()
			if !utf8.Valid(b) {
				d.stats.InvalidUTF8++
			}
			d.write("bytes(", strconv.Quote(string(b)), ")")
			return
		}
		d.ref(refKey{t, v.UnsafePointer(), v.Len()}, "", func() { d.tokens++; d.elems(v); d.tokens-- })
	case reflect.Array:
		d.tokens++
		d.elems(v)
		d.tokens--
	case reflect.Struct:
		d.tokens++
		defer func() { d.tokens-- }()
		d.write("{")
		for i := range v.NumField() {
			if i > 0 {
				d.write(", ")
			}
			d.write(t.Field(i).Name, ": ")
			d.value(v.Field(i))
		}
		d.write("}")
	}
}

// ref writes a reference: a cycle if it is on the current path, shared if it
// was written before, else labelled and followed.
func (d *describer) ref(k refKey, prefix string, follow func()) {
	if entered := d.path[k]; entered > 0 {
		d.stats.Cycles++
		if entered == d.tokens+1 {
			d.stats.TokenlessCycles++
		}
		d.write("<cycle #", d.label, strconv.Itoa(d.ids[k]), ">")
		return
	}
	if id, ok := d.ids[k]; ok {
		d.stats.Shared++
		d.write("<shared #", d.label, strconv.Itoa(id), ">")
		return
	}
	id := len(d.ids) + 1
	d.ids[k] = id
	d.path[k] = d.tokens + 1
	d.write("#", d.label, strconv.Itoa(id), "=", prefix)
	follow()
	delete(d.path, k)
}

func (d *describer) elems(v reflect.Value) {
	d.write("[")
	for i := range v.Len() {
		if i > 0 {
			d.write(", ")
		}
		d.value(v.Index(i))
	}
	d.write("]")
}

// mapEntries writes the entries in the order of their key text, so that the
// description does not depend on map order.
func (d *describer) mapEntries(v reflect.Value) {
	type entry struct {
		text string
		k, v reflect.Value
	}
	var es []entry
	for it := v.MapRange(); it.Next(); {
		kd := newDescriber()
		kd.label = "k"
		kd.value(it.Key())
		d.stats.add(kd.stats)
		es = append(es, entry{kd.b.String(), it.Key(), it.Value()})
	}
	slices.SortFunc(es, func(a, b entry) int { return strings.Compare(a.text, b.text) })
	d.write("[")
	for i, e := range es {
		if i > 0 {
			d.write(", ")
		}
		d.write(e.text, ": ")
		d.value(e.v)
	}
	d.write("]")
}

// add adds the counts of o to s.
func (s *Stats) add(o Stats) {
	s.Cycles += o.Cycles
	s.TokenlessCycles += o.TokenlessCycles
	s.Shared += o.Shared
	s.NaNs += o.NaNs
	s.Infs += o.Infs
	s.Unsupported += o.Unsupported
	s.BadKeys += o.BadKeys
	s.Methods += o.Methods
	s.Failing += o.Failing
	s.BadNumbers += o.BadNumbers
	s.InvalidUTF8 += o.InvalidUTF8
	s.Values += o.Values
}

// validNumber reports whether s is a JSON number, the check encoding/json
// makes on a json.Number.
func validNumber(s string) bool {
	i := 0
	digits := func() int {
		n := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
			n++
		}
		return n
	}
	if i < len(s) && s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case digits() == 0:
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(s)
}

func (d *describer) float(f float64, bits int) {
	switch {
	case math.IsNaN(f):
		d.stats.NaNs++
	case math.IsInf(f, 0):
		d.stats.Infs++
	}
	d.write(strconv.FormatFloat(f, 'g', -1, bits))
}

// keyAccepted reports whether encoding/json accepts maps with key type t.
func keyAccepted(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.String,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return true
	}
	return t.Implements(reflect.TypeFor[interface{ MarshalText() ([]byte, error) }]())
}

// String renders the stats on one line.
func (s Stats) String() string {
	return fmt.Sprintf("values=%d cycles=%d tokenless=%d shared=%d nan=%d inf=%d unsupported=%d badkeys=%d methods=%d failing=%d badnumbers=%d invalidutf8=%d",
		s.Values, s.Cycles, s.TokenlessCycles, s.Shared, s.NaNs, s.Infs, s.Unsupported, s.BadKeys, s.Methods, s.Failing, s.BadNumbers, s.InvalidUTF8)
}
