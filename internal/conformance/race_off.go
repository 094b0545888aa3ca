//go:build !race

package conformance

// raceBuild: the race detector is on (see race_on.go).
const raceBuild = false
