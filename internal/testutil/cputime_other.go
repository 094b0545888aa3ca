//go:build !unix

package testutil

// CPUTime is 0 where getrusage is missing: benchmarks report no cpu-ns/op.
func CPUTime() int64 { return 0 }
