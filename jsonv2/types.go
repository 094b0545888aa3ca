//go:build goexperiment.jsonv2 && go1.27

package jsonv2

import (
	"encoding"
	"encoding/json/jsontext"
	"encoding/json/v2"
	"reflect"
	"sync"

	"github.com/safejson/safejson/internal/v2route"
)

// class is what the hooks check on a value of a type.
type class uint8

const (
	classPlain       class = iota // nothing encoding/json/v2 can fail on here
	classMethod                   // a marshal method of the user's: theirs to write
	classFloat                    // NaN and ±Inf
	classString                   // invalid UTF-8
	classUnsupported              // func, chan, complex, unsafe.Pointer
	classContainer                // an object or array that cannot be its own ancestor
	classRef                      // a pointer, map or slice that may be its own ancestor
)

// keyRule is how the keys of a map type are checked.
type keyRule uint8

const (
	keysFine   keyRule = iota // encoding/json/v2 writes every key
	keysString                // string keys: each is checked for invalid UTF-8
	keysEach                  // some keys may not be writable: each is checked
	keysJSON                  // a JSON method writes each key, maybe not as a string: each is tried
	keysNever                 // no key is writable: the map is written here
)

// typeInfo is the per-type fact the hooks read, computed once.
type typeInfo struct {
	class  class
	closed bool    // no value of the type can hold a cycle: the graph below it has no interface and no recursion
	opens  bool    // a value writes '{' or '[' (struct, map, slice, array)
	object bool    // that token is '{'
	keys   keyRule // for a map
	chain  bool    // a pointer of a v2route.PointerLoop type: followed with v2route.Chain
}

var infos sync.Map // reflect.Type → *typeInfo

func infoOf(t reflect.Type) *typeInfo {
	if i, ok := infos.Load(t); ok {
		return i.(*typeInfo)
	}
	i := analyse(t)
	actual, _ := infos.LoadOrStore(t, i)
	return actual.(*typeInfo)
}

var (
	marshalerTo   = reflect.TypeFor[json.MarshalerTo]()
	marshaler     = reflect.TypeFor[json.Marshaler]()
	textAppender  = reflect.TypeFor[encoding.TextAppender]()
	textMarshaler = reflect.TypeFor[encoding.TextMarshaler]()
	valueType     = reflect.TypeFor[jsontext.Value]()
)

// hasMethod reports whether encoding/json/v2 calls a method of the user's
// for t (on t or, the value being addressable, on *t).
func hasMethod(t reflect.Type) bool {
	for _, m := range [...]reflect.Type{marshalerTo, marshaler, textAppender, textMarshaler} {
		if t.Implements(m) || (t.Kind() != reflect.Pointer && reflect.PointerTo(t).Implements(m)) {
			return true
		}
	}
	return false
}

// hasJSONMethod reports whether a JSON method of the user's (MarshalJSONTo,
// MarshalJSON) writes t.
func hasJSONMethod(t reflect.Type) bool {
	for _, m := range [...]reflect.Type{marshalerTo, marshaler} {
		if t.Implements(m) || (t.Kind() != reflect.Pointer && reflect.PointerTo(t).Implements(m)) {
			return true
		}
	}
	return false
}

func analyse(t reflect.Type) *typeInfo {
	i := &typeInfo{
		closed: closed(t, map[reflect.Type]bool{}, map[reflect.Type]bool{}),
		chain:  t.Kind() == reflect.Pointer && v2route.PointerLoop(t),
	}
	if hasMethod(t) {
		i.class = classMethod
		return i
	}
	switch t.Kind() {
	case reflect.Float32, reflect.Float64:
		i.class = classFloat
	case reflect.String:
		i.class = classString
	case reflect.Func, reflect.Chan, reflect.Complex64, reflect.Complex128, reflect.UnsafePointer:
		i.class = classUnsupported
	case reflect.Struct:
		i.class, i.opens, i.object = classContainer, true, true
	case reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 && !hasMethod(t.Elem()) {
			return i // written as a string (base64)
		}
		i.class, i.opens = classContainer, true
	case reflect.Map:
		i.class, i.opens, i.object = classContainer, true, true
		i.keys = keyRuleOf(t.Key())
	case reflect.Slice:
		if t == valueType || (t.Elem().Kind() == reflect.Uint8 && !hasMethod(t.Elem())) {
			// Written as a string (base64) or as the raw value.
			return i
		}
		i.class, i.opens = classContainer, true
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Slice:
		if mayCycle(t) {
			i.class = classRef
		}
	}
	return i
}

func keyRuleOf(k reflect.Type) keyRule {
	if hasJSONMethod(k) {
		return keysJSON
	}
	if hasMethod(k) {
		if k.Kind() == reflect.Pointer {
			return keysEach // a nil one is null
		}
		return keysFine // MarshalText or AppendText: a string
	}
	switch k.Kind() {
	case reflect.String:
		return keysString
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return keysFine
	case reflect.Float32, reflect.Float64, reflect.Interface, reflect.Pointer:
		return keysEach
	}
	return keysNever
}

// mayCycle reports whether a value of t (a pointer, map or slice) may be
// reached again from inside itself: the type graph below it (every field,
// exported or not, and past marshal methods: a superset of what
// encoding/json/v2 visits) reaches t or an interface.
func mayCycle(t reflect.Type) bool {
	seen := map[reflect.Type]bool{}
	var walk func(u reflect.Type) bool
	walk = func(u reflect.Type) bool {
		if u == t {
			return true
		}
		if seen[u] {
			return false
		}
		seen[u] = true
		switch u.Kind() {
		case reflect.Interface:
			return true
		case reflect.Pointer, reflect.Slice, reflect.Array:
			return walk(u.Elem())
		case reflect.Map:
			return walk(u.Key()) || walk(u.Elem())
		case reflect.Struct:
			for j := range u.NumField() {
				if walk(u.Field(j).Type) {
					return true
				}
			}
		}
		return false
	}
	switch t.Kind() {
	case reflect.Map:
		return walk(t.Key()) || walk(t.Elem())
	default:
		return walk(t.Elem())
	}
}

// closed reports whether the type graph below t holds no interface and no
// type that reaches itself (path: the types being walked; done: those found
// closed).
func closed(t reflect.Type, path, done map[reflect.Type]bool) bool {
	if done[t] {
		return true
	}
	if path[t] {
		return false
	}
	path[t] = true
	defer delete(path, t)
	ok := true
	switch t.Kind() {
	case reflect.Interface:
		ok = false
	case reflect.Pointer, reflect.Slice, reflect.Array:
		ok = closed(t.Elem(), path, done)
	case reflect.Map:
		ok = closed(t.Key(), path, done) && closed(t.Elem(), path, done)
	case reflect.Struct:
		for j := range t.NumField() {
			if !closed(t.Field(j).Type, path, done) {
				ok = false
				break
			}
		}
	}
	if ok {
		done[t] = true
	}
	return ok
}
