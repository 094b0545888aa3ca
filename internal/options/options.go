// Package options is the one internal form of an encode's settings.
// safejson.Options and safe.Options (the public forms) each become an
// Options in one place, normalised and validated there, once per encode;
// the reference encoder's state (package safe), the planner's request
// (internal/plan) and the engine's options (internal/engine) are all read
// from it.
package options

import (
	"fmt"
	"strconv"

	"github.com/safejson/safejson/internal/engine"
)

// The circular policies of safe.Circular, by value.
const (
	CircularOmit = iota
	CircularPlaceholder
	CircularError
)

// CircularName is the name of a circular policy (safe.Circular.String).
func CircularName(c int) string {
	switch c {
	case CircularOmit:
		return "CircularOmit"
	case CircularPlaceholder:
		return "CircularPlaceholder"
	case CircularError:
		return "CircularError"
	}
	return "Circular(" + strconv.Itoa(c) + ")"
}

// Defaults and bounds of the settings (exported by package safe).
const (
	// DefaultMaxDepth is MaxDepth when the user's is 0.
	DefaultMaxDepth = 10000
	// HardMaxDepth bounds MaxDepth (a larger one is invalid), so that the
	// encoder's recursion stays far from the goroutine stack limit (a fatal
	// error, not a panic, in Go).
	HardMaxDepth = 100000
	// DefaultPlaceholder is Placeholder when the user's is empty.
	DefaultPlaceholder = "[Circular]"
)

// Options are an encode's settings. The public Options types each fill the
// user's fields in (one place each), then call Normalize, once; from then on
// every default is filled in and every bound applied.
type Options struct {
	Circular     int    // a policy (CircularOmit …)
	Placeholder  string // normalised: never empty
	MaxDepth     int    // normalised: 1 to HardMaxDepth
	MaxBreadth   int    // 0: unlimited
	Strict       bool
	Replacer     func(key string, value any) (any, bool)
	NoEscapeHTML bool
	Prefix       string
	Indent       string
	// LineBreaks asks for json.MarshalIndent's layout even with an empty
	// Prefix and Indent (MarshalIndent, AppendIndent).
	LineBreaks bool
	// Engine is the engine safejson.Options names, nil for the default plan.
	Engine engine.Engine
	// API is the package whose Options these are ("safejson" or "safe"),
	// which names it in their errors; "" is "safejson".
	API string
	// OnSubstitute is the func(safe.Substitution) of the public OnSubstitute,
	// nil for none (an any: this package cannot name package safe's type).
	OnSubstitute any
}

// Normalize validates o, as Validate, and fills in the defaults and bounds.
func (o *Options) Normalize() error {
	if o.Circular != CircularOmit || o.Placeholder != "" || o.MaxDepth != 0 || o.MaxBreadth != 0 {
		// Beyond the common case, which is valid by construction.
		if err := o.Validate(); err != nil {
			return err
		}
	}
	if o.Placeholder == "" {
		o.Placeholder = DefaultPlaceholder
	}
	if o.MaxDepth == 0 {
		o.MaxDepth = DefaultMaxDepth
	}
	return nil
}

// Validate reports whether the user's settings in o are usable: MaxDepth
// from 0 to HardMaxDepth, MaxBreadth not negative, Circular one of the
// policies, and Placeholder set only with CircularPlaceholder. Its errors
// begin with the name of the package whose Options o are (o.API).
func (o *Options) Validate() error {
	api := o.API
	if api == "" {
		api = "safejson"
	}
	switch {
	case o.MaxDepth < 0:
		return fmt.Errorf("%s: MaxDepth must not be negative, got %d", api, o.MaxDepth)
	case o.MaxDepth > HardMaxDepth:
		return fmt.Errorf("%s: MaxDepth must be at most %d, got %d", api, HardMaxDepth, o.MaxDepth)
	case o.MaxBreadth < 0:
		return fmt.Errorf("%s: MaxBreadth must not be negative, got %d", api, o.MaxBreadth)
	case o.Circular < CircularOmit || o.Circular > CircularError:
		return fmt.Errorf("%s: unknown Circular policy %d", api, o.Circular)
	case o.Placeholder != "" && o.Circular != CircularPlaceholder:
		return fmt.Errorf("%s: Placeholder %q is set but Circular is %s, not CircularPlaceholder", api, o.Placeholder, CircularName(o.Circular))
	}
	return nil
}

// Indented reports whether the output is laid out as json.MarshalIndent's.
func (o *Options) Indented() bool { return o.LineBreaks || o.Prefix != "" || o.Indent != "" }

// SafeOnly reports whether o needs what only the reference encoder does: a
// replacer (called once per value), a breadth limit, or MarshalIndent's
// layout with an empty prefix and indent (engines take those for compact
// output).
func (o *Options) SafeOnly() bool {
	return o.Replacer != nil || o.MaxBreadth != 0 || (o.LineBreaks && o.Prefix == "" && o.Indent == "")
}

// EngineOptions are the engine's options for o; nullForNonFinite is the
// planner's answer for the value (see engine.Options).
func (o *Options) EngineOptions(nullForNonFinite bool) engine.Options {
	return engine.Options{NoEscapeHTML: o.NoEscapeHTML, Prefix: o.Prefix, Indent: o.Indent, NullForNonFinite: nullForNonFinite}
}

// SafeAppend is the reference encoder under normalised options: it appends
// v's encoding to dst, as safe.Options.Append does, without validating
// again. Package safe sets it when it is initialised, before any package
// that imports safe.
var SafeAppend func(dst []byte, v any, o Options) ([]byte, error)
