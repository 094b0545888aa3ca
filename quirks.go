package safejson

import "github.com/safejson/safejson/engine"

// avoidMask returns the features whose values must not go to an engine with
// quirks q: those it rejects anyway (so the attempt is wasted), and those it is
// known to write differently from encoding/json.
func avoidMask(q engine.Quirks) features {
	return featUnsupported | featBadMapKey
}
