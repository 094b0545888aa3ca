package plan

import (
	"encoding"
	"encoding/json"
	"math/big"
	"reflect"
	"strings"
	"sync"
	"time"
)

// The planner decides, once per reflect.Type, how values of that type are
// encoded: straight through the engine, through the engine after a pre-scan of
// the value, or straight through the reference encoder. The decision rests on
// what the type graph can hold (features, below) and on which of those features
// the engine is known to get wrong (engine.Quirks, see quirks.go).
//
// Every path writes the same bytes: the reference encoder is always correct,
// so routing a value to it is a question of speed only. The engine is used only
// where it is known to agree with the reference encoder.

// features is what values of a type may hold, over everything reachable from
// the type that encoding/json would write.
type features uint32

const (
	// featRecursive: the type graph has a cycle through a pointer, map or slice,
	// so a value can be its own ancestor, or nest without bound.
	featRecursive features = 1 << iota
	// featDynamic: an interface, whose concrete type is known only per value.
	featDynamic
	// featUnsupported: a chan, func, complex or unsafe.Pointer that encoding/json
	// would try to write (so it fails): the engine would reject the value.
	featUnsupported
	// featBadMapKey: a map whose key type encoding/json cannot write.
	featBadMapKey
	// featFloat: a float32 or float64, which can be NaN or ±Inf.
	featFloat
	// featMarshaler: a json.Marshaler other than the standard library's own
	// (time.Time, big.Int …), whose output the engine validates and compacts.
	featMarshaler
	// featRawMessage: a json.RawMessage.
	featRawMessage
	// featTextMarshaler: an encoding.TextMarshaler used as a value or map key.
	featTextMarshaler
	// featStringOpt: a field with the ",string" option.
	featStringOpt
	// featStringOptString: a string-kinded field with the ",string" option.
	featStringOptString
	// featNumber: a json.Number, which encoding/json validates.
	featNumber
	// featByteArray: an array of bytes or a named byte slice.
	featByteArray
	// featMap: a map (keys are sorted; engines differ on key edge cases).
	featMap
	// featOmitZero: a field with the ",omitzero" option.
	featOmitZero
	// featEmbedded: an embedded struct field (promotion and conflict rules).
	featEmbedded
	// featPtrMarshaler: a Marshaler or TextMarshaler with a pointer receiver,
	// called by encoding/json only when the value is addressable.
	featPtrMarshaler
	// featFloat32: a float32 (set with featFloat).
	featFloat32
	// featFloatOmitEmpty: a float field with the ",omitempty" option (-0 is
	// empty to encoding/json).
	featFloatOmitEmpty
	// featPtrToInterface: a pointer to an interface type (*json.Marshaler …).
	featPtrToInterface
	// featDeepTypeNest: more than maxTypeNest slice, array, map or pointer
	// types nested directly in one another; some engines compile such types
	// in time and memory exponential in the nesting.
	featDeepTypeNest
	// featOddTagName: a struct field whose json tag name holds a character
	// other than an ASCII letter, a digit, '_' or '-'. It is a superset of
	// the names the flavours of encoding/json treat differently (the classic
	// one drops a name with a quote, a backslash or a character that is
	// neither a letter, a digit nor common ASCII punctuation, for the field
	// name; json/v2 cuts it at a quote or backslash and takes the rest), kept
	// simple so that neither rule is written a second time here.
	featOddTagName
	// featHiddenMethods: an unexported embedded struct field (or pointer to
	// one) whose type has MarshalJSON or MarshalText. The classic
	// encoding/json panics calling the method through the unexported field,
	// encoding/json on json/v2 leaves the field out (flavor.DropsUnexportedEmbedded),
	// and the engines call the method: only the reference encoder writes it
	// as the toolchain's rule says.
	featHiddenMethods
)

// dynamicRoot reports whether t is an interface, or slices, arrays, maps and
// pointers around one (any, []any, map[string]any, *[]map[string]any …): the
// shape of decoded JSON, where everything but the scalars is dynamic.
func dynamicRoot(t reflect.Type) bool {
	for range 64 { // bounded: type T []T is its own element
		switch t.Kind() {
		case reflect.Interface:
			return true
		case reflect.Slice, reflect.Array, reflect.Map, reflect.Pointer:
			if isLeaf(t) || isByteSlice(t) {
				return false
			}
			t = t.Elem()
		default:
			return false
		}
	}
	return false
}

