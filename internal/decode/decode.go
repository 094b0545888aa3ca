// Package decode is safejson's one decode executor: the place where a
// decode is routed, tried on an engine, fallen back to encoding/json and
// counted. Unmarshal and Decoder serve the root package's Unmarshal and
// Decoder; both run the same steps (input.decode), which differ only in
// where the value's bytes come from: a slice, or a value read from a
// stream.
//
// A decode gives encoding/json's verdict, with an engine's speed where that
// is known to be exact. The steps, in order:
//
//  1. A dynamic target under the default plan (a *any holding nil, a
//     *map[string]any, a *[]any of no capacity: anydec.Target) is decoded by
//     safejson's own decoder (internal/anydec), which checks the input by
//     json.Valid's grammar as it decodes and gives encoding/json's values;
//     input it declines (invalid, a top-level value of another kind, a
//     number encoding/json cannot hold) goes to encoding/json with the
//     target untouched, for its verdict. A named engine keeps its contract
//     (itself or encoding/json) and does not use it.
//  2. The decode plan (plan.RouteDecode) picks an engine for the target's
//     type, or encoding/json for every type no engine is known to decode
//     exactly; a Decoder's UseNumber and DisallowUnknownFields, rules the
//     engines are not checked against, take encoding/json too.
//  3. A target that reaches memory of its own (prefilledKind) goes to
//     encoding/json alone: what an engine wrote there before failing could
//     not be taken back cheaply.
//  4. Input that may hold a long number (longNumber) goes to encoding/json
//     alone: an engine parses one at encoding/json's cost, and one it
//     refuses would be parsed twice.
//  5. Where an engine's quirk for the type is harmless on input of some form
//     (plan.DecodeRoute.Needs: object keys all ASCII), the input is scanned
//     for it by engine.Scan, which validates it in the same pass, and
//     decoded by that engine or the route's other one.
//  6. An engine sees only input that json.Valid accepts (engine.Valid, a
//     faster check with its verdict): on a syntax error the target is left
//     untouched and the error is encoding/json's. An engine that rejects all
//     invalid input (no DecodeQuirkAcceptsInvalid: goccy) is spared the
//     check when the target is zero (a fresh value, the usual case): on its
//     error the target is set to zero again before encoding/json decodes,
//     which leaves it as encoding/json alone would.
//  7. When the engine fails on valid input (a type mismatch, a number out
//     of range), or panics, the input is decoded again by encoding/json
//     from the target as it was before the engine ran (decodeValid), and
//     its verdict returned. So the engines' own error types and texts never
//     reach the caller (web frameworks show them to clients, and map them by
//     type), and what an engine wrote before it failed never shows.
//
// Where the toolchain's encoding/json panics on the target's type
// (plan.DecodeCrashes), its panic becomes a *plan.CrashError.
//
// Each decode counts once in the Decode counters of internal/stats, by the
// route that gave its verdict, and once in the fallback counters by the
// cause of each step that passed it on.
package decode

import (
	"bytes"
	"encoding/json"
	"reflect"

	"github.com/safejson/safejson/internal/anydec"
	"github.com/safejson/safejson/internal/engine"
	"github.com/safejson/safejson/internal/plan"
	"github.com/safejson/safejson/internal/stats"
)

// Unmarshal decodes data into v as json.Unmarshal, with encoding/json's
// verdict: by the engine named (nil: the default plan), where the plan
// gives it the target, else by encoding/json.
func Unmarshal(data []byte, v any, named engine.Engine) error {
	in := input{data: data, named: named}
	return in.decode(v)
}

// input is one value to decode and where its bytes come from: data, or,
// for a Decoder, the stream, from which the value is read (read) only when
// a step needs its bytes; until then encoding/json decodes from the stream
// itself.
type input struct {
	data  []byte
	named engine.Engine // Options.Engine, nil for the default plan
	// d is the Decoder whose stream holds the value, nil for Unmarshal;
	// read says the value has been read from it into data, which json.Valid
	// then accepts, start where d's offsets in it count from (valueStart).
	d     *Decoder
	read  bool
	start int64
}

