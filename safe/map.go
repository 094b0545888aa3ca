package safe

import (
	"bytes"

	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/safejson/safejson/internal/flavor"
	"github.com/safejson/safejson/internal/jsontype"
)

// mapEncoder writes a map as an object, its members sorted by name.
type mapEncoder struct {
	typ   reflect.Type
	key   jsontype.KeyClass // how keys become member names (Info.KeyWriting)
	elem  encoderFunc
	track bool
	// direct: the encoding of the map's values does not depend on whether
	// they are addressable, so they can be copied into reused storage
	// instead of one allocation each.
	direct bool
	// asWritten: names are sorted as written (flavor.SortKeysAsWritten), so
	// invalid UTF-8 in them is replaced before sorting; that writes the same
	// bytes, since the replacement is what appendString writes.
	asWritten bool
	scratch   sync.Pool // *mapScratch
}

// mapScratch is reused storage for the keys and values of one map type.
type mapScratch struct {
	key  reflect.Value // a settable key
	vals reflect.Value // a slice of values, when direct
}

// mapEntry is a member of a map being written.
type mapEntry struct {
	name string
	val  reflect.Value
}

func compareEntries(a, b mapEntry) int { return strings.Compare(a.name, b.name) }

func (b *builder) mapEncoder(t reflect.Type) encoderFunc {
	me := &mapEncoder{typ: t, elem: b.encoder(t.Elem()), track: mayCycle(t), direct: !addrSensitive(t.Elem()),
		asWritten: flavor.SortKeysAsWritten(t.Key())}
	me.key = jsontype.Of(t).KeyWriting()
	if t == mapAnyType {
		return encodeMapAnyValue
	}
	return me.encode
}

// encodeMapAnyValue routes a map[string]any to its reflect-free encoder.
func encodeMapAnyValue(e *encodeState, b []byte, v reflect.Value) ([]byte, error) {
	if v.CanInterface() {
		return e.encodeMapAny(b, v.Interface().(map[string]any))
	}
	me := mapEncoder{typ: mapAnyType, key: jsontype.KeyString, elem: encodeInterface, track: true}
	return me.encode(e, b, v)
}

func (me *mapEncoder) encode(e *encodeState, b []byte, v reflect.Value) ([]byte, error) {
	if me.key == jsontype.KeyOther { // the classic encoder rejects the type
		if e.strict {
			return b, newError(ReasonMapKey, &json.UnsupportedTypeError{Type: me.typ})
		}
		e.substituted(ReasonMapKey, me.typ)
	}
	if v.IsNil() {
		return appendNull(b)
	}
	var k ancestor
	if me.track {
		k = ancestor{ptr: v.UnsafePointer(), typ: me.typ}
		if e.anc.has(k) {
			return e.cycle(b, v)
		}
	}
	if e.depth >= e.maxDepth {
		return e.tooDeep(b, v, false)
	}
	if me.track {
		e.anc.push(k)
	}

	start := len(e.entries)
	e.entries = slices.Grow(e.entries, v.Len())
	sc, _ := me.scratch.Get().(*mapScratch)
	if sc == nil {
		sc = &mapScratch{key: reflect.New(me.typ.Key()).Elem()}
	}
	if me.direct && (!sc.vals.IsValid() || sc.vals.Len() < v.Len()) {
		sc.vals = reflect.MakeSlice(reflect.SliceOf(me.typ.Elem()), v.Len(), v.Len())
	}
	var it reflect.MapIter
	it.Reset(v)
	used := 0 // values copied into sc.vals
	for ; it.Next(); used++ {
		sc.key.SetIterKey(&it)
		name, ok, err := me.name(e, v, sc.key, len(b)+1)
		if err != nil {
			return b, err
		}
		if !ok {
			continue
		}
		if me.asWritten && !utf8.ValidString(name) {
			name = string([]rune(name))
		}
		var val reflect.Value
		if me.direct {
			val = sc.vals.Index(used)
			val.SetIterValue(&it)
		} else {
			val = it.Value()
		}
		e.entries = append(e.entries, mapEntry{name: name, val: val})
	}
	sc.key.SetZero()
	end := len(e.entries)
	slices.SortFunc(e.entries[start:end], compareEntries)
	n := end - start
	limit := n
	if e.maxBreadth > 0 && n > e.maxBreadth {
		if e.strict {
			return b, tooBroad(v, e.maxBreadth)
		}
		e.substituted(ReasonBreadth, v.Type())
		limit = e.maxBreadth
	}

	e.depth++
	var pre map[int]encoded // values encoded ahead to order tied names
	var err error
	if me.key == jsontype.KeyText || me.key == jsontype.KeyOther || me.key == jsontype.KeyByValue ||
		me.asWritten && me.key == jsontype.KeyString {
		if pre, err = me.orderTies(e, b, start, end); err != nil {
			return b, err
		}
	}
	b = append(b, '{')
	written := 0
	for i := start; i < start+limit; i++ {
		name, val := e.entries[i].name, e.entries[i].val
		p, done := pre[i]
		for _, sub := range p.subs { // its reports, in output order
			e.subs.add(sub)
		}
		if p.omit {
			continue
		}
		mark := len(b)
		if written > 0 {
			b = append(b, ',')
		}
		if e.indented {
			b = e.newline(b, e.depth)
		}
		b = appendString(b, name, e.escapeHTML)
		if e.indented {
			b = append(b, ':', ' ')
		} else {
			b = append(b, ':')
		}
		if done {
			b = append(b, p.b...)
			written++
			continue
		}
		if e.hooked {
			b, err = e.replaced(b, name, val, me.elem)
		} else {
			b, err = me.elem(e, b, val)
		}
		if err != nil {
			if err != errOmit {
				return b, within(err, name)
			}
			b = b[:mark]
			continue
		}
		written++
	}
	if limit < n {
		b = e.restMember(b, n-limit, written > 0)
		written++
	}
	clear(e.entries[start:end])
	e.entries = e.entries[:start]
	if me.direct {
		if sc.vals.Len() > maxScratch {
			sc.vals = reflect.Value{}
		} else {
			sc.vals.Slice(0, min(used, sc.vals.Len())).Clear()
		}
	}
	me.scratch.Put(sc)
	e.depth--
	if written > 0 && e.indented {
		b = e.newline(b, e.depth)
	}
	if me.track {
		e.anc.pop()
	}
	return append(b, '}'), nil
}

