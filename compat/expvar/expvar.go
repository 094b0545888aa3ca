// Package expvar publishes safejson's process counters (safejson.ReadStats)
// through the standard library's expvar, on request: importing it
// publishes nothing (importing the standard expvar registers its
// /debug/vars handler on http.DefaultServeMux, which is why the core
// package does not).
package expvar

import (
	"expvar"

	"github.com/safejson/safejson"
	"github.com/safejson/safejson/engine"
)

// Publish starts the counters (safejson.EnableStats) and publishes them
// under name, read anew each time expvar
// is read (at /debug/vars, a JSON object of the five maps of
// safejson.Stats). Like expvar.Publish, it panics if name is taken.
func Publish(name string) {
	safejson.EnableStats()
	expvar.Publish(name, expvar.Func(func() any { return safejson.ReadStats() }))
}

// PublishEngines publishes under name the engines this binary links
// (engine.Linked: name, module, version as built, whether native, whether
// verified) and whether all are verified (engine.Verified), as a JSON object
// {"engines": [...], "verified": bool}. Like expvar.Publish, it panics if
// name is taken.
func PublishEngines(name string) {
	expvar.Publish(name, expvar.Func(func() any { return engines() }))
}

// EngineInfo is one engine as PublishEngines writes it.
type EngineInfo struct {
	Engine   string `json:"engine"`
	Module   string `json:"module"`
	Version  string `json:"version"`
	Native   bool   `json:"native"`
	Verified bool   `json:"verified"`
}

func engines() any {
	var out struct {
		Engines  []EngineInfo `json:"engines"`
		Verified bool         `json:"verified"`
	}
	for _, in := range engine.Linked() {
		out.Engines = append(out.Engines, EngineInfo{in.Engine.Name(), in.Module, in.Version, in.Native, in.Verified})
	}
	out.Verified = engine.Verified()
	return out
}
