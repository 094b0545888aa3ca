//go:build !race

package anydec_test

// poolSlack: no slack without the race detector (see race_on_test.go).
const poolSlack = 0
