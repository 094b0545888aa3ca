package decode

import (
	"encoding/binary"
	"reflect"
	"sync"
	"unsafe"

	"github.com/safejson/safejson/internal/engine"
	"github.com/safejson/safejson/internal/stats"
)

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

// decodeValid reports whether eng decoded data (which json.Valid accepts, or
// which eng would refuse if invalid) into v, a non-nil pointer of
// prefilledKind kind; when it did not, the target is as it was, for
// encoding/json: encoding/json leaves what it cannot decode (a number out
// of range, a value of another kind) as it found it, so what the engine
// wrote before it failed must not be there when encoding/json starts. A
// target is put back only where that is cheap: one that was zero is made
// zero again, a selfContained one is restored from a copy taken before;
// any other goes to encoding/json alone (the caller never gives it here).
func decodeValid(eng engine.Engine, data []byte, v any, kind int) bool {
	p := reflect.ValueOf(v)
	switch kind {
	case targetZero:
		if tryUnmarshal(eng, data, v) {
			return true
		}
		p.Elem().SetZero()
	case targetSelfContained:
		e := p.Elem()
		saved := reflect.New(e.Type()).Elem()
		saved.Set(e)
		if tryUnmarshal(eng, data, v) {
			return true
		}
		e.Set(saved)
	}
	return false
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

// tryUnmarshal reports whether eng decoded data into v, a panic counting as a
// failure: the engine's own, or one of the user's unmarshal methods, which
// encoding/json's decode that follows calls again and raises again, as
// encoding/json alone would.
func tryUnmarshal(eng engine.Engine, data []byte, v any) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
			stats.Add(stats.DecodePanicked)
		}
	}()
	if eng.Unmarshal(data, v) == nil {
		stats.Add(stats.OfEngine(stats.DecodeSonic, eng.Name()))
		return true
	}
	stats.Add(stats.DecodeRejected)
	return false
}
