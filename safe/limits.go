package safe

import (
	"fmt"
	"reflect"
	"strconv"
)

// HardMaxDepth bounds Options.MaxDepth, so that the encoder's recursion stays
// far from the goroutine stack limit (a fatal error, not a panic, in Go).
const HardMaxDepth = 100000

// indirectPerLevel is how many pointers and interfaces may be followed per
// level of MaxDepth: they do not count as nesting, but they do recurse.
const indirectPerLevel = 4

// follow counts one more pointer or interface followed to reach a value. It
// reports false, having written the substitute (null) or returned the Strict
// error, when they outnumber indirectPerLevel × MaxDepth: a chain of pointers
// or interfaces that long holds no data encoding/json could write in
// reasonable time anyway.
func (e *encodeState) follow(v reflect.Value) (bool, error) {
	if e.indirect >= indirectPerLevel*e.maxDepth {
		if e.strict {
			return false, newError(ReasonDepth, unsupportedValue(v, fmt.Sprintf("more than %d pointers and interfaces deep", indirectPerLevel*e.maxDepth)))
		}
		e.buf = append(e.buf, "null"...)
		return false, nil
	}
	e.indirect++
	return true, nil
}

// tooDeep writes the substitute for an object (or, when array, an array) nested
// deeper than MaxDepth: the string "[Object]" or "[Array]".
func (e *encodeState) tooDeep(v reflect.Value, array bool) error {
	if e.strict {
		return newError(ReasonDepth, unsupportedValue(v, fmt.Sprintf("nesting deeper than %d levels", e.maxDepth)))
	}
	if array {
		e.buf = append(e.buf, `"[Array]"`...)
	} else {
		e.buf = append(e.buf, `"[Object]"`...)
	}
	return nil
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
func (e *encodeState) restMember(n int, sep bool) {
	if sep {
		e.buf = append(e.buf, ',')
	}
	if e.indented {
		e.newline(e.depth)
		e.buf = append(e.buf, `"...": "`...)
	} else {
		e.buf = append(e.buf, `"...":"`...)
	}
	e.buf = appendNotStringified(e.buf, n)
}
