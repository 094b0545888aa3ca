package safe

import (
	"encoding/json"
	"reflect"

	"github.com/safejson/safejson/internal/stats"
)

// Substitution is one substitute the encoder wrote in place of a value
// encoding/json rejects, as Options.OnSubstitute receives it: where, why and
// what. Strict would have failed there with an *Error of the same Path and
// Reason.
type Substitution struct {
	// Path is a JSON Pointer (RFC 6901) to the value, as Error.Path: ""
	// (its String) for the top level, "/items/3/owner" for member owner of
	// the fourth element of member items. For a breadth limit or a map key
	// it points to the object or array. Its text is built when asked for.
	Path Pointer
	// Reason is one of the Reason constants.
	Reason string
	// Type is the Go type Strict's error names: the pointer, map or slice
	// of a cycle, the float type of a NaN, the map of an unsupported key
	// type (json/v2, which rejects keys one by one: the key's type, or
	// that of the value an interface key holds).
	Type reflect.Type
}

// reportOf is f as options.Options.OnSubstitute holds it: nil when f is nil.
func reportOf(f func(Substitution)) any {
	if f == nil {
		return nil
	}
	return f
}

// substituted records a substitute for a value of type t at the current
// path: where Strict returns an *Error, the encoder calls it and writes the
// substitute. It runs only where a substitute is written, never on the path
// of a value encoding/json accepts.
func (e *encodeState) substituted(reason string, t reflect.Type) {
	e.substitutes[reasonIndex(reason)]++
	e.anySubstitute = true
	if e.report == nil {
		return
	}
	e.subs.add(Substitution{Path: e.pointer(), Reason: reason, Type: t})
}

// reasonIndex is the index of reason in stats.Reasons.
func reasonIndex(reason string) int {
	for i, r := range stats.Reasons {
		if r == reason {
			return i
		}
	}
	panic("safe: reason without a counter: " + reason)
}

// reported counts the substitutes of a successful encode in the process
// counters and hands them to the report, in the order they were written.
func (e *encodeState) reported() {
	for i, n := range e.substitutes {
		if n > 0 {
			stats.AddN(stats.SubstituteFirst+i, uint64(n))
		}
	}
	e.substitutes, e.anySubstitute = [stats.NumReasons]uint32{}, false
	subs := e.subs
	e.subs = subList{}
	e.endPointers()
	for _, blk := range subs.blocks {
		for i := range blk {
			e.report(blk[i])
			blk[i] = Substitution{}
		}
	}
	e.subs = subs.reset()
}

// subBlock is the number of substitutes in a block of a subList.
const subBlock = 256

// subList holds the substitutes of an encode, in output order, in blocks
// of subBlock, so that holding n of them allocates n Substitutions once,
// not a slice copied as it grows.
type subList struct {
	blocks [][]Substitution // all full but the last one in use
	n      int
}

func (l *subList) len() int { return l.n }

func (l *subList) add(s Substitution) {
	i := l.n / subBlock
	if i == len(l.blocks) {
		l.blocks = append(l.blocks, make([]Substitution, 0, subBlock))
	}
	l.blocks[i] = append(l.blocks[i], s)
	l.n++
}

// cut removes the substitutes from the n-th on and returns them.
func (l *subList) cut(n int) []Substitution {
	if l.n <= n {
		return nil
	}
	out := make([]Substitution, 0, l.n-n)
	for i := n; i < l.n; i++ {
		out = append(out, l.blocks[i/subBlock][i%subBlock])
	}
	for i := n / subBlock; i < len(l.blocks); i++ {
		blk := l.blocks[i]
		keep := min(max(n-i*subBlock, 0), subBlock)
		clear(blk[keep:])
		l.blocks[i] = blk[:keep]
	}
	l.n = n
	return out
}

// reset empties l, keeping its first block.
func (l subList) reset() subList {
	for _, blk := range l.blocks {
		clear(blk)
	}
	if len(l.blocks) == 0 {
		return subList{}
	}
	clear(l.blocks[1:])
	return subList{blocks: append(l.blocks[:0], l.blocks[0][:0])}
}

// keyErrorType is the type err, json/v2's error for a map key, names (the
// key's, or the value's it holds), else the map's type m.
func keyErrorType(err error, m reflect.Type) reflect.Type {
	switch err := err.(type) {
	case *json.UnsupportedTypeError:
		return err.Type
	case *json.UnsupportedValueError:
		if err.Value.IsValid() {
			return err.Value.Type()
		}
	}
	return m
}
