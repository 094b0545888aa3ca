//go:build !unix

package safe_test

// cpuTime is 0 where getrusage is missing: no cpu-ns/op metric.
func cpuTime() int64 { return 0 }
