// Package stats holds the process counters of safejson: encodes and decodes
// by route, fallbacks by cause, substitutes by reason. Each counter is
// sharded over cache lines and a counter update picks its shard by the
// address of the calling goroutine's stack, so that goroutines counting at
// once on many cores seldom write the same line, and one goroutine keeps
// writing the same one (BenchmarkStatsAdd); a read sums the shards.
package stats

import (
	"sync/atomic"
	"unsafe"
)

// The counters, by index.
const (
	// Encodes by route: the engine that wrote the bytes, or the reference
	// encoder.
	EncodeSonic = iota
	EncodeGoccy
	EncodeStd
	EncodeSafe
	// Encode fallbacks by cause: the engine rejected the value (an error,
	// then the reference encoder or the engine that writes NaN as null),
	// the engine panicked, the planner sent the value to the reference
	// encoder because the engine is known to write other bytes for its
	// type, or because its pre-scan found what the engine fails on (a
	// cycle, nesting over the engine's limit).
	EncodeRejected
	EncodePanicked
	EncodeQuirk
	EncodePrescan
	// Decodes by route: the engine that decoded, safejson's own decoder of
	// any, or encoding/json.
	DecodeSonic
	DecodeGoccy
	DecodeStd
	DecodeOwn
	// Decode fallbacks by cause: the engine failed on valid input (decoded
	// again by encoding/json), the engine panicked, the engine is known to
	// decode the target's type, or input of this form, wrongly or no faster
	// than encoding/json (a decode quirk, a long number: encoding/json
	// decoded it), the
	// own decoder handed the input to encoding/json (invalid, of another
	// kind than the target, a number out of range).
	DecodeRejected
	DecodePanicked
	DecodeQuirk
	DecodeOwnDeclined
	// Substitutes by reason, in the order of Reasons.
	SubstituteFirst
	NumCounters = SubstituteFirst + NumReasons
)

// Reasons are the reasons of package safe, in the order of their counters.
var Reasons = [NumReasons]string{"cycle", "non-finite number", "unsupported type", "unsupported map key", "too deep", "too broad", "format option"}

// NumReasons is the number of substitute reasons.
const NumReasons = 7

// shard is one copy of the counters, a multiple of a cache line long.
type shard struct {
	n [NumCounters]atomic.Uint64
	_ [(64 - NumCounters*8%64) % 64]byte
}

// shards is a power of two, enough for the cores of a large server.
const (
	shardBits = 6
	shards    = 1 << shardBits
)

var all [shards]shard

// on says the counters count (Enable): until then an encode pays one load
// for them, not an atomic add.
var on atomic.Bool

// OfEngine returns, of a family of counters by engine (EncodeSonic or
// DecodeSonic: each family lists sonic, goccy and std in that order), the
// one of the engine named name.
func OfEngine(family int, name string) int {
	switch name {
	case "sonic":
		return family
	case "goccy":
		return family + 1
	}
	return family + 2
}

// Enable starts the counting; it is never stopped.
func Enable() { on.Store(true) }

// SetEnabled turns the counting on or off, for benchmarks that compare
// the two.
func SetEnabled(b bool) { on.Store(b) }

// Enabled reports whether Enable was called.
func Enabled() bool { return on.Load() }

// Add adds 1 to counter i, once counting is enabled.
func Add(i int) {
	if on.Load() {
		all[shardIndex()].n[i].Add(1)
	}
}

// AddN adds n to counter i, once counting is enabled.
func AddN(i int, n uint64) {
	if on.Load() {
		all[shardIndex()].n[i].Add(n)
	}
}

// shardIndex picks the shard of the calling goroutine: a hash of where its
// stack is (goroutines' stacks are apart by at least 2 KiB), which costs no
// call and no shared state.
func shardIndex() uint32 {
	var here byte
	p := uint64(uintptr(unsafe.Pointer(&here))) >> 11
	return uint32((p * 0x9e3779b97f4a7c15) >> (64 - shardBits))
}

// Read returns the sum of counter i.
func Read(i int) uint64 {
	var s uint64
	for k := range all {
		s += all[k].n[i].Load()
	}
	return s
}
