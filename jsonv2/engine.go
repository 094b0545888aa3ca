//go:build goexperiment.jsonv2 && go1.27

package jsonv2

import (
	"encoding/json/jsontext"
	"encoding/json/v2"
	"reflect"
	"sync"

	goccytext "github.com/goccy/go-json/jsontext"
	goccyv2 "github.com/goccy/go-json/v2"

	"github.com/safejson/safejson/internal/v2route"
)

// Marshal tries goccy/go-json/v2 first where internal/v2route proves that
// it writes encoding/json/v2's bytes or fails: for a value that the route
// gives to goccy and options that each translate exactly to goccy's own. Its
// bytes are then encoding/json/v2's, which hold no substitute, so this
// package's options change nothing. On any goccy error or panic the value
// takes the reference path (encoding/json/v2, then hooked), which decides
// the output and the error.

// goccyOpts maps each standard option value that goccy may be given to
// goccy's own: the options of the json/v2 column of the conformance suite
// under which goccy writes encoding/json/v2's bytes, with both values.
// jsontext.WithIndent, whose value is a string, is translated apart (not
// empty: the suite checks a non-empty indent).
var goccyOpts = func() map[json.Options]goccyv2.Options {
	m := map[json.Options]goccyv2.Options{}
	for _, b := range []bool{false, true} {
		m[json.Deterministic(b)] = goccyv2.Deterministic(b)
		m[json.FormatNilSliceAsNull(b)] = goccyv2.FormatNilSliceAsNull(b)
		m[json.FormatNilMapAsNull(b)] = goccyv2.FormatNilMapAsNull(b)
		m[json.StringifyNumbers(b)] = goccyv2.StringifyNumbers(b)
		m[json.OmitZeroStructFields(b)] = goccyv2.OmitZeroStructFields(b)
		m[jsontext.EscapeForHTML(b)] = goccyv2.Options(goccytext.EscapeForHTML(b))
		m[jsontext.EscapeForJS(b)] = goccyv2.Options(goccytext.EscapeForJS(b))
	}
	return m
}()

// goccyOptions returns goccy's options for std, and false when one of them
// has no exact translation (json.WithMarshalers, DefaultOptionsV1, a joined
// list, an option the conformance suite does not check for goccy).
func goccyOptions(std []json.Options) ([]goccyv2.Options, bool) {
	if len(std) == 0 {
		return nil, true
	}
	g := make([]goccyv2.Options, len(std))
	for i, o := range std {
		if o == nil || !reflect.TypeOf(o).Comparable() {
			return nil, false
		}
		if t, ok := goccyOpts[o]; ok {
			g[i] = t
			continue
		}
		s, ok := json.GetOption(o, jsontext.WithIndent)
		if !ok || s == "" || o != jsontext.WithIndent(s) {
			return nil, false
		}
		g[i] = goccytext.WithIndent(s)
	}
	return g, true
}

// tookGoccy, when set (by tests), is called each time Marshal returns
// goccy's bytes.
var tookGoccy func()

// viaGoccy returns goccy's encoding of in under opts, and false where the
// reference path must encode it: the route excludes the value, an option
// does not translate, or goccy fails or panics.
func viaGoccy(in any, std []json.Options) (b []byte, ok bool) {
	g, ok := goccyOptions(std)
	if !ok || !routeGoccy(in, 0) {
		return nil, false
	}
	defer func() {
		if recover() != nil {
			b, ok = nil, false
		}
	}()
	b, err := goccyv2.Marshal(in, g...)
	if err != nil {
		return nil, false
	}
	if tookGoccy != nil {
		tookGoccy()
	}
	return b, true
}

// routeGoccy reports whether the route gives v to goccy. The types of JSON
// decoded into any are looked at here, nesting at most scanDepth levels (a
// deeper value takes the reference path, so that the walk is linear in the
// value even where it holds a cycle); any other value is v2route's.
func routeGoccy(v any, depth int) bool {
	if depth > scanDepth {
		return false
	}
	switch x := v.(type) {
	case nil, string, float64, bool, int, int64:
		return true
	case map[string]any:
		for _, e := range x {
			if !routeGoccy(e, depth+1) {
				return false
			}
		}
		return true
	case []any:
		for _, e := range x {
			if !routeGoccy(e, depth+1) {
				return false
			}
		}
		return true
	}
	switch v2route.GoccyType(reflect.TypeOf(v)) {
	case v2route.Goccy:
		return true
	case v2route.PerValue:
		return routeValue(reflect.ValueOf(v), depth)
	}
	return false
}

// routeValue is routeGoccy for rv, whose type the route decides per value:
// it descends only into the parts of the type that reach an interface,
// whose route is then per value too (a part of a type that the route gives
// to the reference path makes the whole type the reference path's).
func routeValue(rv reflect.Value, depth int) bool {
	if depth > scanDepth {
		return false
	}
	switch rv.Kind() {
	case reflect.Interface:
		if rv.IsNil() {
			return true
		}
		if rv.CanInterface() {
			return routeGoccy(rv.Interface(), depth+1) // the value held, no copy
		}
		e := rv.Elem() // in an unexported field
		switch v2route.GoccyType(e.Type()) {
		case v2route.Goccy:
			return true
		case v2route.PerValue:
			return routeValue(e, depth+1)
		}
		return false
	case reflect.Pointer:
		if rv.IsNil() {
			return true
		}
		if rv.Type().Elem().Kind() == reflect.Pointer && infoOf(rv.Type()).chain {
			n, cyclic := v2route.Chain(rv.UnsafePointer())
			return !cyclic && depth+n <= scanDepth
		}
		return routeValue(rv.Elem(), depth+1)
	case reflect.Struct:
		for _, i := range perValueFields(rv.Type()) {
			if !routeValue(rv.Field(i), depth+1) {
				return false
			}
		}
	case reflect.Slice, reflect.Array:
		for i := range rv.Len() {
			if !routeValue(rv.Index(i), depth+1) {
				return false
			}
		}
	case reflect.Map:
		// Only the values decide: a key is written by its own methods (or
		// is a string or a number), which the route of its type covers.
		if rv.Len() == 0 || v2route.GoccyType(rv.Type().Elem()) != v2route.PerValue {
			return true
		}
		if rv.Type() == mapStringAny && rv.CanInterface() {
			return routeGoccy(rv.Interface(), depth)
		}
		reuse := rv.CanInterface() // SetIterValue rejects a map read through an unexported field
		ev := reflect.New(rv.Type().Elem()).Elem()
		for it := rv.MapRange(); it.Next(); {
			if reuse {
				ev.SetIterValue(it)
			} else {
				ev = it.Value()
			}
			if !routeValue(ev, depth+1) {
				return false
			}
		}
	}
	return true
}

var perValueCache sync.Map // reflect.Type → []int

// perValueFields returns the indexes of the fields of the struct type t that
// the route decides per value.
func perValueFields(t reflect.Type) []int {
	if f, ok := perValueCache.Load(t); ok {
		return f.([]int)
	}
	var f []int
	for i := range t.NumField() {
		if v2route.GoccyType(t.Field(i).Type) == v2route.PerValue {
			f = append(f, i)
		}
	}
	perValueCache.Store(t, f)
	return f
}
