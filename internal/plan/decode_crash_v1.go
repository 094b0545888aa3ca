//go:build !goexperiment.jsonv2

package plan

// crashShapesPanic: the classic encoding/json decodes the shapes of
// DecodeCrashes without a panic.
const crashShapesPanic = false
