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

// LiveHeap collects garbage twice (the second run frees what finalizers of
// the first released) and returns the bytes of live heap objects.
func LiveHeap() int64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapAlloc)
}
