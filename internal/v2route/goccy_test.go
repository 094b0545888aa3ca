//go:build goexperiment.jsonv2 && go1.27

package v2route

import (
	"encoding/json"
	"encoding/json/jsontext"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
)

type toStd struct{ N int }

func (toStd) MarshalJSONTo(*jsontext.Encoder) error { return nil }

// TestV2RouteTypes: the type rule on its own.
func TestV2RouteTypes(t *testing.T) {
	type withTo struct{ T toStd }
	type withAny struct{ A any }
	type rec struct{ Next *rec }
	for want, vs := range map[Route][]any{
		Goccy:     {1, "s", rec{}, []map[string]int{}},
		Reference: {toStd{}, withTo{}, &withTo{}, map[string][]toStd{}, map[any]int{}, []map[any]string{}},
		PerValue:  {withAny{}, []any{}},
	} {
		for _, v := range vs {
			assert.Equal(t, want, GoccyType(reflect.TypeOf(v)), "%T", v)
		}
	}
	assert.True(t, GoccyValue(withAny{A: []any{1, "a", map[string]any{"b": nil}}}))
	assert.False(t, GoccyValue(withAny{A: []any{1, map[string]any{"b": toStd{}}}}))
	var x any
	x = &x
	assert.False(t, GoccyValue(x), "a cycle nests past the walk's bound: the reference path's")
	assert.True(t, GoccyValue(nil))
	assert.True(t, GoccyValue([]any{json.Number("1")}), "goccy writes json.Number as encoding/json/v2 does")
	assert.Equal(t, "per value", PerValue.String())
}
