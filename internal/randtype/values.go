package randtype

import (
	"encoding/json"
	"math"
	"math/big"
	"reflect"
	"time"
	"unsafe"
)

var (
	ints = []int64{
		0, 0, 1, -1, 7, 11, 12, 42, -42, 255, 1<<31 - 1, -1 << 31,
		1<<53 + 1, math.MaxInt64, math.MinInt64,
	}
	uints = []uint64{0, 0, 1, 7, 11, 12, 255, 1<<32 - 1, 1<<53 + 1, math.MaxUint64}

	floats64 = []float64{
		0, 1, -1.5, 0.1, 1e20, 1e21, -1e21, 1e-6, 1e-7, 123456789.125, 5e-324,
		math.MaxFloat64, -math.MaxFloat64, math.SmallestNonzeroFloat64, 1 << 53, 3.14159,
	}
	floats32 = []float32{
		0, 1, -1.5, 0.1, 1e20, 1e21, -1e21, 1e-6, 1e-7, 16777217, 3.14159,
		math.MaxFloat32, -math.MaxFloat32, math.SmallestNonzeroFloat32,
	}

	strs = []string{
		"", "", "hello", "<script>&amp;</script>", "\u2028\u2029", "a\x00b\x1f\x7f",
		"\xff\xfe", "tail\xc3", "\"quoted\\", "é日本🎉", "\ufffd", "\t\n\r", "ptr-x",
		"\xed\xa0\x80", "1", "null", " ", "a/b",
	}

	numbers = []json.Number{"", "0", "-12", "1.5e+300", "1e400", "-0.0", "abc", "01", "1.", " 1", "0x10"}

	rawMessages = []json.RawMessage{
		nil, json.RawMessage("null"), json.RawMessage(`{ "a" : [1, 2 ] , "b":"<&>" }`),
		json.RawMessage("\"\u2028\xff\""), json.RawMessage(" 12 "), json.RawMessage("{"),
		json.RawMessage{}, json.RawMessage("123abc"), json.RawMessage(`[true,false,null]`),
	}

	zones = []*time.Location{time.UTC, time.FixedZone("X", 5*3600+1800), time.FixedZone("", -7*3600)}
)

