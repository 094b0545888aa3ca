// Package plan decides, per value, which encoder writes it: an engine
// (internal/engine) known to write exactly what encoding/json writes for the
// value's type, or the reference encoder (package safe). RouteEncode and
// RouteDecode are the whole decision; the rest of the package is what it
// rests on: the features of a type (plan.go, computed once per
// reflect.Type), the features each engine's quirks must not see (quirks.go),
// the decode plan (decode.go), and the pre-scan of values whose type can hold
// a cycle (scan.go).
package plan

import (
	"reflect"
	"sync/atomic"

	"github.com/safejson/safejson/internal/engine"
	"github.com/safejson/safejson/internal/options"
	"github.com/safejson/safejson/internal/stats"
)

// EngineDepthLimit is the deepest JSON nesting a value may have to go to an
// engine. Engines fail on deep values (sonic: "Value nesting too deep" near 2048
// levels, goccy at flavor.JSONv2DepthLimit) or start a slow cycle search (encoding/json after 1000
// pointer levels); a value this deep goes to the reference encoder, which is
// linear in its size whatever its depth.
const EngineDepthLimit = 1000

// MaxDecodedMembers is the most map members a value of decoded JSON's shape
// (any, map[string]any, []any …) may hold to go to an engine, after the
// pre-scan has found no cycle, no nesting over the limit and no concrete type
// the engine must not see. The reference encoder orders map members through
// a pointer-free index and is the fastest writer of member-heavy trees; the
// engines write long strings and arrays of numbers faster: goccy strings,
// sonic floats, so a value holding a float goes to sonic first, any other
// to goccy first. The bound and the order rest on bench's
// BenchmarkCorpusMarshal/<file>/any/safejson (process CPU time, both
// toolchains; the figures are in docs/benchmarks.md): below the bound the
// engines are faster than the reference encoder, pre-scan included (the
// string and canada_geometry files), above it slower (citm_catalog,
// twitter_status, synthea_fhir, golang_source, the items files).
//
// The walk stops at the map that takes it over the bound, so a member-heavy
// tree pays for the walk of its first maps only.
const MaxDecodedMembers = 128

// EncodeRoute is where a value goes: RouteEncode's answer, as DecodeRoute is
// RouteDecode's.
type EncodeRoute struct {
	// Engine writes the value; nil means the reference encoder.
	Engine engine.Engine
	// NullForNonFinite is options.Output.NullForNonFinite for the value.
	NullForNonFinite bool
	// Retry is the engine to try, with NullForNonFinite, when Engine rejects
	// the value for a NaN or ±Inf (nonFiniteRetry); nil for none.
	Retry engine.Engine
	met   *atomic.Bool // the type's typeInfo.nonFinite, for NonFiniteMet
	// Cause says why Engine is nil: the reference encoder chosen, or a
	// fallback foreseen (CauseQuirk, CausePrescan). The stats count reads it.
	Cause Cause
}

// Cause is why RouteEncode sent a value to the reference encoder.
type Cause uint8

const (
	// CauseChosen: the reference encoder is the route itself, not a
	// fallback (options only it honours, a type with the user's methods, a
	// value of decoded JSON's shape holding more than MaxDecodedMembers
	// members, no engine to try).
	CauseChosen Cause = iota
	// CauseQuirk: every engine that could take the value is known to write
	// other bytes for its type.
	CauseQuirk
	// CausePrescan: the type's nesting, or the pre-scan of the value, found
	// what an engine fails on (a cycle, nesting over EngineDepthLimit, a
	// concrete type it must not see behind an interface).
	CausePrescan
)

// candidate is an engine the planner may pick, with the features it must not
// be given.
type candidate struct {
	eng   engine.Engine
	avoid features
}

// defaultCandidates are the engines tried for Options with no Engine, in
// engine.All's order: the default engine, then the other third-party engines
// compiled in, so that a type one engine writes wrongly can go to another
// rather than to the slower reference encoder. encoding/json is no candidate:
// the reference encoder writes the same bytes, as fast or faster, and never
// fails. An engine with quirks the planner does not know is no candidate
// either.
var defaultCandidates = func() []candidate {
	var cs []candidate
	for _, e := range engine.All() {
		if e == engine.Std() && len(cs) > 0 {
			continue
		}
		if c, ok := candidateFor(e); ok {
			cs = append(cs, c)
		}
	}
	return cs
}()

