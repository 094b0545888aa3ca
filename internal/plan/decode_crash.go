package plan

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"sync"
)

// CrashError is what a decode returns, in place of encoding/json's panic,
// for a target type of a shape on which the toolchain's encoding/json
// panics (DecodeCrashes): encoding/json has no verdict there to give.
type CrashError struct {
	Type  reflect.Type // the target's type
	Panic any          // what encoding/json panicked with
}

func (e *CrashError) Error() string {
	return fmt.Sprintf("json: cannot unmarshal into %v: encoding/json panics on this type (%v)", e.Type, e.Panic)
}

var crashShapes sync.Map // reflect.Type → bool

// DecodeCrashes reports whether t, a decode's target type, reaches a shape
// on which the toolchain's encoding/json panics on some inputs: a struct
// with an embedded pointer whose type has an UnmarshalJSON method, or an
// embedded pointer to an unexported struct with a field tagged ",embed"
// (encoding/json on json/v2 only: crashShapesPanic).
func DecodeCrashes(t reflect.Type) bool {
	if !crashShapesPanic || t == nil {
		return false
	}
	if c, ok := crashShapes.Load(t); ok {
		return c.(bool)
	}
	c := reachesCrash(t, map[reflect.Type]bool{})
	crashShapes.Store(t, c)
	return c
}

var unmarshalerType = reflect.TypeFor[json.Unmarshaler]()

// reachesCrash walks t's type graph (seen: the types already walked).
func reachesCrash(t reflect.Type, seen map[reflect.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return reachesCrash(t.Elem(), seen)
	case reflect.Map:
		return reachesCrash(t.Key(), seen) || reachesCrash(t.Elem(), seen)
	case reflect.Struct:
		for i := range t.NumField() {
			f := t.Field(i)
			if f.Anonymous && f.Type.Kind() == reflect.Pointer && f.Type.Elem().Kind() == reflect.Struct {
				if f.Type.Implements(unmarshalerType) || !f.IsExported() && hasEmbedTag(f.Type.Elem()) {
					return true
				}
			}
			if reachesCrash(f.Type, seen) {
				return true
			}
		}
	}
	return false
}

// hasEmbedTag reports whether struct t has a field tagged with the
// ",embed" option.
func hasEmbedTag(t reflect.Type) bool {
	for i := range t.NumField() {
		tag, ok := t.Field(i).Tag.Lookup("json")
		if !ok {
			continue
		}
		if _, opts, _ := strings.Cut(tag, ","); opts != "" {
			for _, o := range strings.Split(opts, ",") {
				if o == "embed" {
					return true
				}
			}
		}
	}
	return false
}
