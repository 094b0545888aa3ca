package testutil

import "runtime"

// Allocated returns the bytes f allocates (the growth of
// runtime.MemStats.TotalAlloc over the call).
func Allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}