// The engine a type goes to first, when more than one could take it: a static
// rule from the type's features. Both engines write the same bytes for what
// they are given, so the rule is one of speed only.
//
//   - A type that can hold a float but neither a string nor an interface
//     (numeric records and arrays, [][2]float64) goes to sonic first:
//     sonic writes NaN and ±Inf as null itself (EncodeRoute.NullForNonFinite),
//     where goccy rejects the value and the reference encoder writes it
//     after the failed attempt (BenchmarkMarshal/nan-20), and the two are about
//     even on floats otherwise (canada_geometry typed goes to goccy).
//   - Any other type goes to goccy first: it writes strings faster, and
//     sonic's encoding of interface fields allocates per value (synthea_fhir
//     typed). The price: a value of such a type holding a NaN goes through
//     goccy's rejection first.
//
// The rule rests on bench's BenchmarkCorpusMarshal/<file>/typed/safejson
// under -engine sonic and -engine goccy (Options{Engine: …}, the wrappers of
// internal/engine), process CPU time per call, on both toolchains; the
// figures are in docs/benchmarks.md. (bench measures the default engine's
// name as the default plan: sonic alone, where it is the default, is timed
// through Options{Engine: engine.Lookup("sonic")} directly.) Sending every
// type that is neither recursive nor holds an interface to sonic first was
// measured and rejected: sonic pays a fixed cost per call (a heap-allocated
// copy of the interface header, its own pools) that makes it slower on small
// values and no faster on the seed's items.
//
// The choice is static, not measured at first use (timing the first encodes
// of a type through each engine): where the engines are close
// (canada_geometry, citm_catalog, items), the faster engine of a short batch
// changes from round to round, so a choice made from the first few calls
// would be a coin toss per process there, and right only where the static
// rule is right too.
var (
	numericCandidates = preferring(defaultCandidates, "sonic")
	otherCandidates   = preferring(defaultCandidates, "goccy")
)

// preferring returns cs with the engine named first, if it is among them,
// moved to the front; the others keep their order.
func preferring(cs []candidate, first string) []candidate {
	out := make([]candidate, 0, len(cs))
	for _, c := range cs {
		if c.eng.Name() == first {
			out = append(out, c)
		}
	}
	for _, c := range cs {
		if c.eng.Name() != first {
			out = append(out, c)
		}
	}
	return out
}

// candidatesFor returns the default candidates for a type with info ti, in
// the order of the rule above: a bit test, no lookup.
func candidatesFor(ti *typeInfo) []candidate {
	if ti.feat&(featFloat|featString|featDynamic) == featFloat || ti.nonFinite.Load() {
		return numericCandidates
	}
	return otherCandidates
}

// nonFiniteRetry returns the engine to try, writing NaN and ±Inf as null,
// when an engine that does not write them rejects a value of a type with
// info ti for one (goccy does; sonic writes null itself): the first default
// candidate that writes them and may take the type without a pre-scan; nil
// when there is none. It is computed once per type (typeInfo.retry). A type
// whose values once held one goes to that engine first from then on
// (typeInfo.nonFinite): the first NaN of a type costs goccy's rejection,
// later ones do not. The retry is faster than goccy's rejection followed by
// the reference encoder: BenchmarkMarshal/nan-20 in the bench module.
func nonFiniteRetry(ti *typeInfo) engine.Engine {
	if ti.feat&featFloat == 0 || ti.scan != nil || ti.dynamic {
		return nil
	}
	for _, c := range defaultCandidates {
		if engine.NullsNonFinite(c.eng) && ti.feat&c.avoid == 0 {
			return c.eng
		}
	}
	return nil
}

func candidateFor(e engine.Engine) (candidate, bool) {
	q := e.Quirks()
	return candidate{e, avoidMask(q)}, q&^knownQuirks == 0
}

// userCode are the features that run the user's own code as a value is
// written: a MarshalJSON or MarshalText method (of a value, a pointer, a map
// key; time.Time and the standard library's others are not the user's), an
// IsZero that omitzero calls.
// A value that holds one, statically or behind an interface (the pre-scan
// looks), goes to the reference encoder, which calls each method once and
// never fails: an engine may call the methods and then reject the value (a
// NaN, a func or a cycle behind an interface, the method's own error or
// invalid output that the engine's error cannot name as encoding/json
// does), and the value would be written again, the methods called twice,
// where encoding/json calls them once (TestMethodsCalledOnce). The price is
// the engines' speed on such values where nothing fails; the fallback's
// second pass is gone where something does (BenchmarkMarshalMethods).
const userCode = featMarshaler | featTextMarshaler | featPtrMarshaler | featZeroMethod

