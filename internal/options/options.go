// Package options is the one internal form of an encode's settings, from
// the API to the engines. safejson.Options and safe.Options (the public
// forms) each become an Options in one place (their internal method),
// validated and normalised there by Normalize, once per call; the reference
// encoder (package safe), the planner (internal/plan) and the engines
// (internal/engine, which read its Output) all read that Options, and the
// test corpus (internal/corpus) states its cases' settings in it.
//
// The package imports nothing of safejson's, so that every package may read
// it: package safe without linking the engines, internal/engine without a
// cycle.
package options

import (
	"fmt"
	"strconv"

	"github.com/safejson/safejson/internal/flavor"
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
	DefaultMaxDepth = flavor.JSONv2DepthLimit
	// HardMaxDepth bounds MaxDepth (a larger one is invalid), so that the
	// encoder's recursion stays far from the goroutine stack limit (a fatal
	// error, not a panic, in Go).
	HardMaxDepth = 100000
	// DefaultPlaceholder is Placeholder when the user's is empty.
	DefaultPlaceholder = "[Circular]"
)

// Options are an encode's settings. A public Options type fills the user's
// fields in (its internal method, one per type), then calls Normalize, once;
// from then on every default is filled in and every bound applied.
type Options struct {
	// Output is what an engine reads.
	Output
	Circular    int    // a policy (CircularOmit …)
	Placeholder string // normalised: never empty
	MaxDepth    int    // normalised: 1 to HardMaxDepth
	MaxBreadth  int    // 0: unlimited
	Strict      bool
	Replacer    func(key string, value any) (any, bool)
	// LineBreaks asks for json.MarshalIndent's layout even with an empty
	// Prefix and Indent (SetMarshalIndent).
	LineBreaks bool
	// Engine is the engine safejson.Options names, nil for the default
	// plan: an internal/engine.Engine, held as any because that package
	// reads these Options (internal/plan asserts it).
	Engine any
	// API is the package whose Options these are ("safejson" or "safe"),
	// which names it in their errors; "" is "safejson".
	API string
	// OnSubstitute is the func(safe.Substitution) of the public OnSubstitute,
	// nil for none (an any: this package cannot name package safe's type).
	OnSubstitute any
}

// Output is the part of Options that every encoder honours, an engine's
// Append included: encoding/json's own settings, and the planner's answer
// for the value. The zero Output is json.Marshal.
type Output struct {
	// NoEscapeHTML is json.Encoder.SetEscapeHTML(false).
	NoEscapeHTML bool
	// Prefix and Indent are json.MarshalIndent's and json.Encoder.SetIndent's.
	// An empty prefix and indent mean compact output (but see
	// Options.LineBreaks).
	Prefix, Indent string
	// NullForNonFinite asks an engine to write null for a NaN or ±Inf float
	// (safejson's default substitute) instead of rejecting the value, where
	// it can do so exactly as the reference encoder does; an engine that
	// cannot ignores it and rejects the value. The caller sets it per value,
	// from the planner's answer (plan.EncodeRoute), never for a value holding a
	// float field with the ",string" option: sonic writes "null" there,
	// quoted (internal/plan: noNullForNonFinite). The reference encoder does
	// not read it.
	NullForNonFinite bool
}

// Indented reports whether o asks for json.MarshalIndent's layout: as in
// encoding/json, an empty prefix and indent mean compact output.
func (o Output) Indented() bool { return o.Prefix != "" || o.Indent != "" }

// SetMarshalIndent sets json.MarshalIndent's layout: prefix and indent, and
// every member on its own line even when both are empty. It is how the
// MarshalIndent and AppendIndent of every public form lay their output out.
func (o *Options) SetMarshalIndent(prefix, indent string) {
	o.Prefix, o.Indent, o.LineBreaks = prefix, indent, true
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
func (o *Options) Indented() bool { return o.LineBreaks || o.Output.Indented() }

// SafeOnly reports whether o needs what only the reference encoder does: a
// replacer (called once per value), a breadth limit, or MarshalIndent's
// layout with an empty prefix and indent (engines take those for compact
// output).
func (o *Options) SafeOnly() bool {
	return o.Replacer != nil || o.MaxBreadth != 0 || (o.LineBreaks && o.Prefix == "" && o.Indent == "")
}

// SafeAppend is the reference encoder under normalised options: it appends
// v's encoding to dst, as safe.Options.Append does, without validating
// again. Package safe sets it when it is initialised, before any package
// that imports safe.
var SafeAppend func(dst []byte, v any, o Options) ([]byte, error)
