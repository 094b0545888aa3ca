//go:build !goexperiment.jsonv2

//lint:file-ignore U1000 used by Go's own encode tests, which scripts/stdtests.sh adds to this package at run time

package json

// The classic encode_test.go takes these from encode.go (v2_encode_test.go
// declares its own).

type isZeroer interface{ IsZero() bool }

// startDetectingCyclesAfter is the pointer depth at which classic
// encoding/json starts looking for cycles.
const startDetectingCyclesAfter = 1000
