//go:build unix

package safejson_test

import "syscall"

// cpuTime returns the CPU time the process has used (user and system, all
// threads, garbage collector included), in nanoseconds.
func cpuTime() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
