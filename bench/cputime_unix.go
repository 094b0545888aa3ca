//go:build unix

package main

import "syscall"

// processCPUTime returns the user and system CPU time this process has used,
// in nanoseconds (microsecond resolution), and whether the OS reported it.
func processCPUTime() (int64, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return ru.Utime.Nano() + ru.Stime.Nano(), true
}
