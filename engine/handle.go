// Package engine names the JSON engines safejson may try before its own
// reference encoder, for safejson.Options.Engine.
//
// An Engine is an opaque, comparable handle. Its zero value is the default
// plan: for each type, the first compiled-in engine that is known to write
// that type exactly as encoding/json does, in an order chosen per type by a
// static rule of speed (a type that can hold a float but neither a string nor
// an interface: sonic first; any other type: goccy first),
// else the reference encoder. A non-zero
// Engine names one engine: values go to it, or, where it is known to write
// a type differently from encoding/json, to the reference encoder; never to
// another engine. Whichever runs, the bytes are the same.
//
// The engines are "sonic" (bytedance/sonic, on amd64 and arm64), "goccy"
// (goccy/go-json) and "std" (encoding/json itself, always compiled in). Which
// ones a binary holds is decided by the architecture, the Go version and the
// build tags safejson_sonic, safejson_goccy and safejson_std (each forces one
// and compiles the other third-party engine out). An engine
// that is not compiled in cannot be named: Lookup reports false for it, and
// the program falls back to the zero value or reports it, as it chooses.
// Nothing in this package depends on a build tag, so code using it compiles
// under every tag.
//
// Linked says which version of each engine a binary links, as the program's
// go.mod selected it, whether it runs natively, and whether this release of
// safejson verified it; Verified and OnUnverified sum it up.
package engine

import (
	"reflect"
	"sync"

	iengine "github.com/safejson/safejson/internal/engine"
)

// Engine names one engine compiled into this binary, or, as the zero value,
// the default plan (see the package comment). It is comparable: two Engines
// are equal when they name the same engine. Set it in safejson.Options.Engine.
type Engine struct{ n *named }

// named holds the engine an Engine names; there is one per engine, so that
// Engines compare by the engine they name, and an Engine is one pointer.
type named struct{ e iengine.Engine }

var interned sync.Map // iengine.Engine → *named

// of returns the Engine naming e.
func of(e iengine.Engine) Engine {
	if e == nil {
		return Engine{}
	}
	if !reflect.TypeOf(e).Comparable() {
		return Engine{&named{e}}
	}
	if n, ok := interned.Load(e); ok {
		return Engine{n.(*named)}
	}
	n, _ := interned.LoadOrStore(e, &named{e})
	return Engine{n.(*named)}
}

func init() {
	iengine.ToPublic = func(e iengine.Engine) any { return of(e) }
	iengine.FromPublic = func(h any) iengine.Engine {
		if n := h.(Engine).n; n != nil {
			return n.e
		}
		return nil
	}
}

// Name returns the engine's short name: "sonic", "goccy" or "std"; "" for
// the zero value. Lookup(e.Name()) returns e again.
func (e Engine) Name() string {
	if e.n == nil {
		return ""
	}
	return e.n.e.Name()
}

// String returns Name, or "default" for the zero value.
func (e Engine) String() string {
	if e.n == nil {
		return "default"
	}
	return e.n.e.Name()
}

// IsZero reports whether e is the zero value, the default plan.
func (e Engine) IsZero() bool { return e.n == nil }

// Default returns this binary's default engine: sonic on amd64 and arm64
// (where sonic builds for the Go in use), goccy elsewhere, or the one a
// build tag forces. Which compiled-in engine the default plan tries first
// is decided per type, for encoding and for decoding (see the package
// comment), so
// Default is not always the one that runs. Naming it in safejson.Options.Engine
// restricts a value to that engine or the reference encoder; the zero
// Engine lets each type go to the compiled-in engine the plan prefers for
// it.
func Default() Engine { return of(iengine.Default()) }

// All lists the engines compiled into this binary, Default first and "std"
// last. The slice is the caller's.
func All() []Engine {
	all := iengine.All()
	out := make([]Engine, len(all))
	for i, e := range all {
		out[i] = of(e)
	}
	return out
}

// Lookup returns the engine of that name ("sonic", "goccy" or "std"), and
// false when this binary does not hold it.
func Lookup(name string) (Engine, bool) {
	e, ok := iengine.ByName(name)
	if !ok {
		return Engine{}, false
	}
	return of(e), true
}
