package corpus

import "github.com/safejson/safejson/internal/flavor"

// Options are the options a case is encoded under, as safejson.Options has
// them (the corpus imports neither safejson nor its engines, so that the tests
// of every package can read it). The zero Options are encoding/json's
// defaults: the only ones the differential tests of package safe and of the
// engines take (Options.IsZero).
type Options struct {
	// NoEscapeHTML, Prefix and Indent are encoding/json's own options
	// (json.Encoder's SetEscapeHTML(false) and SetIndent).
	NoEscapeHTML bool
	Prefix       string
	Indent       string
	// MaxDepth, MaxBreadth, Strict, Circular (by name), Placeholder and
	// Replacer are safejson's options of the same names.
	MaxDepth    int
	MaxBreadth  int
	Strict      bool
	Circular    string
	Placeholder string
	Replacer    func(key string, v any) (any, bool)
}

// The names of safejson's cycle policies other than the default
// (CircularOmit, named ""), for Options.Circular.
const (
	CircularPlaceholder = "placeholder"
	CircularError       = "error"
)

// DefaultMaxDepth is safejson's default MaxDepth (safe.DefaultMaxDepth, which
// a test of package conformance checks it equals).
const DefaultMaxDepth = flavor.JSONv2DepthLimit

// IsZero reports whether o are encoding/json's defaults: nothing set.
func (o Options) IsZero() bool {
	return !o.NoEscapeHTML && o.Prefix == "" && o.Indent == "" && o.StdOnly()
}

// StdOnly reports whether o set no more than encoding/json's own options
// (NoEscapeHTML, Prefix, Indent).
func (o Options) StdOnly() bool {
	return o.MaxDepth == 0 && o.MaxBreadth == 0 && !o.Strict && o.Circular == "" &&
		o.Placeholder == "" && o.Replacer == nil
}