// encoded is a map value encoded ahead of time, with the substitutes it
// reported (held back until it is written).
type encoded struct {
	b    []byte
	omit bool
	subs []Substitution
}

// orderTies orders the members of e.entries[start:end] (sorted by name) whose
// names are equal, which happens only with MarshalText or substituted keys:
// each one's value is encoded ahead, and they are ordered by those bytes (an
// omitted one first), so that the output does not depend on map order. It
// returns the encoded values by index in e.entries, nil when no names tie.
func (me *mapEncoder) orderTies(e *encodeState, b []byte, start, end int) (map[int]encoded, error) {
	var pre map[int]encoded
	for i := start; i < end; {
		j := i + 1
		for j < end && e.entries[j].name == e.entries[i].name {
			j++
		}
		if j-i > 1 {
			type tied struct {
				ent mapEntry
				enc encoded
			}
			run := make([]tied, 0, j-i)
			for t := i; t < j; t++ {
				ent := e.entries[t]
				var err error
				mark, reported := len(b), e.subs.len()
				if e.hooked {
					b, err = e.replaced(b, ent.name, ent.val, me.elem)
				} else {
					b, err = me.elem(e, b, ent.val)
				}
				if err != nil && err != errOmit {
					return nil, within(err, ent.name)
				}
				subs := e.subs.cut(reported)
				run = append(run, tied{ent, encoded{bytes.Clone(b[mark:]), err == errOmit, subs}})
				b = b[:mark]
			}
			slices.SortFunc(run, func(a, b tied) int {
				if a.enc.omit != b.enc.omit {
					if a.enc.omit {
						return -1
					}
					return 1
				}
				return bytes.Compare(a.enc.b, b.enc.b)
			})
			if pre == nil {
				pre = make(map[int]encoded)
			}
			for k, r := range run {
				e.entries[i+k] = r.ent
				pre[i+k] = r.enc
			}
		}
		i = j
	}
	return pre, nil
}

