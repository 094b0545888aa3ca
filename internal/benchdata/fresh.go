package benchdata

import (
	"reflect"
	"strconv"
)

// freshRec is the recursive type every FreshType holds.
type freshRec struct {
	Name string      `json:"name"`
	Kids []*freshRec `json:"kids,omitempty"`
}

// FreshType returns a struct type no earlier call with another seq made,
// holding shared types (a recursive one, []Item) and fresh ones (a struct
// and a pointer to it): what a first-use benchmark encodes, the cost every
// new type pays once. reflect.StructOf's own cost is in it.
func FreshType(seq int64) reflect.Type {
	own := reflect.StructOf([]reflect.StructField{{
		Name: "V" + strconv.FormatInt(seq, 10), Type: reflect.TypeFor[map[string][]float64](), Tag: `json:"v,omitempty"`,
	}})
	return reflect.StructOf([]reflect.StructField{
		{Name: "Own", Type: own},
		{Name: "Rec", Type: reflect.TypeFor[*freshRec]()},
		{Name: "Items", Type: reflect.TypeFor[[]Item]()},
		{Name: "Ptr", Type: reflect.PointerTo(own)},
	})
}
