package testutil

import (
	"runtime"
	"testing"

	"github.com/safejson/safejson/internal/race"
)

// RaceEnabled reports whether the binary is built with -race. Under it,
// sync.Pool drops items at random, the race detector slows large inputs
// tenfold, and sonic takes other paths (its encoder also runs encoding/json
// on every value); tests that depend on any of these read it.
const RaceEnabled = race.Enabled

// Reduced reports whether heavy tests run at a reduced size: under -short,
// under the race detector, or on an architecture other than amd64 (the
// suite runs arm64 under qemu user emulation, many times slower). A test that
// reads it keeps every assertion and shrinks only its input or its count,
// and says so in its doc. Where a bound is asserted in CPU time it is
// asserted only when Reduced is false.
func Reduced() bool {
	return testing.Short() || RaceEnabled || runtime.GOARCH != "amd64"
}
