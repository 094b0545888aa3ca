//go:build !race

package safe_test

// raceEnabled: see race_test.go.
const raceEnabled = false