// decode decodes the value into v: the steps of the package comment.
func (in *input) decode(v any) error {
	if in.named == nil && anydec.Target(v) {
		if err := in.load(); err != nil {
			return err
		}
		return in.own(v)
	}
	r := plan.RouteDecode(in.named, v)
	if r.Eng == engine.Std() || in.settings() {
		if r.Eng == engine.Std() && !in.settings() && in.engineName() != "std" {
			stats.Add(stats.DecodeQuirk)
		}
		return in.std(v)
	}
	kind := prefilledKind(reflect.ValueOf(v))
	if kind == targetReaching {
		return in.std(v)
	}
	if err := in.load(); err != nil {
		return err // a syntax or read error of the stream: json.Decoder's
	}
	if longNumber(in.data) {
		stats.Add(stats.DecodeQuirk)
		return in.std(v)
	}
	eng := r.Eng
	if r.Needs != 0 {
		// The engine depends on facts of the input: the scan that finds
		// them validates it too.
		facts, ok := engine.Scan(in.data, r.Needs)
		if !ok {
			return in.std(v)
		}
		if eng = r.Pick(facts); eng == engine.Std() {
			stats.Add(stats.DecodeQuirk)
			return in.std(v)
		}
		return in.try(eng, v, kind)
	}
	// An engine that rejects all invalid input decodes into a zero target
	// unchecked: on its error the target is zero again, as encoding/json
	// leaves it on a syntax error and starts from it otherwise.
	// Not where the type holds the user's unmarshal methods (r.Checked),
	// which an engine would call before it met a syntax error.
	unchecked := kind == targetZero && !r.Checked && !engine.DecodeQuirksOf(eng).Has(engine.DecodeQuirkAcceptsInvalid)
	if !in.read && !unchecked && !engine.Valid(in.data) {
		return in.std(v)
	}
	return in.try(eng, v, kind)
}

// try decodes the value into v with eng, and with encoding/json, from the
// target as it was, if eng fails (decodeValid).
func (in *input) try(eng engine.Engine, v any, kind int) error {
	if decodeValid(eng, in.data, v, kind) {
		return nil
	}
	return in.std(v)
}

// own decodes the value into v, a dynamic target (anydec.Target), with
// safejson's own decoder, or with encoding/json where it declines.
func (in *input) own(v any) error {
	mode := anydec.Mode{Valid: in.read}
	if in.d != nil {
		mode.UseNumber = in.d.useNumber
	}
	if anydec.Into(in.data, v, mode) {
		stats.Add(stats.DecodeOwn)
		return nil
	}
	stats.Add(stats.DecodeOwnDeclined)
	return in.std(v)
}

// settings reports whether a Decoder's settings (UseNumber,
// DisallowUnknownFields) apply to the value.
func (in *input) settings() bool {
	return in.d != nil && (in.d.useNumber || in.d.disallowUnknownFields)
}

// engineName is the name of the engine the plan starts from: the named
// one, or the default.
func (in *input) engineName() string {
	if in.named != nil {
		return in.named.Name()
	}
	return engine.Default().Name()
}

// load reads the value from the stream into data, once; for Unmarshal it
// is there already.
func (in *input) load() error {
	if in.d == nil || in.read {
		return nil
	}
	in.start = in.d.valueStart()
	var raw json.RawMessage
	if err := in.d.std.Decode(&raw); err != nil {
		return err
	}
	in.data, in.read = raw, true
	return nil
}

// std decodes the value into v with encoding/json: from the stream as
// json.Decoder does while it is not read, else from data, with the
// Decoder's UseNumber. Its panic on a type of plan.DecodeCrashes is a
// *plan.CrashError.
func (in *input) std(v any) (err error) {
	stats.Add(stats.DecodeStd)
	if plan.DecodeCrashes(reflect.TypeOf(v)) {
		defer crashed(v, &err)
	}
	switch {
	case in.d == nil:
		return json.Unmarshal(in.data, v)
	case !in.read:
		return in.d.std.Decode(v)
	case in.d.useNumber:
		dec := json.NewDecoder(bytes.NewReader(in.data))
		dec.UseNumber()
		return in.result(dec.Decode(v))
	}
	return in.result(json.Unmarshal(in.data, v))
}

// result returns err, the error of decoding data, with a Decoder's offsets
// (valueError).
func (in *input) result(err error) error {
	if err != nil && in.read {
		return in.d.valueError(err, in.start, in.data)
	}
	return err
}

// crashed turns encoding/json's panic on a type of plan.DecodeCrashes
// into a *plan.CrashError in *err.
func crashed(v any, err *error) {
	if p := recover(); p != nil {
		*err = &plan.CrashError{Type: reflect.TypeOf(v), Panic: p}
	}
}
