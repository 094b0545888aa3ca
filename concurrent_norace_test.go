//go:build !race

package safejson_test

// firstUseRace: see concurrent_race_test.go.
const firstUseRace = false
