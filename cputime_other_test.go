//go:build !unix

package safejson_test

// cpuTime is 0 where getrusage is not there: no cpu-ns/op figure.
func cpuTime() int64 { return 0 }