// RouteEncode returns where v goes under o (normalised): an engine known to write exactly what
// the reference encoder writes for v, without failing on a cycle, or the
// reference encoder.
func RouteEncode(o *options.Options, v any) EncodeRoute {
	eng, ti, cause := route(o, v)
	if eng == nil {
		return EncodeRoute{Cause: cause}
	}
	// NaN and ±Inf: where the engine can write the default substitute (null)
	// itself, the value need not go through a rejection and the fallback.
	// Not under Strict (an error is wanted), nor for a ",string" field
	// (sonic quotes it) or an interface that may hold one.
	// Nor under a report, which only the reference encoder makes, nor while
	// the process counters count: a null the engine writes is a substitute
	// nobody counts.
	d := EncodeRoute{Engine: eng, NullForNonFinite: !o.Strict && o.OnSubstitute == nil && !stats.Enabled() && ti != nil && ti.feat&noNullForNonFinite == 0}
	if d.NullForNonFinite && o.Engine == nil {
		if ti.retry != nil && ti.retry != eng {
			d.Retry, d.met = ti.retry, &ti.nonFinite
		}
	}
	return d
}

// NonFiniteMet records that Engine rejected the value for a NaN or ±Inf
// (engine.IsNonFinite), before Retry is tried: the value's type goes to
// Retry's engine first from then on.
func (d EncodeRoute) NonFiniteMet() {
	if d.met != nil {
		d.met.Store(true)
	}
}

// route returns the engine v goes to, or nil for the reference encoder and
// why, and the planner's knowledge of v's type (nil for a nil v).
func route(o *options.Options, v any) (engine.Engine, *typeInfo, Cause) {
	if o.SafeOnly() {
		// Engines have neither replacers nor breadth limits: only the
		// reference encoder calls a replacer once per value, and cuts wide
		// values. MarshalIndent(v, "", "") is rare, and engines take an empty
		// prefix and indent for compact output.
		return nil, nil, CauseChosen
	}
	var one [1]candidate
	cs := defaultCandidates
	if o.Engine != nil {
		c, ok := candidateFor(o.Engine.(engine.Engine))
		if !ok {
			return nil, nil, CauseQuirk
		}
		one[0] = c
		cs = one[:]
	}
	if v == nil {
		if len(cs) == 0 {
			return nil, nil, CauseChosen
		}
		return cs[0].eng, nil, 0
	}
	ti := infoOf(reflect.TypeOf(v))
	if ti.feat&userCode != 0 {
		return nil, ti, CauseChosen
	}
	if o.Engine == nil {
		cs = candidatesFor(ti)
	}
	limit := min(EngineDepthLimit, o.MaxDepth)
	if ti.dynamic {
		eng, cause := routeDecoded(o, v, ti, cs, limit)
		return eng, ti, cause
	}
	for _, c := range cs {
		if ti.feat&c.avoid != 0 {
			continue
		}
		if ti.scan == nil {
			if ti.depth > limit {
				return nil, ti, CausePrescan
			}
			return c.eng, ti, 0
		}
		if scanValue(v, ti, limit, c.avoid|userCode) {
			return c.eng, ti, 0
		}
		// A cycle, a value too deep, or a concrete type this engine must
		// not see: the reference encoder is the answer, without a second
		// scan for another engine.
		return nil, ti, CausePrescan
	}
	if len(cs) == 0 {
		return nil, ti, CauseChosen
	}
	return nil, ti, CauseQuirk
}

// routeDecoded returns the engine for v, of decoded JSON's shape (ti is a
// DynamicRoot), from candidates cs: nil (the reference encoder) when the
// pre-scan finds a cycle or a nesting over limit (CausePrescan), or more
// than MaxDecodedMembers map members (CauseChosen: the reference encoder is
// the faster there), else the first candidate that may take every concrete
// type the scan met, sonic first when it met a float (see
// MaxDecodedMembers).
func routeDecoded(o *options.Options, v any, ti *typeInfo, cs []candidate, limit int) (engine.Engine, Cause) {
	ok, seen, wide := scanDecoded(v, ti, limit, userCode, MaxDecodedMembers)
	if !ok {
		if wide {
			return nil, CauseChosen
		}
		return nil, CausePrescan
	}
	seen |= ti.feat
	if o.Engine == nil && seen&featFloat != 0 {
		cs = numericCandidates
	}
	for _, c := range cs {
		if seen&c.avoid == 0 {
			return c.eng, 0
		}
	}
	if len(cs) == 0 {
		return nil, CauseChosen
	}
	return nil, CauseQuirk
}

// Features is the planner's features type, for tests outside the package.
type Features = features

// Features tests outside the package look at.
const (
	FeatFloat         = featFloat
	FeatHiddenMethods = featHiddenMethods
)

// FeaturesOf returns the features of t.
func FeaturesOf(t reflect.Type) Features { return infoOf(t).feat }

// AvoidMask returns the features an engine with quirks q must not be given.
func AvoidMask(q engine.Quirks) Features { return avoidMask(q) }
