//go:build race

package plan

// raceEnabled: the test binary is built with -race, under which sync.Pool
// drops items at random.
const raceEnabled = true
