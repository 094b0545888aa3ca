package plan

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sync"

	"github.com/safejson/safejson/internal/jsontype"
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

// reachesCrash walks t's type graph (seen: the types already walked), by
// the members encoding/json decodes (jsontype.Info.Members).
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
		for _, m := range jsontype.Of(t).Members {
			if m.Embedded && m.Type.Kind() == reflect.Pointer && m.Type.Elem().Kind() == reflect.Struct {
				if m.Type.Implements(unmarshalerType) || !m.Exported && hasEmbedTag(m.Type.Elem()) {
					return true
				}
			}
			if reachesCrash(m.Type, seen) {
				return true
			}
		}
	}
	return false
}

// hasEmbedTag reports whether struct t has a member tagged with the
// ",embed" option.
func hasEmbedTag(t reflect.Type) bool {
	for _, m := range jsontype.Of(t).Members {
		if m.Opts.Embed {
			return true
		}
	}
	return false
}
