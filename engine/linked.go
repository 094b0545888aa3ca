package engine

import (
	"runtime"
	"runtime/debug"
	"slices"
	"sync"

	iengine "github.com/safejson/safejson/internal/engine"
)

//go:generate go run ../internal/cmd/verified

// Info is what a binary holds of one engine: which version is linked, and
// whether it is one this release of safejson was verified with.
type Info struct {
	Engine Engine
	// Module is the engine's Go module ("github.com/bytedance/sonic",
	// "github.com/goccy/go-json"); "std" for encoding/json.
	Module string
	// Version is the module version the program was built with, as the
	// user's go.mod selected it ("v1.15.5"; a replacement's version, or its
	// directory when it has none); for std, the Go release, with the
	// experiments it was built with (runtime.Version: "go1.27.4", or
	// "go1.27.4-X:nojsonv2" for the classic flavour of Go 1.27's
	// encoding/json). "" when the binary holds no module information (a test
	// binary, or one built without modules).
	Version string
	// Native is false when the engine hands every value to encoding/json
	// instead of running its own code: what sonic compiles to on an
	// architecture or a Go it does not support. The bytes are right either
	// way; the speed is not the engine's.
	Native bool
	// Verified reports whether Version is one this release of safejson ran
	// its conformance corpus on and passed (see Verified).
	Verified bool
}

// modules are the Go modules of the third-party engines.
var modules = map[string]string{"sonic": "github.com/bytedance/sonic", "goccy": "github.com/goccy/go-json"}

// Linked returns, for each engine compiled into this binary (in the order of
// All), the version linked, whether it runs natively and whether it is
// verified. The versions come from the binary's build information
// (runtime/debug.ReadBuildInfo), so they are those the program's own go.mod
// selected, which may be newer than safejson's: Go's minimum version selection
// takes the highest any dependency asks for. The slice is the caller's.
func Linked() []Info { return slices.Clone(linked()) }

var linked = sync.OnceValue(func() []Info {
	bi, _ := debug.ReadBuildInfo()
	return linkedFrom(bi, runtime.Version())
})

// linkedFrom is Linked for that build information and std version.
func linkedFrom(bi *debug.BuildInfo, std string) []Info {
	var out []Info
	for _, e := range iengine.All() {
		in := Info{Engine: of(e), Module: "std", Version: std, Native: iengine.Native(e)}
		if m, ok := modules[e.Name()]; ok {
			in.Module, in.Version = m, moduleVersion(bi, m)
		}
		in.Verified = isVerified(in.Module, in.Version)
		out = append(out, in)
	}
	return out
}

// moduleVersion is the version of module path in bi, the replacement's when
// it is replaced; "" when bi does not list it.
func moduleVersion(bi *debug.BuildInfo, path string) string {
	if bi == nil {
		return ""
	}
	for _, d := range bi.Deps {
		if d.Path != path {
			continue
		}
		if r := d.Replace; r != nil {
			if r.Version != "" {
				return r.Version
			}
			return r.Path
		}
		return d.Version
	}
	return ""
}

// isVerified reports whether version of module is in the generated table.
func isVerified(module, version string) bool {
	return version != "" && slices.Contains(verified[module], version)
}

// Verified reports whether every engine of Linked is verified: the exact
// version this binary links is one whose conformance run this release of
// safejson passed, and so is the Go release std runs on (with its
// experiments, which choose the flavour of encoding/json). A binary built
// with a newer sonic or goccy than safejson was checked with (another
// dependency asked for it), or with a Go patch release that came out since,
// is not; the bytes may still be right, and `go run
// github.com/safejson/safejson/cmd/enginecheck` from the program's module
// checks them.
func Verified() bool {
	for _, in := range linked() {
		if !in.Verified {
			return false
		}
	}
	return true
}

// OnUnverified calls report once for each engine of Linked that is not
// verified, in order, and returns how many it reported: for a program that
// wants to log it, or to fail its start-up. safejson itself prints nothing
// about it, and calls nothing unless asked.
func OnUnverified(report func(Info)) int {
	n := 0
	for _, in := range linked() {
		if !in.Verified {
			report(in)
			n++
		}
	}
	return n
}