// maxTypeNest is the most container types nested directly in one another
// (map[string][]*[]int is 4) before featDeepTypeNest.
const maxTypeNest = 6

// MaxTypeNest is maxTypeNest, for the decode planner.
const MaxTypeNest = maxTypeNest

// TypeNest is typeNest, for the decode planner.
func TypeNest(t reflect.Type) int { return typeNest(t) }

// typeInfo is the planner's cached knowledge of one type.
type typeInfo struct {
	feat features
	// dynamic is dynamicRoot of the type: values go to the reference encoder,
	// which writes the shapes of decoded JSON faster than the engines do and
	// needs no pre-scan for cycles.
	dynamic bool
	// depth is the most JSON nesting (objects and arrays) a value of the type
	// can have, for a type that is neither recursive nor dynamic.
	depth int
	// scan says how pre-scan walks a value of this type; nil when a value
	// holds nothing pre-scan needs to see (no reference that can lead back to
	// an ancestor, no interface).
	scan *scanPlan
}

var (
	jsonMarshalerType = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
	rawMessageType    = reflect.TypeFor[json.RawMessage]()
	numberType        = reflect.TypeFor[json.Number]()
)

// stdMarshalers are Marshalers of the standard library whose output is always
// compact ASCII JSON: no engine rewrites it.
var stdMarshalers = map[reflect.Type]bool{
	reflect.TypeFor[time.Time]():  true,
	reflect.TypeFor[*time.Time](): true,
	reflect.TypeFor[big.Int]():    true,
	reflect.TypeFor[*big.Int]():   true,
	reflect.TypeFor[big.Float]():  true,
	reflect.TypeFor[*big.Float](): true,
}

var typeInfos sync.Map // reflect.Type → *typeInfo

// infoOf returns the planner's knowledge of t, computing it on first use.
func infoOf(t reflect.Type) *typeInfo {
	if ti, ok := typeInfos.Load(t); ok {
		return ti.(*typeInfo)
	}
	a := analyzer{nodes: map[reflect.Type]*node{}}
	a.visit(t)
	a.finish()
	// Publish only now, complete: a goroutine that loads one of these infos
	// finds its scan plan built. Two goroutines analysing the same types at
	// once publish equivalent infos; the first stored wins.
	for _, m := range a.order {
		typeInfos.LoadOrStore(m.t, m.info)
	}
	ti, _ := typeInfos.Load(t)
	return ti.(*typeInfo)
}

// node is one type during analysis (Tarjan's strongly connected components:
// every type of a component shares its features, and a component with an edge
// to itself is recursive).
type node struct {
	t             reflect.Type
	index, low    int
	onStack       bool
	local         features
	edges         []*node
	info          *typeInfo
	selfRecursive bool
}

type analyzer struct {
	nodes   map[reflect.Type]*node
	stack   []*node
	counter int
	order   []*node // nodes in the order their component was closed
}

// visit runs Tarjan's algorithm from t and returns its node.
func (a *analyzer) visit(t reflect.Type) *node {
	if n, ok := a.nodes[t]; ok {
		return n
	}
	n := &node{t: t, index: a.counter, low: a.counter}
	a.counter++
	a.nodes[t] = n
	a.stack = append(a.stack, n)
	n.onStack = true

	n.local = localFeatures(t)
	for _, c := range children(t) {
		m, seen := a.nodes[c]
		if !seen {
			m = a.visit(c)
			n.low = min(n.low, m.low)
		} else if m.onStack {
			n.low = min(n.low, m.index)
		}
		if m == n {
			n.selfRecursive = true
		}
		n.edges = append(n.edges, m)
	}

	if n.low == n.index {
		// n roots a component: pop it.
		var comp []*node
		for {
			m := a.stack[len(a.stack)-1]
			a.stack = a.stack[:len(a.stack)-1]
			m.onStack = false
			comp = append(comp, m)
			if m == n {
				break
			}
		}
		a.close(comp)
	}
	return n
}

