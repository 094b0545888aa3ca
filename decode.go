package safejson

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"sync"
	"unsafe"

	"github.com/safejson/safejson/internal/anydec"
	"github.com/safejson/safejson/internal/engine"
	"github.com/safejson/safejson/internal/flavor"
	"github.com/safejson/safejson/internal/options"
	"github.com/safejson/safejson/internal/plan"
	"github.com/safejson/safejson/internal/stats"
)

// Decoding gives encoding/json's verdict, with an engine's speed where that
// is known to be exact.
//
// Unmarshal decodes with the engine the decode plan picks for the target's
// type (internal/plan/decode.go), and with encoding/json for every type no engine is
// known to decode exactly. Where an engine's quirk for the type is harmless
// on input of some form (plan.DecodeRoute: object keys all ASCII), the
// input is scanned for it by engine.Scan, which validates it in the same
// pass, and decoded by that engine or the route's other one. An engine sees only input that json.Valid accepts
// (engine.Valid, a faster check with its verdict): on a syntax
// error the target is left untouched and the error is encoding/json's, as
// json.Unmarshal does. An engine that rejects all invalid input (no
// DecodeQuirkAcceptsInvalid: goccy) is spared the check when the target is
// zero (a fresh value, the usual case): on its error the target is set to
// zero again before encoding/json decodes, which leaves it as encoding/json
// alone would. When
// the engine fails on valid input (a type mismatch, a number out of range),
// or panics, the input is decoded again with encoding/json, from the target
// as it was before the engine ran, and its verdict returned: its error, of
// its type, or its success. So the engines' own error types and texts never
// reach the caller (web frameworks show them to clients, and map them by
// type), and what an engine wrote before it failed never shows. A target
// that already holds a value is put back from a copy of its bytes when they
// are all it reaches (prefilledKind); one that reaches memory of its own (a
// slice with capacity, a map with entries, a pointer) goes to encoding/json
// alone.
//
// Input that may hold a long number (longNumber: decode_long.go) goes to
// encoding/json alone: an engine parses one at encoding/json's cost, and
// one it refuses would be parsed twice.
//
// A dynamic target under the default plan (a *any holding nil, a
// *map[string]any, a *[]any of no capacity: anydec.Target) is decoded by
// safejson's own decoder (internal/anydec), which checks the input by
// json.Valid's grammar as it decodes and gives encoding/json's values; input
// json.Valid rejects, a top-level value of another kind, and a number
// encoding/json cannot hold (1e400) go to encoding/json with the target
// untouched, for its verdict. A named Options.Engine keeps its contract
// (itself or encoding/json) and does not use it.
//
// A Decoder frames the stream with a json.Decoder: each value is read by
// encoding/json's own scanner (its syntax errors, io.EOF and
// io.ErrUnexpectedEOF, Buffered, More, Token and InputOffset are
// json.Decoder's), then decoded as Unmarshal decodes. It holds what
// json.Decoder holds, about one value, never the stream.

// decodeRoute returns the route of a decode into v under opts
// (plan.RouteDecode).
func decodeRoute(opts *options.Options, v any) plan.DecodeRoute {
	named, _ := opts.Engine.(engine.Engine)
	return plan.RouteDecode(named, v)
}

