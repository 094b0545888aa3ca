//go:build unix

package testutil

import "syscall"

// CPUTime returns the CPU time the process has used (user and system, all
// threads, garbage collector included), in nanoseconds; 0 where the OS does
// not report it.
func CPUTime() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