// close computes the typeInfo shared by the types of one component, whose
// successors outside it are all closed already.
func (a *analyzer) close(comp []*node) {
	recursive := len(comp) > 1 || comp[0].selfRecursive
	var feat features
	depth := 0
	for _, n := range comp {
		feat |= n.local
		for _, m := range n.edges {
			if m.info != nil { // outside the component, closed already
				feat |= m.info.feat
			}
		}
	}
	if recursive {
		feat |= featRecursive
	}
	for _, n := range comp {
		n.info = &typeInfo{feat: feat, dynamic: dynamicRoot(n.t)}
	}
	if feat&(featRecursive|featDynamic) == 0 {
		// Not recursive, so the component is one type.
		n := comp[0]
		for _, m := range n.edges {
			depth = max(depth, m.info.depth)
		}
		if opensLevel(n.t) {
			depth++
		}
		n.info.depth = depth
	}
	a.order = append(a.order, comp...)
}

// finish builds the scan plans, which refer to the typeInfo of child types
// and so can only be made once every node is closed.
func (a *analyzer) finish() {
	for _, n := range a.order {
		if n.info.feat&(featRecursive|featDynamic) != 0 {
			n.info.scan = &scanPlan{}
		}
	}
	for _, n := range a.order {
		if n.info.scan != nil {
			buildScanPlan(n.info.scan, n.t, a.info)
		}
	}
}

// info returns the typeInfo of a type visited by this analysis.
func (a *analyzer) info(t reflect.Type) *typeInfo { return a.nodes[t].info }

// opensLevel reports whether a value of t is written as a JSON object or array.
func opensLevel(t reflect.Type) bool {
	if isLeaf(t) {
		return false
	}
	switch t.Kind() {
	case reflect.Struct, reflect.Map, reflect.Array:
		return true
	case reflect.Slice:
		return !isByteSlice(t)
	}
	return false
}

// isLeaf reports whether encoding/json writes values of t without looking
// inside them: a Marshaler or TextMarshaler with a value receiver.
func isLeaf(t reflect.Type) bool {
	if t.Kind() == reflect.Interface {
		return false
	}
	return t.Implements(jsonMarshalerType) || t.Implements(textMarshalerType)
}

// isByteSlice reports whether encoding/json writes t as a base64 string.
func isByteSlice(t reflect.Type) bool {
	if t.Kind() != reflect.Slice || t.Elem().Kind() != reflect.Uint8 {
		return false
	}
	p := reflect.PointerTo(t.Elem())
	return !p.Implements(jsonMarshalerType) && !p.Implements(textMarshalerType)
}

