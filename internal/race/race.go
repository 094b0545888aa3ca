//go:build race

// Package race says whether the binary is built with -race, for code that
// is not test code (testutil.RaceEnabled is the same constant) and must not
// pull a test dependency into a user's build: the conformance runner that
// cmd/enginecheck links.
package race

// Enabled reports whether the binary is built with -race. Under it, sonic
// also runs encoding/json on every value it encodes.
const Enabled = true
