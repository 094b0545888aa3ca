// Package testutil holds the helpers that safejson's tests share: the one
// error comparison against encoding/json (SameError), whether the race
// detector is on (RaceEnabled), the process CPU clock (CPUTime), and the
// nested values and types that tests of depth limits build (NestedArrays,
// NestedAny, NestedType). It imports only the standard library and testify,
// so that a package's own internal tests can use it.
package testutil
