//go:build goexperiment.jsonv2

package plan

// crashShapesPanic: encoding/json on json/v2 panics on the shapes of
// DecodeCrashes (docs/differences.md names them).
const crashShapesPanic = true
