package compat_test

import (
	"encoding/json"
	"errors"
	"math"

	"github.com/safejson/safejson/internal/compattest"
)

// node is a model that can point to itself, as an ORM model with a back
// reference does; cyclicNode is one that does. They, floats and withFunc are
// the adapters' (internal/compattest).
type (
	node     = compattest.Node
	floats   = compattest.Floats
	withFunc = compattest.WithFunc
)

var cyclicNode = compattest.Cyclic

// cyclicNodeJSON is the default substitute for cyclicNode: the member that
// closes the cycle is omitted.
const cyclicNodeJSON = `{"name":"a"}`

func nanFloats() floats { return floats{A: math.NaN(), B: []float64{1, math.Inf(1), math.Inf(-1)}} }

// nanFloatsJSON is the default substitute for nanFloats: NaN and ±Inf are null.
const nanFloatsJSON = `{"a":null,"b":[1,null,null]}`

// withFuncJSON is the default substitute for withFunc: the func member is
// omitted.
const withFuncJSON = `{"name":"f"}`

func selfMap() map[string]any {
	m := map[string]any{"a": 1.0}
	m["self"] = m
	return m
}

const selfMapJSON = `{"a":1}`

// unsupported lists values encoding/json rejects, with what safejson writes
// for them by default.
func unsupported() []struct {
	name string
	v    any
	want string
} {
	return []struct {
		name string
		v    any
		want string
	}{
		{"cyclic struct", cyclicNode(), cyclicNodeJSON},
		{"NaN and Inf", nanFloats(), nanFloatsJSON},
		{"func field", withFunc{Name: "f", OnChange: func() {}}, withFuncJSON},
		{"cyclic map", selfMap(), selfMapJSON},
	}
}

var errBoom = errors.New("boom")

// failing is a value whose own MarshalJSON fails: an error of the caller's
// code, which safejson returns as encoding/json does.
type failing struct{}

func (failing) MarshalJSON() ([]byte, error) { return nil, errBoom }

// stdEncode is what json.NewEncoder(w).Encode(v) writes.
func stdEncode(v any, escapeHTML bool) ([]byte, error) {
	var b []byte
	w := writerFunc(func(p []byte) (int, error) { b = append(b, p...); return len(p), nil })
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(escapeHTML)
	err := enc.Encode(v)
	return b, err
}

type writerFunc func(p []byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }
