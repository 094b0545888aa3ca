package safe

import (
	"encoding/json"
	"reflect"
	"strings"

	"github.com/safejson/safejson/internal/stats"
)

// Substitution is one substitute the encoder wrote in place of a value
// encoding/json rejects, as Options.OnSubstitute receives it: where, why and
// what. Strict would have failed there with an *Error of the same Path and
// Reason.
type Substitution struct {
	// Path is a JSON Pointer (RFC 6901) to the value, as Error.Path: "" for
	// the top level, "/items/3/owner" for member owner of the fourth element
	// of member items. For a breadth limit or a map key it points to the
	// object or array.
	Path string
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
	e.subs = append(e.subs, Substitution{Path: jsonPointer(e.path), Reason: reason, Type: t})
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
	e.subs = e.subs[:0]
	for i := range subs {
		e.report(subs[i])
		subs[i] = Substitution{}
	}
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

// jsonPointer returns the JSON Pointer of the path segments segs, outermost
// first.
func jsonPointer(segs []string) string {
	if len(segs) == 0 {
		return ""
	}
	var b strings.Builder
	for _, s := range segs {
		b.WriteByte('/')
		for i := range len(s) {
			switch c := s[i]; c {
			case '~':
				b.WriteString("~0")
			case '/':
				b.WriteString("~1")
			default:
				b.WriteByte(c)
			}
		}
	}
	return b.String()
}
