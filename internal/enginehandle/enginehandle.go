// Package enginehandle turns an internal engine into the public
// engine.Engine that names it, and back: what the root package, the
// conformance runner, the bench and the tests use to put any engine (a
// test's own included) into safejson.Options.Engine.
package enginehandle

import (
	"github.com/safejson/safejson/engine"
	iengine "github.com/safejson/safejson/internal/engine"
)

// Of returns the engine.Engine naming e; nil gives the zero Engine.
func Of(e iengine.Engine) engine.Engine {
	if e == nil {
		return engine.Engine{}
	}
	return iengine.ToPublic(e).(engine.Engine)
}

// Resolve returns the engine h names, nil for the zero Engine.
func Resolve(h engine.Engine) iengine.Engine { return iengine.FromPublic(h) }
