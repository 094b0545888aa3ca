//go:build !race

package race

// Enabled reports whether the binary is built with -race (see race.go).
const Enabled = false
