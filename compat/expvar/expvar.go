// Package expvar publishes safejson's process counters (safejson.ReadStats)
// through the standard library's expvar, on request: importing it
// publishes nothing (importing the standard expvar registers its
// /debug/vars handler on http.DefaultServeMux, which is why the core
// package does not).
package expvar

import (
	"expvar"

	"github.com/safejson/safejson"
)

// Publish starts the counters (safejson.EnableStats) and publishes them
// under name, read anew each time expvar
// is read (at /debug/vars, a JSON object of the five maps of
// safejson.Stats). Like expvar.Publish, it panics if name is taken.
func Publish(name string) {
	safejson.EnableStats()
	expvar.Publish(name, expvar.Func(func() any { return safejson.ReadStats() }))
}
