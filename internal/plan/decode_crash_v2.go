//go:build goexperiment.jsonv2

package plan

// crashShapesPanic: encoding/json on json/v2 panics on the shapes of
// DecodeCrashes (golang/go#81244, golang/go#81297).
const crashShapesPanic = true
