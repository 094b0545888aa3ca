//go:build !bench_full

package main

import "io"

// runFull is nil in the default build: run hands -load, -http, -text and
// -corpus to the bench_full build (delegateFull), so that the seed's table
// compiles and downloads only safejson and its engines.
var runFull func(f fullFlags, stdout, stderr io.Writer) error
