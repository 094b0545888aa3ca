package safe

import (
	"errors"
	"reflect"
	"sync"
	"sync/atomic"

	"github.com/safejson/safejson/internal/jsonwire"
	"github.com/safejson/safejson/internal/options"
	"github.com/safejson/safejson/internal/stats"
)

// Marshal returns the JSON encoding of v: byte-identical to json.Marshal where
// encoding/json succeeds, valid JSON with the default substitutes where it fails.
func Marshal(v any) ([]byte, error) { return Options{}.Marshal(v) }

// MarshalIndent is Marshal with indentation: byte-identical to
// json.MarshalIndent where encoding/json succeeds, even for an empty prefix and
// indent (which json.MarshalIndent still breaks into lines).
func MarshalIndent(v any, prefix, indent string) ([]byte, error) {
	return Options{}.MarshalIndent(v, prefix, indent)
}

// Append appends the encoding of v to dst and returns the extended buffer. On
// error it returns dst unchanged.
func Append(dst []byte, v any) ([]byte, error) { return Options{}.Append(dst, v) }

// Marshal encodes v with these options.
func (o Options) Marshal(v any) ([]byte, error) { return o.Append(nil, v) }

// MarshalIndent encodes v with these options, indented with prefix and indent
// (which replace o.Prefix and o.Indent) as json.MarshalIndent does: unlike
// Marshal, an empty prefix and indent still put every member on its own line.
func (o Options) MarshalIndent(v any, prefix, indent string) ([]byte, error) {
	return o.AppendIndent(nil, v, prefix, indent)
}

// Append appends the encoding of v with these options to dst. On error it
// returns dst unchanged: the bytes of dst up to len(dst) are never modified.
func (o Options) Append(dst []byte, v any) ([]byte, error) {
	var opts options.Options
	if err := o.internal(&opts); err != nil {
		return dst, err
	}
	return appendNormalised(dst, v, opts)
}

// AppendIndent is Append with indentation, as MarshalIndent.
func (o Options) AppendIndent(dst []byte, v any, prefix, indent string) ([]byte, error) {
	var opts options.Options
	if err := o.internal(&opts); err != nil {
		return dst, err
	}
	opts.SetMarshalIndent(prefix, indent)
	return appendNormalised(dst, v, opts)
}

func init() { options.SafeAppend = appendNormalised }

// appendNormalised appends the encoding of v under o, normalised, to dst; on
// error it returns dst unchanged.
func appendNormalised(dst []byte, v any, o options.Options) ([]byte, error) {
	e := newEncodeState(&o)
	if err := e.top(v); err != nil {
		e.release()
		return dst, exactError(err, v, &o)
	}
	dst = append(dst, e.buf...)
	if e.anySubstitute {
		e.reported()
	}
	if n, last := int64(len(e.buf)), lastOutput.Load(); n > last || n < last/4 {
		lastOutput.Store(n)
	}
	e.release()
	return dst, nil
}

// exactError returns err, or, when it names an offset in the output (a map
// key json/v2 cannot write as a name) and the output was indented, the error
// of the same encode without indentation: encoding/json counts the offset in
// its compact output, which it indents afterwards. (The replacer, if any, is
// called again for that encode.)
func exactError(err error, v any, o *options.Options) error {
	if se, ok := err.(*Error); !ok || se.nonString == 0 || !o.Indented() {
		return err
	}
	c := *o
	c.Prefix, c.Indent, c.LineBreaks = "", "", false
	if _, cerr := appendNormalised(nil, v, c); cerr != nil {
		return cerr
	}
	return err
}

// encoderFunc appends the encoding of v to b. It returns errOmit, having
// written nothing, when the value is to be left out (omitted from its object,
// null in an array or at the top level); any other error aborts the encode.
// The buffer is passed along, not kept in the state, so that appending to it
// stores no pointer into the heap.
type encoderFunc func(e *encodeState, b []byte, v reflect.Value) ([]byte, error)

// errOmit is the signal "leave this value out", never returned to a caller.
var errOmit = errors.New("safe: omit")

// encodeState is the state of one encode, pooled between encodes.
type encodeState struct {
	buf []byte

	escapeHTML  bool
	indented    bool
	prefix      string
	indent      string
	depth       int // objects and arrays open around the value being written
	maxDepth    int
	indirect    int // pointers and interfaces followed to reach the value
	maxBreadth  int
	strict      bool
	circular    Circular
	placeholder string
	replacer    func(key string, value any) (any, bool)
	// hooked: the members go through replaced (a replacer or a report).
	hooked bool

	// report is Options.OnSubstitute; subs the substitutes it is handed
	// after the encode; path the member names and indices down to the
	// value being written, kept only for a report; nodeOf the nodes in
	// arena (1 + id) of its first frames, those that have one.
	report func(Substitution)
	subs   subList
	path   []frame
	nodeOf []int32
	arena  *pathArena // the encode's own (its pointers hold it), nil until a pointer needs it
	// lastName is the name arena copied last, lastTok its token.
	lastName string
	lastTok  int64
	// firstNodes and firstNames size an encode's arena: those of the
	// last one, bounded.
	firstNodes, firstNames int
	// substitutes counts the substitutes of this encode by reason
	// (stats.Reasons), for the process counters; anySubstitute: one was.
	substitutes   [stats.NumReasons]uint32
	anySubstitute bool

	anc ancestors

	// raw is the structure of the MarshalJSON output or RawMessage being
	// checked (appendJSON), kept with the state so that a check costs no
	// clearing of its nesting bits.
	raw jsonwire.State

	// Scratch stacks for sorting map entries; nested maps use the space after
	// the entries of their parent, and clear what they used when done.
	pairs   []anyPair
	order   []pairKey // the order of pairs being written
	entries []mapEntry
}

