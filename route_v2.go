//go:build goexperiment.jsonv2

package safejson

// decodedShapesToStd says whether values of the shapes of decoded JSON (any,
// []any, map[string]any at the top) go to encoding/json, after a pre-scan,
// rather than to the reference encoder. encoding/json on json/v2 writes them
// faster than the reference encoder, pre-scan included (see README,
// "Routes"): yes. The pre-scan keeps from it every cycle, so the ones that
// would kill it (category K) too, values nested deeper than engineDepthLimit,
// and non-finite floats, which it rejects.
const decodedShapesToStd = true
