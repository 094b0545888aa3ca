package safejson

import (
	iengine "github.com/safejson/safejson/internal/engine"
	"github.com/safejson/safejson/internal/stats"
	"github.com/safejson/safejson/safe"
)

// Substitution is one substitute written in place of a value encoding/json
// rejects, as Options.OnSubstitute receives it (see safe.Substitution).
type Substitution = safe.Substitution

// reportOf is f as the internal options hold it: nil when f is nil.
func reportOf(f func(Substitution)) any {
	if f == nil {
		return nil
	}
	return f
}

// Stats are the process's counters, from the first EnableStats (or
// ReadStats) to the moment ReadStats read them, each map by name. Every encode and decode of package safejson
// counts in Encodes or Decodes once, by the route that gave its result; a
// value that went elsewhere than its first route counts in the fallbacks
// too. Substitutes counts what the reference encoder wrote, through
// safejson or package safe; a NaN or ±Inf the engine writes as null itself
// (sonic, without OnSubstitute) is not counted there.
type Stats struct {
	// Encodes by the route that wrote the bytes (or returned the user's
	// error): an engine ("sonic", "goccy", "std"), or "safe", the
	// reference encoder.
	Encodes map[string]uint64
	// EncodeFallbacks by cause: "rejected", the engine rejected the value
	// (a cycle, a NaN, a func…), after which another engine or the
	// reference encoder wrote it; "panicked", the engine panicked;
	// "quirk", the planner sent the value to the reference encoder because
	// the engine is known to write other bytes for its type; "prescan",
	// because its type nests too deep for the engine, or the pre-scan of
	// the value found a cycle or nesting the engine fails on.
	EncodeFallbacks map[string]uint64
	// Decodes by the route that gave the verdict: an engine ("sonic",
	// "goccy"), "std" (encoding/json), or "own", safejson's decoder of
	// any, map[string]any and []any.
	Decodes map[string]uint64
	// DecodeFallbacks by cause: "rejected", the engine failed on valid
	// input, which encoding/json decoded again; "panicked", the engine
	// panicked; "quirk", the engine is known to decode the target's type
	// wrongly, or input of the form this input has, and encoding/json
	// decoded it; "own-declined",
	// the own decoder handed the input to encoding/json (invalid, of
	// another kind than the target, a number out of range).
	DecodeFallbacks map[string]uint64
	// Substitutes by reason (the Reason constants of package safe).
	Substitutes map[string]uint64
}

// EnableStats starts the process counters (ReadStats); until it is called
// they cost an encode or a decode one load of a flag, and count nothing. The
// exporters (package compat/expvar, the Prometheus and OpenTelemetry
// modules) call it; call it at the start of main to count from there.
func EnableStats() { stats.Enable() }

// ReadStats returns the process counters, and starts them as EnableStats
// does. The counts are each exact; read while encodes run, they are not
// one instant's.
func ReadStats() Stats {
	stats.Enable()
	r := stats.Read
	s := Stats{
		Encodes: map[string]uint64{"std": r(stats.EncodeStd), "safe": r(stats.EncodeSafe)},
		EncodeFallbacks: map[string]uint64{
			"rejected": r(stats.EncodeRejected), "panicked": r(stats.EncodePanicked),
			"quirk": r(stats.EncodeQuirk), "prescan": r(stats.EncodePrescan),
		},
		Decodes: map[string]uint64{
			"std": r(stats.DecodeStd), "own": r(stats.DecodeOwn),
		},
		DecodeFallbacks: map[string]uint64{
			"rejected": r(stats.DecodeRejected), "panicked": r(stats.DecodePanicked),
			"quirk": r(stats.DecodeQuirk), "own-declined": r(stats.DecodeOwnDeclined),
		},
		Substitutes: make(map[string]uint64, stats.NumReasons),
	}
	for _, e := range iengine.All() {
		if n := e.Name(); n != "std" {
			s.Encodes[n] = r(stats.OfEngine(stats.EncodeSonic, n))
			s.Decodes[n] = r(stats.OfEngine(stats.DecodeSonic, n))
		}
	}
	for i, reason := range stats.Reasons {
		s.Substitutes[reason] = r(stats.SubstituteFirst + i)
	}
	return s
}