// fill sets v, a settable value of any type, to a random value. depth is the
// nesting of v in the whole value.
func (g *generator) fill(v reflect.Value, depth int) {
	if !v.CanSet() {
		// An unexported field of an addressable struct.
		v = reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Elem()
	}
	if g.fillKnown(v) {
		return
	}
	t := v.Type()
	switch t.Kind() {
	case reflect.Bool:
		v.SetBool(g.src.chance(50))
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(g.int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		v.SetUint(g.uint())
	case reflect.Float32:
		v.SetFloat(float64(g.float32()))
	case reflect.Float64:
		v.SetFloat(g.float64())
	case reflect.Complex64, reflect.Complex128:
		v.SetComplex(complex(g.float64(), g.float64()))
	case reflect.String:
		v.SetString(g.string())
	case reflect.Chan:
		if g.src.chance(50) {
			v.Set(reflect.MakeChan(t, 0))
		}
	case reflect.Func:
		if g.src.chance(50) {
			v.Set(reflect.MakeFunc(t, func([]reflect.Value) []reflect.Value { return nil }))
		}
	case reflect.UnsafePointer:
		if g.src.chance(50) {
			v.SetPointer(unsafe.Pointer(new(int)))
		}
	case reflect.Interface:
		g.fillInterface(v, depth)
	case reflect.Pointer:
		g.fillPointer(v, depth)
	case reflect.Map:
		g.fillMap(v, depth)
	case reflect.Slice:
		g.fillSlice(v, depth)
	case reflect.Array:
		for i := range v.Len() {
			g.fill(v.Index(i), depth+1)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			g.fill(v.Field(i), depth+1)
		}
	}
}

// fillKnown sets the values of the well-known types whose encoding is not that
// of their kind, and reports whether v was one.
func (g *generator) fillKnown(v reflect.Value) bool {
	switch p := v.Addr().Interface().(type) {
	case *time.Time:
		*p = g.time()
	case *json.Number:
		*p = pick(g.src, numbers)
	case *json.RawMessage:
		*p = pick(g.src, rawMessages)
	case *big.Int:
		p.Set(g.bigInt())
	case **big.Int:
		if g.src.chance(75) {
			*p = g.bigInt()
		}
	case *JSONFail:
		*p = pick(g.src, []JSONFail{0, 3, 20, 11, 12, -1})
	case *JSONPtrFail:
		*p = JSONPtrFail{N: pick(g.src, []int{0, 5, 9, -1})}
	case *TextFail:
		*p = pick(g.src, []TextFail{0, 3, 20, 8, -1})
	default:
		return false
	}
	return true
}

func (g *generator) int() int64 {
	if g.src.chance(20) {
		return int64(g.src.uint64())
	}
	return pick(g.src, ints)
}

func (g *generator) uint() uint64 {
	if g.src.chance(20) {
		return g.src.uint64()
	}
	return pick(g.src, uints)
}

func (g *generator) float64() float64 {
	switch n := g.src.intn(100); {
	case n < 12 && !g.cfg.NoNaN:
		return pick(g.src, []float64{math.NaN(), math.Inf(1), math.Inf(-1)})
	case n < 20:
		return math.Copysign(0, -1)
	case n < 30:
		f := math.Float64frombits(g.src.uint64())
		if g.cfg.NoNaN && (math.IsNaN(f) || math.IsInf(f, 0)) {
			return 0
		}
		return f
	}
	return pick(g.src, floats64)
}

func (g *generator) float32() float32 {
	switch n := g.src.intn(100); {
	case n < 12 && !g.cfg.NoNaN:
		return pick(g.src, []float32{float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1))})
	case n < 20:
		return float32(math.Copysign(0, -1))
	case n < 30:
		f := math.Float32frombits(uint32(g.src.uint64()))
		if g.cfg.NoNaN && (f != f || math.IsInf(float64(f), 0)) {
			return 0
		}
		return f
	}
	return pick(g.src, floats32)
}

func (g *generator) string() string {
	if g.src.chance(8) {
		// A long string, so that escaping crosses any chunk an encoder
		// processes at once.
		var b []byte
		for range 2 + g.src.intn(12) {
			b = append(b, pick(g.src, strs)...)
			b = append(b, "abcdefghijklmnopqrstuvwxyz"[:g.src.intn(27)]...)
		}
		return string(b)
	}
	if g.src.chance(25) {
		b := make([]byte, g.src.intn(8))
		for i := range b {
			b[i] = g.src.byte()
		}
		return string(b)
	}
	return pick(g.src, strs)
}

func (g *generator) time() time.Time {
	switch g.src.intn(8) {
	case 0:
		return time.Time{}
	case 1:
		// Outside [0, 9999]: Time.MarshalJSON and MarshalText fail.
		return time.Date(pick(g.src, []int{10000, -1}), 1, 2, 3, 4, 5, 0, time.UTC)
	}
	return time.Date(1900+g.src.intn(200), time.Month(1+g.src.intn(12)), 1+g.src.intn(28),
		g.src.intn(24), g.src.intn(60), g.src.intn(60), pick(g.src, []int{0, 1, 123456789, 500000000}),
		pick(g.src, zones))
}

func (g *generator) bigInt() *big.Int {
	x := new(big.Int)
	switch g.src.intn(4) {
	case 0:
	case 1:
		x.SetInt64(g.int())
	default:
		x.SetString(pick(g.src, []string{"-123456789012345678901234567890", "18446744073709551616"}), 10)
	}
	return x
}

// fillInterface sets v, of an interface type, to nil, an ancestor (a cycle), a
// shared reference, or a fresh value of a type implementing the interface.
func (g *generator) fillInterface(v reflect.Value, depth int) {
	t := v.Type()
	if g.src.chance(15) {
		return // nil
	}
	if g.reuse(v, depth) || depth >= g.cfg.MaxDepth {
		return
	}
	var dyn reflect.Type
	if t.NumMethod() == 0 {
		dyn = g.genType(depth)
	} else {
		var impl []reflect.Type
		for _, c := range append(append([]reflect.Type{}, namedTypes...), interfaceDynamic...) {
			if c.Implements(t) {
				impl = append(impl, c)
			}
		}
		dyn = pick(g.src, impl)
	}
	x := reflect.New(dyn).Elem()
	g.fill(x, depth)
	v.Set(x)
}

