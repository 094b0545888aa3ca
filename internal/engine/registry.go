package engine

import "slices"

// engines lists the engines compiled into this binary, Default first; the
// select_*.go file that the build tags pick defines compiled.
var engines = compiled()

// Default is the engine safejson tries first in this binary:
//   - sonic on amd64 and arm64 where sonic's native encoder builds for the Go
//     in use (up to Go 1.27 for sonic v1.15.5), goccy everywhere else;
//   - -tags safejson_sonic, safejson_goccy or safejson_std forces one. A
//     forced tag compiles the other third-party engine out (safejson_std
//     links neither); two forcing tags at once, or safejson_sonic where sonic
//     cannot build, fail to compile with an error naming the problem.
func Default() Engine { return engines[0] }

// All lists every engine compiled into this binary, Default first; std, the
// reference, is always there. The slice is the caller's.
func All() []Engine { return slices.Clone(engines) }

// ByName returns the engine of that Name compiled into this binary.
func ByName(name string) (Engine, bool) {
	for _, e := range engines {
		if e.Name() == name {
			return e, true
		}
	}
	return nil, false
}

// Native reports whether e runs its own code, not a wrapper that hands every
// value to encoding/json (what sonic compiles to where it does not support
// the architecture or the Go). goccy and std always do.
func Native(e Engine) bool {
	if n, ok := e.(interface{ native() bool }); ok {
		return n.native()
	}
	return true
}
