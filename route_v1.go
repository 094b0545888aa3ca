//go:build !goexperiment.jsonv2

package safejson

// decodedShapesToStd says whether values of the shapes of decoded JSON (any,
// []any, map[string]any at the top) go to encoding/json, after a pre-scan,
// rather than to the reference encoder. The classic encoding/json writes them
// 2–3× slower than the reference encoder does (see README, "Routes"): no.
const decodedShapesToStd = false
