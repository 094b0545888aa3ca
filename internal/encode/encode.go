// Package encode is safejson's one encode executor: the place where an
// encode is routed, tried on an engine, fallen back to the reference
// encoder and counted. Every encode of the root package's API (Marshal,
// MarshalIndent, Append, Encoder.Encode) is one call of Append.
//
// The steps:
//
//  1. The planner (plan.RouteEncode) picks the engine for the value, or the
//     reference encoder (package safe) with the cause: a quirk of the
//     engines for the type, a pre-scan that found a cycle or nesting the
//     engine fails on, or options only the reference encoder honours.
//  2. The engine tries, a panic inside it recovered.
//  3. A NaN or ±Inf the first engine rejects is written by the route's
//     Retry, the engine that writes them as null itself (and the type goes
//     to it first from then on).
//  4. Any other rejection, or a panic, falls back to the reference encoder,
//     which writes the substitute or the exact std error; after a panic it
//     runs the value again, so a panic of the user's own code (a
//     MarshalJSON) is raised again there, as encoding/json raises it, and a
//     panic of the engine's is not. An error the engine returns in std form
//     (the user's own, engine.NeedsFallback false) is returned as it is.
//
// Each encode counts once in the Encode counters of internal/stats, by the
// route that wrote its bytes, and once in the fallback counters by the
// cause of each step that passed it on.
package encode

import (
	"github.com/safejson/safejson/internal/engine"
	"github.com/safejson/safejson/internal/options"
	"github.com/safejson/safejson/internal/plan"
	"github.com/safejson/safejson/internal/stats"
)

// Append appends the JSON encoding of v under opts (normalised) to dst. On
// error dst is returned unchanged in length, and nothing is appended.
func Append(dst []byte, v any, opts *options.Options) ([]byte, error) {
	d := plan.RouteEncode(opts, v)
	if d.Engine == nil {
		countSafe(d.Cause)
		return options.SafeAppend(dst, v, *opts)
	}
	n := len(dst)
	opts.NullForNonFinite = d.NullForNonFinite
	out, err, panicked := attempt(d.Engine, dst, v, opts.Output)
	switch {
	case err == nil && !panicked:
		countEngine(d.Engine)
		return out, nil
	case !panicked && d.Retry != nil && engine.IsNonFinite(err):
		d.NonFiniteMet()
		stats.Add(stats.EncodeRejected)
		opts.NullForNonFinite = true
		out, err, panicked = attempt(d.Retry, dst[:n:n], v, opts.Output)
		if err == nil && !panicked {
			countEngine(d.Retry)
			return out, nil
		}
		if !panicked && !engine.NeedsFallback(err) {
			countEngine(d.Retry)
			return dst[:n], err
		}
	case !panicked && !engine.NeedsFallback(err):
		countEngine(d.Engine)
		return dst[:n], err
	}
	countFallback(panicked)
	return options.SafeAppend(dst[:n:n], v, *opts)
}

// attempt runs the engine, turning a panic inside it into panicked.
func attempt(eng engine.Engine, dst []byte, v any, out options.Output) (b []byte, err error, panicked bool) {
	defer func() {
		if r := recover(); r != nil {
			panicked = true
		}
	}()
	b, err = eng.Append(dst, v, out)
	return b, err, false
}

// countEngine counts an encode whose bytes (or user error) engine e wrote.
func countEngine(e engine.Engine) {
	if stats.Enabled() {
		stats.Add(stats.OfEngine(stats.EncodeSonic, e.Name()))
	}
}

// countSafe counts an encode the planner sent to the reference encoder,
// and its cause when that is a fallback foreseen.
func countSafe(cause plan.Cause) {
	if !stats.Enabled() {
		return
	}
	stats.Add(stats.EncodeSafe)
	switch cause {
	case plan.CauseQuirk:
		stats.Add(stats.EncodeQuirk)
	case plan.CausePrescan:
		stats.Add(stats.EncodePrescan)
	}
}

// countFallback counts an engine's failure, then the reference encoder's
// encode.
func countFallback(panicked bool) {
	if panicked {
		stats.Add(stats.EncodePanicked)
	} else {
		stats.Add(stats.EncodeRejected)
	}
	stats.Add(stats.EncodeSafe)
}
