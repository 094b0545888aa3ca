package plan

// The planner's own type walk as it was before the port to jsontype, kept
// only to check that the port computes the same features (port_test.go).

import (
	"encoding"
	"encoding/json"
	"math/big"
	"reflect"
	"strings"
	"sync"
	"time"
)

type oldScanPlan struct {
	kind      reflect.Kind
	typ       reflect.Type
	elem      *oldTypeInfo
	fields    []oldScanField
	leafDepth int
	opens     bool
}

type oldScanField struct {
	index int
	info  *oldTypeInfo
}

// oldDynamicRoot reports whether t is an interface, or slices, arrays, maps and
// pointers around one (any, []any, map[string]any, *[]map[string]any …): the
// shape of decoded JSON, where everything but the scalars is dynamic.
func oldDynamicRoot(t reflect.Type) bool {
	for range 64 { // bounded: type T []T is its own element
		switch t.Kind() {
		case reflect.Interface:
			return true
		case reflect.Slice, reflect.Array, reflect.Map, reflect.Pointer:
			if oldIsLeaf(t) || oldIsByteSlice(t) {
				return false
			}
			t = t.Elem()
		default:
			return false
		}
	}
	return false
}

// oldTypeInfo is the planner's cached knowledge of one type.
type oldTypeInfo struct {
	feat features
	// dynamic is oldDynamicRoot of the type: values go to the reference encoder,
	// which writes the shapes of decoded JSON faster than the engines do and
	// needs no pre-scan for cycles.
	dynamic bool
	// depth is the most JSON nesting (objects and arrays) a value of the type
	// can have, for a type that is neither recursive nor dynamic.
	depth int
	// scan says how pre-scan walks a value of this type; nil when a value
	// holds nothing pre-scan needs to see (no reference that can lead back to
	// an ancestor, no interface).
	scan *oldScanPlan
}

var (
	oldJsonMarshalerType = reflect.TypeFor[json.Marshaler]()
	oldTextMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
	oldRawMessageType    = reflect.TypeFor[json.RawMessage]()
	oldNumberType        = reflect.TypeFor[json.Number]()
)

// oldStdMarshalers are Marshalers of the standard library whose output is always
// compact ASCII JSON: no engine rewrites it.
var oldStdMarshalers = map[reflect.Type]bool{
	reflect.TypeFor[time.Time]():  true,
	reflect.TypeFor[*time.Time](): true,
	reflect.TypeFor[big.Int]():    true,
	reflect.TypeFor[*big.Int]():   true,
	reflect.TypeFor[big.Float]():  true,
	reflect.TypeFor[*big.Float](): true,
}

var oldTypeInfos sync.Map // reflect.Type → *oldTypeInfo

// oldInfoOf returns the planner's knowledge of t, computing it on first use.
func oldInfoOf(t reflect.Type) *oldTypeInfo {
	if ti, ok := oldTypeInfos.Load(t); ok {
		return ti.(*oldTypeInfo)
	}
	a := oldAnalyzer{nodes: map[reflect.Type]*oldNode{}}
	a.visit(t)
	a.finish()
	// Publish only now, complete: a goroutine that loads one of these infos
	// finds its scan plan built. Two goroutines analysing the same types at
	// once publish equivalent infos; the first stored wins.
	for _, m := range a.order {
		oldTypeInfos.LoadOrStore(m.t, m.info)
	}
	ti, _ := oldTypeInfos.Load(t)
	return ti.(*oldTypeInfo)
}

// oldNode is one type during analysis (Tarjan's strongly connected components:
// every type of a component shares its features, and a component with an edge
// to itself is recursive).
type oldNode struct {
	t             reflect.Type
	index, low    int
	onStack       bool
	local         features
	edges         []*oldNode
	info          *oldTypeInfo
	selfRecursive bool
}

type oldAnalyzer struct {
	nodes   map[reflect.Type]*oldNode
	stack   []*oldNode
	counter int
	order   []*oldNode // nodes in the order their component was closed
}

