//go:build race

package safejson_test

// firstUseRace: the test binary is built with -race (see
// TestConcurrentFirstUseRandomTypes).
const firstUseRace = true
