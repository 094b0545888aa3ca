package safejson

// The decode planner's own type walk as it was before the port to jsontype,
// kept only for TestDecodePortSameFeatures.

import (
	"encoding"
	"encoding/binary"
	"encoding/json"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"

	benchcorpus "github.com/safejson/safejson/bench/corpus"
	"github.com/safejson/safejson/internal/corpus"
	"github.com/safejson/safejson/internal/randtype"
)

var oldDecodeFeatureCache sync.Map

// oldSkipEmbeddedDash: the old walk, but an embedded field tagged "-" is
// left out, as jsontype's Members leave it out.
var oldSkipEmbeddedDash bool

func oldDecTypeNest(t reflect.Type) int {
	n := 0
	for n <= maxTypeNest {
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

var (
	oldJSONUnmarshalerType = reflect.TypeFor[json.Unmarshaler]()
	oldTextUnmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()
)

// decodeFeaturesOf returns the features of t, cached.
func oldDecodeFeaturesOf(t reflect.Type) decodeFeatures {
	if f, ok := oldDecodeFeatureCache.Load(t); ok {
		return f.(decodeFeatures)
	}
	var f decodeFeatures
	seen := map[reflect.Type]bool{}
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		if seen[t] {
			return
		}
		seen[t] = true
		if oldDecTypeNest(t) > maxTypeNest {
			f |= decDeepNest
		}
		if t == reflect.TypeFor[json.RawMessage]() {
			f |= decRawMessage
		}
		if t == reflect.TypeFor[json.Number]() {
			f |= decUnchecked
		}
		if t.Kind() != reflect.Interface {
			pt := reflect.PointerTo(t)
			if pt.Implements(oldJSONUnmarshalerType) || pt.Implements(oldTextUnmarshalerType) {
				f |= decMethods
				return
			}
		}
		switch t.Kind() {
		case reflect.Interface:
			f |= decInterface
			if t.NumMethod() != 0 {
				f |= decUnchecked
			}
		case reflect.Float32, reflect.Float64:
			f |= decFloat
		case reflect.Slice:
			if t.Elem().Kind() == reflect.Uint8 {
				f |= decUnchecked
			}
			walk(t.Elem())
		case reflect.Pointer, reflect.Array:
			walk(t.Elem())
		case reflect.Map:
			f |= decMap
			if !engineMapKey(t.Key().Kind()) {
				f |= decUnchecked
			}
			walk(t.Key())
			walk(t.Elem())
		case reflect.Struct:
			f |= oldStructDecodeFeatures(t, walk)
		case reflect.Chan, reflect.Func, reflect.Complex64, reflect.Complex128, reflect.UnsafePointer:
			f |= decUnchecked
		}
	}
	walk(t)
	oldDecodeFeatureCache.Store(t, f)
	return f
}

// structDecodeFeatures returns the features of t's own fields, and walks
// their types.
func oldStructDecodeFeatures(t reflect.Type, walk func(reflect.Type)) decodeFeatures {
	var f decodeFeatures
	var names []string
	for i := range t.NumField() {
		sf := t.Field(i)
		if oldSkipEmbeddedDash && sf.Anonymous && sf.Tag.Get("json") == "-" {
			continue // as encoding/json, sonic and goccy do
		}
		if sf.Anonymous {
			f |= decUnchecked
			continue
		}
		if !sf.IsExported() {
			continue
		}
		tag := sf.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if name != "" && !plainTagName(name) {
			f |= decUnchecked
		}
		if name == "" {
			name = sf.Name
		}
		for _, o := range strings.Split(opts, ",") {
			if o == "string" {
				f |= decUnchecked
			}
		}
		if strings.ContainsAny(name, "sS") {
			f |= decFoldS
		}
		for _, n := range names {
			if strings.EqualFold(n, name) {
				f |= decUnchecked
			}
		}
		names = append(names, name)
		walk(sf.Type)
	}
	return f
}

// TestDecodePortSameFeatures: the decode features are the same computed by
// the walk before the port and from jsontype, over the corpus, random types
// and the bench's typed corpus, but for embedded fields tagged "-", which
// the port leaves out; where features differ otherwise, the route does not.
func TestDecodePortSameFeatures(t *testing.T) {
	var types []reflect.Type
	add := func(t reflect.Type) {
		for range 4 {
			types = append(types, t)
			if t.Kind() != reflect.Pointer {
				return
			}
			t = t.Elem()
		}
	}
	for _, c := range corpus.Cases() {
		if c.Value != nil {
			add(reflect.TypeOf(c.Value))
		}
	}
	var data [8]byte
	for i := range 4000 {
		binary.LittleEndian.PutUint64(data[:], uint64(i)*0x9E3779B97F4A7C15)
		add(randtype.Config{}.Generate(data[:]).Type)
	}
	for _, f := range benchcorpus.Files() {
		add(reflect.TypeOf(f.New()))
	}
	dash := 0
	for _, typ := range types {
		if oldDecodeFeaturesOf(typ) != decodeFeaturesOf(typ) {
			dash++
		}
	}
	t.Logf("%d types differ from the old walk", dash)
	oldSkipEmbeddedDash, oldDecodeFeatureCache = true, sync.Map{}
	defer func() { oldSkipEmbeddedDash, oldDecodeFeatureCache = false, sync.Map{} }()
	raw, routed := map[string]bool{}, map[string]bool{}
	for _, typ := range types {
		o, n := oldDecodeFeaturesOf(typ), decodeFeaturesOf(typ)
		if o == n {
			continue
		}
		d := typ.String() + ": old " + fmtBits(o) + " new " + fmtBits(n)
		if (o&decodeStdOnly != 0) == (n&decodeStdOnly != 0) && (o&decodeStdOnly != 0 || o == n) {
			raw[d] = true // both to encoding/json
		} else {
			routed[d] = true
		}
	}
	t.Logf("%d types; %d differ in features only (both encoding/json's)", len(types), len(raw))
	for d := range raw {
		t.Log("features only: ", d)
	}
	for d := range routed {
		t.Log("ROUTE: ", d)
	}
	assert.Empty(t, routed)
}

func fmtBits(f decodeFeatures) string {
	b := []byte{}
	for i := 15; i >= 0; i-- {
		if f&(1<<i) != 0 {
			b = append(b, '1')
		} else if len(b) > 0 {
			b = append(b, '0')
		}
	}
	return string(b)
}
