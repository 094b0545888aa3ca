package safe

import (
	"reflect"

	"github.com/safejson/safejson/internal/jsontype"
)

// field is a member of a struct's JSON object (jsontype.Field: found by
// encoding/json's rules), with what its encoder needs.
type field struct {
	jsontype.Field
	keyHTML string                   // `"name":`, HTML-escaped
	keyRaw  string                   // `"name":`
	isZero  func(reflect.Value) bool // IsZero method for omitzero, or nil

	enc encoderFunc
}

// typeFields returns the members of struct type t, in field order.
func typeFields(t reflect.Type) []field {
	fs := jsontype.Of(t).Fields
	out := make([]field, len(fs))
	for i := range fs {
		out[i].Field = fs[i]
	}
	return out
}