// Unmarshal decodes data into v as json.Unmarshal, with the engine its decode
// plan picks and encoding/json's verdict. When o is invalid it returns the
// error of o.Validate and leaves v untouched.
func (o Options) Unmarshal(data []byte, v any) error {
	var opts options.Options
	if err := o.internal(&opts); err != nil {
		return err
	}
	if opts.Engine == nil && anydec.Target(v) {
		stats.Add(stats.DecodeOwn)
		return anydec.Unmarshal(data, v, anydec.Mode{})
	}
	r := decodeRoute(&opts, v)
	if r.Eng == engine.Std() {
		countStdRoute(&opts)
		return stdUnmarshal(data, v)
	}
	kind := prefilledKind(reflect.ValueOf(v))
	if kind == targetReaching {
		return stdUnmarshal(data, v)
	}
	if longNumber(data) {
		stats.Add(stats.DecodeQuirk)
		return stdUnmarshal(data, v)
	}
	if r.Needs != 0 {
		// The engine depends on facts of the input: the scan that finds
		// them validates it too.
		facts, ok := engine.Scan(data, r.Needs)
		eng := r.Pick(facts)
		if ok && eng != engine.Std() {
			return decodeValid(eng, data, v, kind)
		}
		if ok {
			stats.Add(stats.DecodeQuirk)
		}
		return stdUnmarshal(data, v)
	}
	eng := r.Eng
	if kind == targetZero && !engine.DecodeQuirksOf(eng).Has(engine.DecodeQuirkAcceptsInvalid) {
		// An engine that rejects all invalid input decodes into a zero
		// target unchecked; on its error the target is zero again, as
		// encoding/json leaves it on a syntax error and starts from it
		// otherwise.
		if tryUnmarshal(eng, data, v) {
			return nil
		}
		reflect.ValueOf(v).Elem().SetZero()
		return stdUnmarshal(data, v)
	}
	if !engine.Valid(data) {
		return stdUnmarshal(data, v)
	}
	return decodeValid(eng, data, v, kind)
}

// zeroBits reports whether the n bytes at p are all zero: whether the value
// there is its type's zero value, bit for bit (reflect's IsZero takes -0.0
// for zero, which encoding/json would leave in place on a syntax error).
func zeroBits(p unsafe.Pointer, n uintptr) bool {
	b := unsafe.Slice((*byte)(p), n)
	for len(b) >= 8 {
		if binary.NativeEndian.Uint64(b) != 0 {
			return false
		}
		b = b[8:]
	}
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// decodeValid decodes data, which encoding/json's scanner has accepted, into
// v (a non-nil pointer, of prefilledKind kind) with eng, and with
// encoding/json if eng fails, from the target as it was: encoding/json
// leaves what it cannot decode (a number out of range, a value of another
// kind) as it found it, so what the engine wrote before it failed must not
// be there when encoding/json starts. A target is put back only where that
// is cheap: one that was zero is made zero again, a selfContained one is
// restored from a copy taken before; any other goes to encoding/json alone.
func decodeValid(eng engine.Engine, data []byte, v any, kind int) error {
	p := reflect.ValueOf(v)
	switch kind {
	case targetZero:
		if tryUnmarshal(eng, data, v) {
			return nil
		}
		p.Elem().SetZero()
	case targetSelfContained:
		e := p.Elem()
		saved := reflect.New(e.Type()).Elem()
		saved.Set(e)
		if tryUnmarshal(eng, data, v) {
			return nil
		}
		e.Set(saved)
	}
	return stdUnmarshal(data, v)
}

// A target's kind, for how the decode puts it back after an engine fails.
const (
	targetZero          = iota // zero, bit for bit: set to zero again
	targetSelfContained        // nothing reachable but its own bytes: a copy restores it
	targetReaching             // it reaches memory of its own: encoding/json alone
)

// prefilledKind returns the kind of the target p points to. Where the target
// reaches no memory of its own (every pointer, map and interface in it nil
// or holding such a value, every slice of no capacity: a struct of defaults,
// say), an engine writes into nothing but the target's own bytes and memory
// it allocates, which only those bytes reach: a copy of the bytes puts it
// back. A target that reaches memory (a slice with capacity, whose elements
// beyond its length encoding/json decodes into too; a map with entries; a
// pointer, which encoding/json decodes through) could be written there,
// and copying all it reaches would cost what encoding/json costs.
func prefilledKind(p reflect.Value) int {
	if p.Kind() != reflect.Pointer || p.IsNil() {
		return targetReaching
	}
	e := p.Elem()
	switch {
	case zeroBits(p.UnsafePointer(), e.Type().Size()):
		return targetZero
	case selfContained(e):
		return targetSelfContained
	}
	return targetReaching
}

// selfContained reports whether v reaches no memory but its own: every
// reference in it is nil (a slice: of no capacity), or an interface holding
// a selfContained value (its box is never written: a decode replaces it).
func selfContained(v reflect.Value) bool {
	if !mayReach(v.Type()) {
		return true
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Chan, reflect.Func, reflect.UnsafePointer:
		return v.IsNil()
	case reflect.Slice:
		return v.Cap() == 0
	case reflect.Interface:
		return v.IsNil() || selfContained(v.Elem())
	case reflect.Struct:
		for i := range v.NumField() {
			if !selfContained(v.Field(i)) {
				return false
			}
		}
	case reflect.Array:
		for i := range v.Len() {
			if !selfContained(v.Index(i)) {
				return false
			}
		}
	}
	return true
}

var mayReachCache sync.Map // reflect.Type → bool

// mayReach reports whether values of t can reach memory outside their own
// bytes that a decode may write: whether t holds a pointer, map, slice,
// interface (or chan, func, unsafe.Pointer) inline. Strings do not count:
// their bytes are never written.
func mayReach(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Slice, reflect.Interface, reflect.Chan, reflect.Func, reflect.UnsafePointer:
		return true
	case reflect.Struct, reflect.Array:
	default:
		return false
	}
	if r, ok := mayReachCache.Load(t); ok {
		return r.(bool)
	}
	r := false
	if t.Kind() == reflect.Array {
		r = t.Len() > 0 && mayReach(t.Elem())
	} else {
		for i := range t.NumField() {
			if mayReach(t.Field(i).Type) {
				r = true
				break
			}
		}
	}
	mayReachCache.Store(t, r)
	return r
}

