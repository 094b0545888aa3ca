package safejson_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/safejson/safejson"
)

// The user's methods (MarshalJSON, MarshalText, AppendText, an IsZero that
// omitzero calls) run once per value per call, on every route: each
// engine of the default plan and each named one, Marshal, MarshalIndent,
// Encoder and Append, for values an engine writes and values that need the
// fallback (NaN, a func, a cycle, a method's error or invalid output). The
// count is encoding/json's for the same value where encoding/json gives
// one (it writes the value or fails on the user's code), else one call per
// method value.

// onceCalls counts the calls of the methods below.
var onceCalls struct{ json, text, appendText, isZero, replacer atomic.Int64 }

type counts struct{ json, text, appendText, isZero int64 }

func (c counts) total() int64 { return c.json + c.text + c.appendText + c.isZero }

func takeCounts() counts {
	return counts{onceCalls.json.Swap(0), onceCalls.text.Swap(0), onceCalls.appendText.Swap(0), onceCalls.isZero.Swap(0)}
}

type onceJSON int

func (v onceJSON) MarshalJSON() ([]byte, error) {
	onceCalls.json.Add(1)
	return []byte(strconv.Itoa(int(v))), nil
}

type onceText int

func (v onceText) MarshalText() ([]byte, error) {
	onceCalls.text.Add(1)
	return []byte("t" + strconv.Itoa(int(v))), nil
}

// onceAppend has AppendText (which encoding/json on json/v2 calls) and
// MarshalText (which the classic one calls).
type onceAppend int

func (v onceAppend) AppendText(b []byte) ([]byte, error) {
	onceCalls.appendText.Add(1)
	return append(b, 'a'), nil
}

func (v onceAppend) MarshalText() ([]byte, error) {
	onceCalls.text.Add(1)
	return []byte("a"), nil
}

type oncePtr struct{ N int }

func (p *oncePtr) MarshalJSON() ([]byte, error) {
	onceCalls.json.Add(1)
	return []byte(strconv.Itoa(p.N)), nil
}

// onceZero has IsZero, which omitzero calls.
type onceZero int

func (v onceZero) IsZero() bool {
	onceCalls.isZero.Add(1)
	return v == 0
}

type onceBad int

func (onceBad) MarshalJSON() ([]byte, error) {
	onceCalls.json.Add(1)
	return []byte("{"), nil
}

type onceErr int

func (onceErr) MarshalJSON() ([]byte, error) {
	onceCalls.json.Add(1)
	return nil, errors.New("once: failed")
}

type onceRecord struct {
	J onceJSON
	T onceText
	A onceAppend
	S string
	F float64
}

type onceNode struct {
	J    onceJSON
	Next *onceNode
	X    any
}

type onceCase struct {
	name string
	v    func() any
	once int64 // method calls, each method value called once
	// std: encoding/json's count is the reference (it writes the value, or
	// fails on the user's code); else it fails on data before some calls,
	// or is not run at all (a cycle).
	std bool
}

func onceCases() []onceCase {
	nan := math.NaN()
	return []onceCase{
		{"record", func() any { return onceRecord{1, 2, 3, "s", 1.5} }, 3, true},
		{"record NaN", func() any { return onceRecord{1, 2, 3, "s", nan} }, 3, false},
		{"records, NaN in the last", func() any {
			rs := make([]onceRecord, 5)
			rs[4].F = nan
			return rs
		}, 15, false},
		{"*record NaN", func() any { return &onceRecord{1, 2, 3, "s", math.Inf(1)} }, 3, false},
		{"text keys", func() any { return map[onceText]float64{1: 1, 2: 2} }, 2, true},
		{"text keys NaN", func() any { return map[onceText]float64{1: 1, 2: nan} }, 2, false},
		{"interfaces", func() any { return []any{onceJSON(1), map[string]any{"x": onceText(2), "f": 1.5}} }, 2, true},
		{"interfaces NaN", func() any { return []any{onceJSON(1), map[string]any{"x": onceText(2), "f": nan}} }, 2, false},
		{"pointer method NaN", func() any {
			return &struct {
				P oncePtr
				F float64
			}{oncePtr{4}, nan}
		}, 1, false},
		{"omitzero", func() any {
			return struct {
				S string
				Z onceZero `json:",omitzero"`
				F float64
			}{"s", 1, 1.5}
		}, 1, true},
		{"omitzero NaN", func() any {
			return struct {
				S string
				Z onceZero `json:",omitzero"`
				F float64
			}{"s", 1, nan}
		}, 1, false},
		{"func field", func() any {
			return struct {
				J  onceJSON
				Fn func()
			}{1, func() {}}
		}, 1, false},
		{"func behind any", func() any {
			return struct {
				J onceJSON
				X any
			}{1, func() {}}
		}, 1, false},
		{"cycle", func() any {
			n := &onceNode{J: 1}
			n.Next = n
			return n
		}, 1, false},
		{"cycle behind any", func() any {
			n := &onceNode{J: 1}
			n.X = n
			return n
		}, 1, false},
		{"invalid output", func() any {
			return struct {
				S string
				B onceBad
				J onceJSON
			}{"s", 1, 2}
		}, 1, true},
		{"method error", func() any {
			return struct {
				J onceJSON
				E onceErr
				K onceJSON
			}{1, 2, 3}
		}, 2, true},
		{"method error after NaN", func() any {
			return struct {
				F float64
				J onceJSON
				E onceErr
			}{nan, 1, 2}
		}, 2, false},
	}
}

