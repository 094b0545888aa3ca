//go:build !race

package testutil

// RaceEnabled reports whether the binary is built with -race (see race.go).
const RaceEnabled = false
