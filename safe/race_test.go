//go:build race

package safe_test

// raceEnabled: the race detector slows the large inputs tenfold; they test
// limits, not concurrency, and are cut down under it.
const raceEnabled = true
