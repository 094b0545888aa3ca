package engine

// Handle is the public name of an engine: the type package
// github.com/safejson/safejson/engine exports as engine.Engine, and
// safejson.Options.Engine holds. It is opaque and comparable, and its zero
// value is "the default plan" (no engine named: the planner picks one per
// type among the compiled-in engines). Nothing of it depends on a build tag.
//
// Code inside the module makes a Handle of any Engine with HandleOf (a test's
// own engine included) and gets the Engine back with Resolve.
type Handle struct{ e Engine }

// HandleOf returns the handle naming e; nil gives the zero Handle.
func HandleOf(e Engine) Handle { return Handle{e} }

// Resolve returns the engine h names, nil for the zero Handle.
func Resolve(h Handle) Engine { return h.e }

// Name is the engine's short name ("sonic", "goccy" or "std"), "" for the
// zero value.
func (h Handle) Name() string {
	if h.e == nil {
		return ""
	}
	return h.e.Name()
}

// String is Name, or "default" for the zero value.
func (h Handle) String() string {
	if h.e == nil {
		return "default"
	}
	return h.e.Name()
}

// IsZero reports whether h is the zero value, the default plan.
func (h Handle) IsZero() bool { return h.e == nil }