// onceOps are the entry points, each writing v under o.
var onceOps = []struct {
	name string
	std  func(v any) error
	ours func(o safejson.Options, v any) error
}{
	{"Marshal", func(v any) error { _, err := json.Marshal(v); return err },
		func(o safejson.Options, v any) error { _, err := o.Marshal(v); return err }},
	{"MarshalIndent", func(v any) error { _, err := json.MarshalIndent(v, "", "  "); return err },
		func(o safejson.Options, v any) error { _, err := o.MarshalIndent(v, "", "  "); return err }},
	{"Encoder", func(v any) error { return json.NewEncoder(new(bytes.Buffer)).Encode(v) },
		func(o safejson.Options, v any) error { return o.NewEncoder(new(bytes.Buffer)).Encode(v) }},
	{"Append", func(v any) error { _, err := json.Marshal(v); return err },
		func(o safejson.Options, v any) error { _, err := o.Append(make([]byte, 3, 64), v); return err }},
}

// isUserError reports whether err is encoding/json's error for the user's
// own code, after which its count is the reference.
func isUserError(err error) bool {
	var me *json.MarshalerError
	return err == nil || errors.As(err, &me)
}

func TestMethodsCalledOnce(t *testing.T) {
	for _, c := range onceCases() {
		for _, op := range onceOps {
			var want counts
			if c.std {
				takeCounts()
				err := op.std(c.v())
				want = takeCounts()
				if !assert.True(t, isUserError(err), "%s: encoding/json's error %v", c.name, err) {
					continue
				}
			}
			for _, o := range prefillOptions() {
				for _, strict := range []bool{false, true} {
					o.Strict = strict
					name := fmt.Sprintf("%s, %s, engine %v, strict %v", c.name, op.name, o.Engine, strict)
					takeCounts()
					_ = op.ours(o, c.v())
					got := takeCounts()
					switch {
					case c.std:
						assert.Equal(t, want, got, name)
					case strict:
						// Strict stops at the first substitute, as encoding/json
						// stops at the value it rejects: no method twice.
						assert.LessOrEqual(t, got.total(), c.once, name)
					default:
						assert.Equal(t, c.once, got.total(), name)
					}
				}
			}
		}
	}
}

// TestReplacerCalledOnce: the Replacer runs once per value on every route,
// with a NaN, a cycle and a method in the value.
func TestReplacerCalledOnce(t *testing.T) {
	replacer := func(key string, v any) (any, bool) {
		onceCalls.replacer.Add(1)
		return v, true
	}
	cases := []struct {
		name string
		v    func() any
		want int64 // values: the top level, each member and element
	}{
		{"record", func() any { return onceRecord{1, 2, 3, "s", 1.5} }, 6},
		{"record NaN", func() any { return onceRecord{1, 2, 3, "s", math.NaN()} }, 6},
		{"slice NaN", func() any { return []float64{1, math.NaN(), 3} }, 4},
		{"cycle", func() any {
			n := &onceNode{J: 1}
			n.Next = n
			return n
		}, 4},
	}
	for _, c := range cases {
		for _, op := range onceOps {
			for _, o := range prefillOptions() {
				o.Replacer = replacer
				onceCalls.replacer.Store(0)
				takeCounts()
				_ = op.ours(o, c.v())
				name := fmt.Sprintf("%s, %s, engine %v", c.name, op.name, o.Engine)
				assert.Equal(t, c.want, onceCalls.replacer.Load(), name)
				assert.LessOrEqual(t, takeCounts().total(), int64(3), name)
			}
		}
	}
}
