package plan

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/safejson/safejson/internal/flavor"
)

type crashChild struct{ V int }

func (c *crashChild) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, &c.V) }

type crashFallback struct {
	Extra map[string]any `json:",embed"`
}

type crashNamed struct {
	Extra map[string]any `json:"extra"`
}

// TestDecodeCrashes: the shapes are found wherever a target reaches them
// (through pointers, slices, maps, fields), on json/v2 only; an embedded
// pointer without UnmarshalJSON or ",embed" is not one.
func TestDecodeCrashes(t *testing.T) {
	type parent struct{ C struct{ *crashChild } }
	type hidden struct{ *crashFallback }
	type plain struct{ *crashNamed }
	for _, c := range []struct {
		t     reflect.Type
		crash bool
	}{
		{reflect.TypeFor[*parent](), true},
		{reflect.TypeFor[map[string][]parent](), true},
		{reflect.TypeFor[*hidden](), true},
		{reflect.TypeFor[[2]*hidden](), true},
		{reflect.TypeFor[*plain](), false},
		{reflect.TypeFor[*crashChild](), false},
		{reflect.TypeFor[*map[string]any](), false},
	} {
		assert.Equal(t, c.crash && flavor.V2, DecodeCrashes(c.t), c.t.String())
		assert.Equal(t, c.crash && flavor.V2, DecodeCrashes(c.t), "%s, cached", c.t)
	}
	assert.False(t, DecodeCrashes(nil))
}