// tryUnmarshal reports whether eng decoded data into v, a panic of the engine
// counting as a failure. The targets it sees have no methods, so a panic is
// the engine's own.
func tryUnmarshal(eng engine.Engine, data []byte, v any) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
			stats.Add(stats.DecodePanicked)
		}
	}()
	if eng.Unmarshal(data, v) == nil {
		countDecode(eng)
		return true
	}
	stats.Add(stats.DecodeRejected)
	return false
}

// stdUnmarshal is json.Unmarshal, counted.
func stdUnmarshal(data []byte, v any) (err error) {
	stats.Add(stats.DecodeStd)
	if plan.DecodeCrashes(reflect.TypeOf(v)) {
		defer crashed(v, &err)
	}
	return json.Unmarshal(data, v)
}

// crashed turns encoding/json's panic on a type of plan.DecodeCrashes
// into a *plan.CrashError in *err.
func crashed(v any, err *error) {
	if p := recover(); p != nil {
		*err = &plan.CrashError{Type: reflect.TypeOf(v), Panic: p}
	}
}

// stdDecode is d's json.Decoder's Decode, counted.
func (d *Decoder) stdDecode(v any) (err error) {
	stats.Add(stats.DecodeStd)
	if plan.DecodeCrashes(reflect.TypeOf(v)) {
		defer crashed(v, &err)
	}
	return d.std.Decode(v)
}

// NewDecoder returns a Decoder reading r with o's engine. When o is invalid,
// every Decode returns the error of o.Validate, reading nothing.
func (o Options) NewDecoder(r io.Reader) *Decoder {
	d := &Decoder{std: json.NewDecoder(r)}
	d.err = o.internal(&d.opts)
	return d
}

// Decoder reads JSON values from a stream as json.Decoder does, with its
// verdict on each value; values go through an engine as in Unmarshal. Its
// memory is json.Decoder's (the value being read, and what has been read
// ahead of it) plus a copy of the value.
type Decoder struct {
	opts options.Options
	std  *json.Decoder
	// useNumber and disallowUnknownFields are json.Decoder's settings of
	// the same names: a value decoded under either goes to encoding/json
	// (the engines are not checked against these rules), or, into a
	// dynamic target, to anydec (useNumber: as json.Number).
	useNumber             bool
	disallowUnknownFields bool
	tokens                bool  // Token has been called: a ',' or ':' may precede a value
	err                   error // o.Validate's, returned by every Decode
}

// UseNumber makes the Decoder decode numbers into an any as json.Number, as
// json.Decoder.UseNumber.
func (d *Decoder) UseNumber() {
	d.useNumber = true
	d.std.UseNumber()
}