// interfaceDynamic are extra dynamic types for the interfaces with methods.
var interfaceDynamic = []reflect.Type{reflect.TypeFor[*TextValue](), reflect.TypeFor[*TextFail](), reflect.TypeFor[*Both]()}

// reuse sets v, with some probability, to an ancestor of an assignable type (a
// cycle) or to an earlier finished reference (a shared one), and reports whether
// it did.
func (g *generator) reuse(v reflect.Value, depth int) bool {
	t := v.Type()
	if !g.cfg.NoCycles && g.src.chance(g.cycleChance(depth)) {
		if a, ok := pickAssignable(g.src, g.ancestors, t); ok {
			v.Set(a)
			return true
		}
	}
	if g.src.chance(10) {
		if a, ok := pickAssignable(g.src, g.finished, t); ok {
			v.Set(a)
			return true
		}
	}
	return false
}

// cycleChance is the percent chance of closing a cycle at this depth: a cycle
// is one in a few values, not in every reference.
func (g *generator) cycleChance(depth int) int {
	return 8 + 4*depth
}

func pickAssignable(s *source, refs []reflect.Value, t reflect.Type) (reflect.Value, bool) {
	var ok []reflect.Value
	for _, r := range refs {
		if r.Type().AssignableTo(t) {
			ok = append(ok, r)
		}
	}
	if len(ok) == 0 {
		return reflect.Value{}, false
	}
	return pick(s, ok), true
}

// enter and leave keep the stack of references on the current path.
func (g *generator) enter(r reflect.Value) { g.ancestors = append(g.ancestors, r) }

func (g *generator) leave(r reflect.Value) {
	g.ancestors = g.ancestors[:len(g.ancestors)-1]
	g.finished = append(g.finished, r)
}

func (g *generator) fillPointer(v reflect.Value, depth int) {
	if g.src.chance(20) || depth >= g.cfg.MaxDepth {
		if depth < g.cfg.MaxDepth+2 && g.reuse(v, depth) {
			return
		}
		return // nil
	}
	if g.reuse(v, depth) {
		return
	}
	p := reflect.New(v.Type().Elem())
	g.enter(p)
	g.fill(p.Elem(), depth+1)
	g.leave(p)
	v.Set(p)
}

func (g *generator) fillMap(v reflect.Value, depth int) {
	if g.src.chance(10) {
		return // nil
	}
	if g.reuse(v, depth) {
		return
	}
	t := v.Type()
	m := reflect.MakeMap(t)
	v.Set(m)
	if depth >= g.cfg.MaxDepth {
		return // empty
	}
	g.enter(m)
	seen := map[string]bool{}
	for range g.src.intn(g.cfg.MaxBreadth + 1) {
		k, text := g.key(t.Key())
		if seen[text] {
			continue
		}
		seen[text] = true
		e := reflect.New(t.Elem()).Elem()
		g.fill(e, depth+1)
		m.SetMapIndex(k, e)
	}
	g.leave(m)
}

func (g *generator) fillSlice(v reflect.Value, depth int) {
	t := v.Type()
	if t.Elem().Kind() == reflect.Uint8 && t.Elem().NumMethod() == 0 {
		// A byte slice: base64.
		if g.src.chance(80) {
			b := reflect.MakeSlice(t, g.src.intn(7), g.src.intn(7)+7)
			for i := range b.Len() {
				b.Index(i).SetUint(uint64(g.src.byte()))
			}
			v.Set(b)
		}
		return
	}
	if g.src.chance(10) {
		return // nil
	}
	if g.reuse(v, depth) {
		return
	}
	n := g.src.intn(g.cfg.MaxBreadth + 1)
	if depth >= g.cfg.MaxDepth {
		n = 0
	}
	s := reflect.MakeSlice(t, n, n)
	v.Set(s)
	g.enter(s)
	for i := range n {
		g.fill(s.Index(i), depth+1)
	}
	g.leave(s)
}
