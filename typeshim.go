package safejson

import "github.com/safejson/safejson/internal/plan"

// The decode planner (decode_plan.go) reads this fact of the encode
// planner's, which lives in internal/plan.
const maxTypeNest = plan.MaxTypeNest
