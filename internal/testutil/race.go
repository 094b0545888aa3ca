package testutil

import "github.com/safejson/safejson/internal/race"

// RaceEnabled reports whether the binary is built with -race. Under it,
// sync.Pool drops items at random, the race detector slows large inputs
// tenfold, and sonic takes other paths (its encoder also runs encoding/json
// on every value); tests that depend on any of these read it.
const RaceEnabled = race.Enabled