// visit runs Tarjan's algorithm from t and returns its oldNode.
func (a *oldAnalyzer) visit(t reflect.Type) *oldNode {
	if n, ok := a.nodes[t]; ok {
		return n
	}
	n := &oldNode{t: t, index: a.counter, low: a.counter}
	a.counter++
	a.nodes[t] = n
	a.stack = append(a.stack, n)
	n.onStack = true

	n.local = oldLocalFeatures(t)
	for _, c := range oldChildren(t) {
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
		var comp []*oldNode
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

// close computes the oldTypeInfo shared by the types of one component, whose
// successors outside it are all closed already.
func (a *oldAnalyzer) close(comp []*oldNode) {
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
		n.info = &oldTypeInfo{feat: feat, dynamic: oldDynamicRoot(n.t)}
	}
	if feat&(featRecursive|featDynamic) == 0 {
		// Not recursive, so the component is one type.
		n := comp[0]
		for _, m := range n.edges {
			depth = max(depth, m.info.depth)
		}
		if oldOpensLevel(n.t) {
			depth++
		}
		n.info.depth = depth
	}
	a.order = append(a.order, comp...)
}

// finish builds the scan plans, which refer to the oldTypeInfo of child types
// and so can only be made once every oldNode is closed.
func (a *oldAnalyzer) finish() {
	for _, n := range a.order {
		if n.info.feat&(featRecursive|featDynamic) != 0 {
			n.info.scan = &oldScanPlan{}
		}
	}
	for _, n := range a.order {
		if n.info.scan != nil {
			oldBuildScanPlan(n.info.scan, n.t, a.info)
		}
	}
}

// info returns the oldTypeInfo of a type visited by this analysis.
func (a *oldAnalyzer) info(t reflect.Type) *oldTypeInfo { return a.nodes[t].info }

// oldOpensLevel reports whether a value of t is written as a JSON object or array.
func oldOpensLevel(t reflect.Type) bool {
	if oldIsLeaf(t) {
		return false
	}
	switch t.Kind() {
	case reflect.Struct, reflect.Map, reflect.Array:
		return true
	case reflect.Slice:
		return !oldIsByteSlice(t)
	}
	return false
}

// oldIsLeaf reports whether encoding/json writes values of t without looking
// inside them: a Marshaler or TextMarshaler with a value receiver.
func oldIsLeaf(t reflect.Type) bool {
	if t.Kind() == reflect.Interface {
		return false
	}
	return t.Implements(oldJsonMarshalerType) || t.Implements(oldTextMarshalerType)
}

// oldIsByteSlice reports whether encoding/json writes t as a base64 string.
func oldIsByteSlice(t reflect.Type) bool {
	if t.Kind() != reflect.Slice || t.Elem().Kind() != reflect.Uint8 {
		return false
	}
	p := reflect.PointerTo(t.Elem())
	return !p.Implements(oldJsonMarshalerType) && !p.Implements(oldTextMarshalerType)
}

// oldLocalFeatures are the features of t itself, not of the types it holds.
func oldLocalFeatures(t reflect.Type) features {
	var f features
	if t.Kind() != reflect.Interface {
		p := reflect.PointerTo(t)
		valJSON, valText := t.Implements(oldJsonMarshalerType), t.Implements(oldTextMarshalerType)
		ptrJSON := !valJSON && p.Implements(oldJsonMarshalerType)
		ptrText := !valText && p.Implements(oldTextMarshalerType)
		switch {
		case t == oldRawMessageType:
			f |= featRawMessage
		case oldStdMarshalers[t]:
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
	if oldTypeNest(t) > maxTypeNest {
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
		if e := t.Elem(); e.Kind() == reflect.Pointer && oldIsLeaf(e) && !oldIsLeaf(e.Elem()) {
			// **T where only *T has the methods: *T is a leaf, so T, which
			// carries featPtrMarshaler, is never visited.
			f |= featPtrMarshaler
		}
	case reflect.String:
		if t == oldNumberType {
			f |= featNumber
		}
	case reflect.Map:
		f |= featMap
		switch t.Key().Kind() {
		case reflect.String, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
			if t.Key().Kind() != reflect.String && t.Key().Implements(oldTextMarshalerType) {
				f |= featTextMarshaler
			}
		default:
			if t.Key().Implements(oldTextMarshalerType) {
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
		oldForEachField(t, func(sf reflect.StructField, opts string) {
			if name, _, _ := strings.Cut(sf.Tag.Get("json"), ","); !oldPlainName(name) {
				f |= featOddTagName
			}
			if sf.Anonymous {
				f |= featEmbedded
				if et := sf.Type; !sf.IsExported() {
					if et.Kind() == reflect.Pointer {
						et = et.Elem()
					}
					p := reflect.PointerTo(et)
					if p.Implements(oldJsonMarshalerType) || p.Implements(oldTextMarshalerType) {
						f |= featHiddenMethods
					}
				}
			}
			if oldHasOption(opts, "omitzero") {
				f |= featOmitZero
			}
			if k := sf.Type.Kind(); (k == reflect.Float32 || k == reflect.Float64) && oldHasOption(opts, "omitempty") {
				f |= featFloatOmitEmpty
			}
			if oldHasOption(opts, "string") {
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

// oldTypeNest counts the container types nested directly in t, t included.
func oldTypeNest(t reflect.Type) int {
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

// oldChildren are the types encoding/json may write inside a value of t.
func oldChildren(t reflect.Type) []reflect.Type {
	if oldIsLeaf(t) {
		return nil
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Array:
		return []reflect.Type{t.Elem()}
	case reflect.Slice:
		if oldIsByteSlice(t) {
			return nil
		}
		return []reflect.Type{t.Elem()}
	case reflect.Map:
		return []reflect.Type{t.Key(), t.Elem()}
	case reflect.Struct:
		var out []reflect.Type
		oldForEachField(t, func(sf reflect.StructField, _ string) { out = append(out, sf.Type) })
		return out
	}
	return nil
}

// oldForEachField calls fn for every field of struct type t that encoding/json may
// write: exported fields and embedded ones (whose exported fields are
// promoted), except those tagged "-". Name conflicts, which only remove fields,
// are not resolved: the planner may look at more fields than are written, never
// fewer.
func oldForEachField(t reflect.Type, fn func(sf reflect.StructField, opts string)) {
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

// oldPlainName reports whether a tag name is made of ASCII letters, digits, '_'
// and '-' only (see featOddTagName).
func oldPlainName(name string) bool {
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// oldHasOption reports whether the comma-separated tag options hold name.
func oldHasOption(opts, name string) bool {
	for opts != "" {
		var o string
		o, opts, _ = strings.Cut(opts, ",")
		if o == name {
			return true
		}
	}
	return false
}
func oldBuildScanPlan(p *oldScanPlan, t reflect.Type, oldInfoOf func(reflect.Type) *oldTypeInfo) {
	p.kind, p.typ, p.opens = t.Kind(), t, oldOpensLevel(t)
	if oldIsLeaf(t) {
		p.kind = reflect.Invalid // written by a method: nothing to walk
		return
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
		p.elem = oldInfoOf(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			sf := t.Field(i)
			if (!sf.IsExported() && !sf.Anonymous) || sf.Tag.Get("json") == "-" {
				continue
			}
			fi := oldInfoOf(sf.Type)
			if fi.scan != nil {
				p.fields = append(p.fields, oldScanField{i, fi})
			} else {
				p.leafDepth = max(p.leafDepth, fi.depth)
			}
		}
	}
}
