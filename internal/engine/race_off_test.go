//go:build !race

package engine

// raceEnabled: the test binary is built with -race, under which sonic takes
// other paths (its encoder calls encoding/json too; its decoder loses the sign
// of a top-level -0).
const raceEnabled = false