var statePool sync.Pool

// lastOutput is the length of a recent output, the capacity of a new
// state's buffer: written when an output is larger, or less than a quarter,
// so that encodes of one size do not write it.
var lastOutput atomic.Int64

// Buffers at most this large are always kept in the pool; larger ones only
// when the last encode used at least a quarter of them.
const (
	keepBuffer = 64 << 10
	maxBuffer  = 16 << 20
)

// newEncodeState returns a state for one encode under o, normalised.
func newEncodeState(o *options.Options) *encodeState {
	e, _ := statePool.Get().(*encodeState)
	if e == nil {
		// A state lost by the pool (at a GC) starts with a buffer of the
		// last output's size, not 1 KiB regrown ~20 times on the way to a
		// large output.
		e = &encodeState{buf: make([]byte, 0, min(max(int(lastOutput.Load()), 1024), maxBuffer))}
	}
	e.buf = e.buf[:0]
	e.escapeHTML = !o.NoEscapeHTML
	e.indented = o.Indented()
	e.prefix, e.indent = o.Prefix, o.Indent
	e.depth = 0
	e.maxDepth = o.MaxDepth
	e.indirect = 0
	e.maxBreadth = o.MaxBreadth
	e.strict = o.Strict
	e.circular = Circular(o.Circular)
	e.placeholder = o.Placeholder
	e.replacer = o.Replacer
	e.report, _ = o.OnSubstitute.(func(Substitution))
	e.hooked = e.replacer != nil || e.report != nil
	e.anc.reset()
	return e
}

// release returns e to the pool, dropping what it should not keep: user data
// it still references, and a buffer too large for what it was used for.
func (e *encodeState) release() {
	reporting := e.report != nil
	e.replacer, e.report = nil, nil
	if e.anySubstitute || len(e.path) > 0 { // an aborted encode
		e.subs = e.subs.reset()
		e.substitutes, e.anySubstitute = [stats.NumReasons]uint32{}, false
	}
	if reporting {
		// The names popPath left in the frames: cleared, or dropped with a
		// path too long to clear at every encode.
		if cap(e.path) > maxKeptPath {
			e.path = nil
		}
		clear(e.path[:cap(e.path)])
		e.endPointers()
	}
	e.path, e.nodeOf = dropLarge(e.path), dropLarge(e.nodeOf)
	e.pairs, e.entries, e.order = dropLarge(e.pairs), dropLarge(e.entries), dropLarge(e.order)
	e.anc.reset()
	if len(e.anc.table) > maxTable {
		e.anc.table = nil
	}
	if c := cap(e.buf); c > keepBuffer && (c > maxBuffer || len(e.buf) < c/4) {
		e.buf = nil
		return // dropped with its oversized buffer
	}
	statePool.Put(e)
}

// maxScratch is the largest scratch stack kept in the pool (in entries), and
// maxTable the largest table of ancestors (16384 of them deep).
const (
	maxScratch = 1 << 14
	maxTable   = 1 << 15
)

// maxKeptPath is the most frames of a report's path kept in the pool.
const maxKeptPath = 256

// dropLarge empties a scratch stack (whose used part the map encoders have
// already cleared), dropping it when it grew large.
func dropLarge[T any](s []T) []T {
	if cap(s) > maxScratch {
		return nil
	}
	return s[:0]
}

// top encodes the top-level value into e.buf.
func (e *encodeState) top(v any) error {
	b := e.buf[:0]
	var err error
	if e.replacer != nil {
		r, keep := e.replacer("", v)
		if !keep {
			e.buf = append(b, "null"...)
			return nil
		}
		v = r
	}
	b, err = e.encodeAny(b, v)
	if err == errOmit {
		b, err = append(b[:0], "null"...), nil
	}
	e.buf = b
	if err != nil {
		// An aborted encode leaves entries in the scratch stacks.
		clear(e.pairs[:cap(e.pairs)])
		clear(e.entries[:cap(e.entries)])
		return finishError(err)
	}
	return nil
}

// encodeValue writes v with the encoder of its type.
func (e *encodeState) encodeValue(b []byte, v reflect.Value) ([]byte, error) {
	if !v.IsValid() {
		return appendNull(b)
	}
	return typeEncoder(v.Type())(e, b, v)
}
