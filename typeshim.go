package safejson

import (
	"encoding/json"
	"reflect"

	"github.com/safejson/safejson/internal/plan"
)

// The decode planner (decode_plan.go) reads these facts of the encode
// planner's, which lives in internal/plan.
const maxTypeNest = plan.MaxTypeNest

var (
	typeNest       = plan.TypeNest
	rawMessageType = reflect.TypeFor[json.RawMessage]()
	numberType     = reflect.TypeFor[json.Number]()
)
