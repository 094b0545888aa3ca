// Package testutil holds the helpers that safejson's tests share: the one
// error comparison against encoding/json (SameError, ErrorDiff), whether the
// race detector is on (RaceEnabled) and whether heavy tests run reduced
// (Reduced) and whether the build names an engine tag (EngineTagged), the process CPU clock (CPUTime), what a
// call allocates and what stays live (Allocated, LiveHeap), and the nested
// values and types that tests of depth limits build (NestedArrays,
// NestedAny, NestedType, Iface). It imports only the standard library and
// testify, so that a package's own internal tests can use it.
package testutil