// localFeatures are the features of t itself, not of the types it holds.
func localFeatures(t reflect.Type) features {
	var f features
	if t.Kind() != reflect.Interface {
		p := reflect.PointerTo(t)
		valJSON, valText := t.Implements(jsonMarshalerType), t.Implements(textMarshalerType)
		ptrJSON := !valJSON && p.Implements(jsonMarshalerType)
		ptrText := !valText && p.Implements(textMarshalerType)
		switch {
		case t == rawMessageType:
			f |= featRawMessage
		case stdMarshalers[t]:
			// Compact ASCII output, but see featPtrMarshaler below.
		case valJSON || ptrJSON:
			f |= featMarshaler
		case valText || ptrText:
			f |= featTextMarshaler
		}
		if ptrJSON || ptrText {
			f |= featPtrMarshaler
		}
		if valJSON || valText {
			return f
		}
	}
	if typeNest(t) > maxTypeNest {
		f |= featDeepTypeNest
	}
	switch t.Kind() {
	case reflect.Float32:
		f |= featFloat | featFloat32
	case reflect.Float64:
		f |= featFloat
	case reflect.Complex64, reflect.Complex128, reflect.Chan, reflect.Func, reflect.UnsafePointer:
		f |= featUnsupported
	case reflect.Interface:
		f |= featDynamic
	case reflect.Pointer:
		if t.Elem().Kind() == reflect.Interface {
			f |= featPtrToInterface
		}
		if e := t.Elem(); e.Kind() == reflect.Pointer && isLeaf(e) && !isLeaf(e.Elem()) {
			// **T where only *T has the methods: *T is a leaf, so T, which
			// carries featPtrMarshaler, is never visited.
			f |= featPtrMarshaler
		}
	case reflect.String:
		if t == numberType {
			f |= featNumber
		}
	case reflect.Map:
		f |= featMap
		switch t.Key().Kind() {
		case reflect.String, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
			if t.Key().Kind() != reflect.String && t.Key().Implements(textMarshalerType) {
				f |= featTextMarshaler
			}
		default:
			if t.Key().Implements(textMarshalerType) {
				f |= featTextMarshaler
			} else {
				f |= featBadMapKey
			}
		}
	case reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			f |= featByteArray
		}
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 && t.Name() != "" {
			f |= featByteArray
		}
	case reflect.Struct:
		forEachField(t, func(sf reflect.StructField, opts string) {
			if name, _, _ := strings.Cut(sf.Tag.Get("json"), ","); !plainName(name) {
				f |= featOddTagName
			}
			if sf.Anonymous {
				f |= featEmbedded
				if et := sf.Type; !sf.IsExported() {
					if et.Kind() == reflect.Pointer {
						et = et.Elem()
					}
					p := reflect.PointerTo(et)
					if p.Implements(jsonMarshalerType) || p.Implements(textMarshalerType) {
						f |= featHiddenMethods
					}
				}
			}
			if hasOption(opts, "omitzero") {
				f |= featOmitZero
			}
			if k := sf.Type.Kind(); (k == reflect.Float32 || k == reflect.Float64) && hasOption(opts, "omitempty") {
				f |= featFloatOmitEmpty
			}
			if hasOption(opts, "string") {
				f |= featStringOpt
				ft := sf.Type
				if ft.Kind() == reflect.Pointer {
					ft = ft.Elem()
				}
				if ft.Kind() == reflect.String {
					f |= featStringOptString
				}
			}
		})
	}
	return f
}

// typeNest counts the container types nested directly in t, t included.
func typeNest(t reflect.Type) int {
	n := 0
	for n <= maxTypeNest { // bounded: type T []T is its own element
		switch t.Kind() {
		case reflect.Slice, reflect.Array, reflect.Map, reflect.Pointer:
			n++
			t = t.Elem()
		default:
			return n
		}
	}
	return n
}

// children are the types encoding/json may write inside a value of t.
func children(t reflect.Type) []reflect.Type {
	if isLeaf(t) {
		return nil
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Array:
		return []reflect.Type{t.Elem()}
	case reflect.Slice:
		if isByteSlice(t) {
			return nil
		}
		return []reflect.Type{t.Elem()}
	case reflect.Map:
		return []reflect.Type{t.Key(), t.Elem()}
	case reflect.Struct:
		var out []reflect.Type
		forEachField(t, func(sf reflect.StructField, _ string) { out = append(out, sf.Type) })
		return out
	}
	return nil
}

// forEachField calls fn for every field of struct type t that encoding/json may
// write: exported fields and embedded ones (whose exported fields are
// promoted), except those tagged "-". Name conflicts, which only remove fields,
// are not resolved: the planner may look at more fields than are written, never
// fewer.
func forEachField(t reflect.Type, fn func(sf reflect.StructField, opts string)) {
	for i := range t.NumField() {
		sf := t.Field(i)
		if !sf.IsExported() && !sf.Anonymous {
			continue
		}
		tag := sf.Tag.Get("json")
		if tag == "-" {
			continue
		}
		_, opts, _ := strings.Cut(tag, ",")
		fn(sf, opts)
	}
}

// plainName reports whether a tag name is made of ASCII letters, digits, '_'
// and '-' only (see featOddTagName).
func plainName(name string) bool {
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// hasOption reports whether the comma-separated tag options hold name.
func hasOption(opts, name string) bool {
	for opts != "" {
		var o string
		o, opts, _ = strings.Cut(opts, ",")
		if o == name {
			return true
		}
	}
	return false
}