// addrSensitive reports whether a value of type t may be written differently
// when addressable: when it holds, outside pointers, maps, slices and
// interfaces, a type whose marshal method encoding/json calls only on an
// addressable value, or calls another method on one (jsontype's
// JSONMethod and TextMethod).
func addrSensitive(t reflect.Type) bool {
	seen := make(map[reflect.Type]bool)
	var sensitive func(t reflect.Type) bool
	sensitive = func(t reflect.Type) bool {
		if seen[t] {
			return false
		}
		seen[t] = true
		ti := jsontype.Of(t)
		if js := ti.JSONMethod(false); js != ti.JSONMethod(true) {
			return true
		} else if js != jsontype.NoJSONMethod {
			return false
		}
		if ti.Text == jsontype.PointerMethod || ti.Text != jsontype.NoMethod && ti.TextMethod(false) != ti.TextMethod(true) {
			return true
		} else if ti.Text == jsontype.ValueMethod {
			return false
		}
		switch t.Kind() {
		case reflect.Array:
			return sensitive(t.Elem())
		case reflect.Struct:
			for i := range t.NumField() {
				if sensitive(t.Field(i).Type) {
					return true
				}
			}
		}
		return false
	}
	return sensitive(t)
}

// name returns the member name of map key k, false to leave the entry out.
// offset is the length of the output up to the map's '{' included.
func (me *mapEncoder) name(e *encodeState, m, k reflect.Value, offset int) (string, bool, error) {
	switch me.key {
	case jsontype.KeyString:
		return k.String(), true, nil
	case jsontype.KeyInt:
		return strconv.FormatInt(k.Int(), 10), true, nil
	case jsontype.KeyUint:
		return strconv.FormatUint(k.Uint(), 10), true, nil
	case jsontype.KeyText:
		if k.Kind() == reflect.Interface && k.IsNil() {
			// encoding/json panics on a nil interface key.
			if e.strict {
				return "", false, newError(ReasonMapKey, unsupportedValue(m, "nil key in map of type "+me.typ.String()))
			}
			e.substituted(ReasonMapKey, me.typ)
			return "", true, nil
		}
		return textKey(k, me.typ)
	case jsontype.KeyByValue:
		return me.valueName(e, k, offset)
	}
	return otherKey(k, me.typ)
}

// textKey returns the MarshalText of key k, "" for a nil pointer (also one
// held by an interface key whose method has a value receiver, which
// encoding/json would call and panic).
func textKey(k reflect.Value, mapType reflect.Type) (string, bool, error) {
	if k.Kind() == reflect.Pointer && k.IsNil() || nilValueReceiver(k, textMarshalerType) {
		return "", true, nil
	}
	b, _, err := callKeyText(k, mapType, false)
	if err != nil {
		return "", false, err
	}
	return string(b), true, nil
}

// otherKey returns the member name of a key of a type encoding/json rejects.
// An interface key holding a string, an integer or a TextMarshaler is named as
// encoding/json names a key of that type; a nil interface key is "". Other
// keys are named by fmt.Sprint (true, 1.5, {1 2}), unless they hold a pointer,
// a chan, a func or an unsafe.Pointer, whose text would be an address: those
// entries are left out.
func otherKey(k reflect.Value, mapType reflect.Type) (string, bool, error) {
	if k.Kind() == reflect.Interface {
		if k.IsNil() {
			return "", true, nil
		}
		k = k.Elem()
		switch jsontype.KeyClassOf(k.Type()) {
		case jsontype.KeyString:
			return k.String(), true, nil
		case jsontype.KeyText:
			return textKey(k, mapType)
		case jsontype.KeyInt:
			return strconv.FormatInt(k.Int(), 10), true, nil
		case jsontype.KeyUint:
			return strconv.FormatUint(k.Uint(), 10), true, nil
		}
	}
	if holdsAddress(k) {
		return "", false, nil
	}
	return fmt.Sprint(k.Interface()), true, nil
}

// holdsAddress reports whether key k is or contains a pointer, chan, func or
// unsafe.Pointer.
func holdsAddress(k reflect.Value) bool {
	switch k.Kind() {
	case reflect.Pointer, reflect.Chan, reflect.Func, reflect.UnsafePointer:
		return true
	case reflect.Interface:
		return !k.IsNil() && holdsAddress(k.Elem())
	case reflect.Array:
		for i := range k.Len() {
			if holdsAddress(k.Index(i)) {
				return true
			}
		}
	case reflect.Struct:
		for i := range k.NumField() {
			if holdsAddress(k.Field(i)) {
				return true
			}
		}
	}
	return false
}
