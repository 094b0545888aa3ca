package safe

import (
	"fmt"
	"reflect"
	"strconv"

	"github.com/safejson/safejson/internal/flavor"
	"github.com/safejson/safejson/internal/options"
	"github.com/safejson/safejson/internal/stdjsonerr"
)

// HardMaxDepth is the largest valid Options.MaxDepth: it keeps the encoder's
// recursion far from the goroutine stack limit (a fatal error, not a panic,
// in Go). A larger MaxDepth is rejected by Validate and by every encode.
const HardMaxDepth = options.HardMaxDepth

// indirectPerLevel is how many pointers and interfaces may be followed per
// level of MaxDepth: they do not count as nesting, but they do recurse.
const indirectPerLevel = 8

// follow counts one more pointer or interface followed to reach a value,
// and reports false when they would outnumber indirectPerLevel × MaxDepth: a
// chain of pointers or interfaces that long holds no data encoding/json could
// write in reasonable time anyway. The caller undoes the count when done.
func (e *encodeState) follow() bool {
	if e.indirect >= indirectPerLevel*e.maxDepth {
		return false
	}
	e.indirect++
	return true
}

// tooManyIndirections writes the substitute for v, a pointer or interface
// beyond the limit of follow: null.
func (e *encodeState) tooManyIndirections(b []byte, v reflect.Value) ([]byte, error) {
	if e.strict {
		return b, newError(ReasonDepth, unsupportedValue(v, fmt.Sprintf("more than %d pointers and interfaces deep", indirectPerLevel*e.maxDepth)))
	}
	e.substituted(ReasonDepth, v.Type())
	return append(b, "null"...), nil
}

// tooDeep writes the substitute for an object (or, when array, an array) nested
// deeper than MaxDepth: the string "[Object]" or "[Array]".
//
// Under Strict, the error wraps encoding/json's own when encoding/json stops
// at that depth too (json/v2's *json.SyntaxError "exceeded max depth").
func (e *encodeState) tooDeep(b []byte, v reflect.Value, array bool) ([]byte, error) {
	if e.strict {
		if e.depth == flavor.EncodeDepthLimit {
			return b, newError(ReasonDepth, stdjsonerr.TooDeep())
		}
		return b, newError(ReasonDepth, unsupportedValue(v, fmt.Sprintf("nesting deeper than %d levels", e.maxDepth)))
	}
	e.substituted(ReasonDepth, v.Type())
	if array {
		return append(b, `"[Array]"`...), nil
	}
	return append(b, `"[Object]"`...), nil
}

// breadth returns how many of the n elements of array v to write: all of
// them, or MaxBreadth when there are more (an error under Strict).
func (e *encodeState) breadth(v reflect.Value, n int) (int, error) {
	if e.maxBreadth == 0 || n <= e.maxBreadth {
		return n, nil
	}
	if e.strict {
		return 0, tooBroad(v, e.maxBreadth)
	}
	e.substituted(ReasonBreadth, v.Type())
	return e.maxBreadth, nil
}

func tooBroad(v reflect.Value, max int) error {
	return newError(ReasonBreadth, unsupportedValue(v, fmt.Sprintf("more than %d members", max)))
}

// appendNotStringified appends `N items not stringified"` (or `1 item …`),
// the end of the string safe-stable-stringify writes for members left out.
func appendNotStringified(dst []byte, n int) []byte {
	dst = strconv.AppendInt(dst, int64(n), 10)
	if n == 1 {
		return append(dst, ` item not stringified"`...)
	}
	return append(dst, ` items not stringified"`...)
}

// restMember appends the member that stands for n members left out of an
// object: "...": "N items not stringified". sep tells whether a member was
// written before it.
func (e *encodeState) restMember(b []byte, n int, sep bool) []byte {
	if sep {
		b = append(b, ',')
	}
	if e.indented {
		b = append(e.newline(b, e.depth), `"...": "`...)
	} else {
		b = append(b, `"...":"`...)
	}
	return appendNotStringified(b, n)
}

// restElement appends the element that stands for n elements left out of an
// array (after at least one): "... N items not stringified".
func (e *encodeState) restElement(b []byte, n int) []byte {
	b = append(b, ',')
	if e.indented {
		b = e.newline(b, e.depth)
	}
	return appendNotStringified(append(b, `"... `...), n)
}