// DisallowUnknownFields makes an object key that matches no field of the
// target struct an error, as json.Decoder.DisallowUnknownFields.
func (d *Decoder) DisallowUnknownFields() {
	d.disallowUnknownFields = true
	d.std.DisallowUnknownFields()
}

// Decode reads the next JSON value and stores it in v, as
// json.Decoder.Decode, with its verdict.
func (d *Decoder) Decode(v any) error {
	if d.err != nil {
		return d.err
	}
	if d.opts.Engine == nil && anydec.Target(v) {
		start := d.valueStart()
		var raw json.RawMessage
		if err := d.std.Decode(&raw); err != nil {
			return err
		}
		stats.Add(stats.DecodeOwn)
		return d.valueError(anydec.Unmarshal(raw, v, anydec.Mode{UseNumber: d.useNumber, Valid: true}), start, raw)
	}
	r := decodeRoute(&d.opts, v)
	settings := d.useNumber || d.disallowUnknownFields
	if r.Eng == engine.Std() && !settings {
		countStdRoute(&d.opts)
	}
	if settings || r.Eng == engine.Std() {
		return d.stdDecode(v)
	}
	kind := prefilledKind(reflect.ValueOf(v))
	if kind == targetReaching {
		return d.stdDecode(v)
	}
	start := d.valueStart()
	var raw json.RawMessage
	if err := d.std.Decode(&raw); err != nil {
		return err // a syntax or read error: the stream is over, as in json.Decoder
	}
	if longNumber(raw) {
		stats.Add(stats.DecodeQuirk)
		return d.valueError(stdUnmarshal(raw, v), start, raw)
	}
	eng := r.Eng
	if r.Needs != 0 {
		facts, _ := engine.Scan(raw, r.Needs) // valid: json.Decoder read it
		if eng = r.Pick(facts); eng == engine.Std() {
			stats.Add(stats.DecodeQuirk)
			return d.valueError(stdUnmarshal(raw, v), start, raw)
		}
	}
	return d.valueError(decodeValid(eng, raw, v, kind), start, raw)
}

// valueStart returns where json.Decoder on the classic flavour counts the
// Offset of an *json.UnmarshalTypeError in the next value from: the end of
// the previous value or token, or, where Token left a ',' or ':' before the
// value, the byte after it (flavor.DecoderOffsetCountsSpace). The separator
// is looked for in what the Decoder has read ahead; one not read yet is
// missed.
func (d *Decoder) valueStart() int64 {
	start := d.std.InputOffset()
	if !flavor.DecoderOffsetCountsSpace || !d.tokens {
		return start
	}
	ahead, ok := d.std.Buffered().(io.ByteReader)
	for i := int64(1); ok; i++ {
		c, err := ahead.ReadByte()
		switch {
		case err != nil:
			return start
		case c == ',' || c == ':':
			return start + i
		case c != ' ' && c != '\t' && c != '\r' && c != '\n':
			return start
		}
	}
	return start
}

// valueError returns err, the error of decoding raw, the value the stream
// held after offset start, with json.Decoder's Offset in an
// *json.UnmarshalTypeError: decoding raw counts it from raw's first byte,
// json.Decoder on the classic flavour from start, the white space before the
// value included (flavor.DecoderOffsetCountsSpace).
func (d *Decoder) valueError(err error, start int64, raw []byte) error {
	var ute *json.UnmarshalTypeError
	if flavor.DecoderOffsetCountsSpace && errors.As(err, &ute) {
		ute.Offset += d.std.InputOffset() - start - int64(len(raw))
	}
	return err
}

// More reports whether there is another element in the current array or
// object being parsed, as json.Decoder.More.
func (d *Decoder) More() bool { return d.std.More() }

// Buffered returns a reader of the data remaining in the Decoder's buffer, as
// json.Decoder.Buffered.
func (d *Decoder) Buffered() io.Reader { return d.std.Buffered() }

// Token returns the next JSON token in the input stream, as
// json.Decoder.Token.
func (d *Decoder) Token() (json.Token, error) {
	d.tokens = true
	return d.std.Token()
}

// InputOffset returns the input stream byte offset of the current decoder
// position, as json.Decoder.InputOffset.
func (d *Decoder) InputOffset() int64 { return d.std.InputOffset() }
