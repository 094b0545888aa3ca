//go:build goexperiment.jsonv2 && go1.27

package jsonv2

import (
	"encoding/json/jsontext"
	"encoding/json/v2"
	"reflect"

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
	if !ok || !v2route.GoccyValue(in) {
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
