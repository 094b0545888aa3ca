//go:build !unix

package main

// processCPUTime reports that this OS gives no process CPU time here: -clock
// cpu is refused and wall time is used.
func processCPUTime() (int64, bool) { return 0, false }
