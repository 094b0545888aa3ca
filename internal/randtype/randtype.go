// Package randtype builds random Go types, and random values of them, from a
// fuzz input, for differential fuzzing of JSON encoders against encoding/json.
//
// A type is made with reflect.StructOf, SliceOf, MapOf, PointerTo and ArrayOf
// from basic kinds, the well-known types (time.Time, json.Number,
// json.RawMessage, big.Int), the named types of this package (which carry
// MarshalJSON, MarshalText and IsZero methods on value and pointer receivers,
// some of them failing), interfaces, and the kinds encoding/json rejects (chan,
// func, complex, unsafe.Pointer). Struct fields get random json tags (renames,
// omitempty, omitzero, string, "-"), are embedded or unexported, and collide by
// name. A value holds nil and non-nil pointers, NaN, ±Inf, -0 and float
// extremes, strings with invalid UTF-8, U+2028, HTML and control characters,
// shared references and, now and then, cycles: a pointer, map or slice that
// points back to an ancestor, directly or through an interface.
//
// Sizes are bounded (Config: depth 6, breadth 5 by default), except for the
// occasional deep chain (20 to 300 levels, one child each). The same input
// always gives the same type and value: choices are read from the input bytes,
// then from a generator seeded with their hash.
package randtype

import (
	"reflect"
)

// Config bounds and restricts what is generated. The zero value means the
// defaults: everything, depth 6, breadth 5.
type Config struct {
	// MaxDepth bounds the nesting of types and values; 0 means 6.
	MaxDepth int
	// MaxBreadth bounds struct fields, slice and map lengths; 0 means 5.
	MaxBreadth int
	// NoCycles makes no reference back to an ancestor (shared references
	// remain).
	NoCycles bool
	// NoUnsupported makes no chan, func, complex or unsafe.Pointer types and no
	// map keys encoding/json rejects.
	NoUnsupported bool
	// NoNaN makes no NaN or infinite floats.
	NoNaN bool
	// NoChains makes no deep chains: by default one value in 25 is a chain
	// of 20 to 300 levels of map[string]any, []any and *Tree instead, beyond
	// MaxDepth, often with a cycle at its end.
	NoChains bool
	// Unmarshalers adds the named types with unmarshal methods of the
	// user's (UnJSON, UnText), which record their calls in Calls, to the
	// types a value may hold.
	Unmarshalers bool
	// Favor are types picked for half the named types a value holds, so
	// that a search for values holding them needs few types (reflect keeps
	// every struct type it makes for the life of the process).
	Favor []reflect.Type
}

// Sample is a generated type and value.
type Sample struct {
	// Type is the generated type.
	Type reflect.Type
	// Value is the value to encode: a *Type or a Type.
	Value any
	// Stats counts what Value holds.
	Stats Stats
	// Desc describes the type and the value, for failure messages.
	Desc string
	// Chain is the number of levels of a deep chain, 0 for other values.
	Chain int
}

type generator struct {
	src       *source
	cfg       Config
	ancestors []reflect.Value // references on the path being filled
	finished  []reflect.Value // references filled, for sharing
}

// Generate returns a random value built from data, and its description.
func Generate(data []byte) (v any, desc string) {
	s := Config{}.Generate(data)
	return s.Value, s.Desc
}

// Generate returns a random type and value built from data under c.
func (c Config) Generate(data []byte) Sample {
	if c.MaxDepth <= 0 {
		c.MaxDepth = 6
	}
	if c.MaxBreadth <= 0 {
		c.MaxBreadth = 5
	}
	g := &generator{src: newSource(data), cfg: c}
	var t reflect.Type
	var v any
	chain := 0
	if !c.NoChains && g.src.chance(4) {
		var top reflect.Value
		top, chain = g.deepChain()
		t, v = top.Type(), top.Interface()
	} else {
		t = g.genType(0)
		p := reflect.New(t)
		g.enter(p)
		g.fill(p.Elem(), 0)
		g.leave(p)
		v = p.Interface()
		if g.src.chance(50) {
			v = p.Elem().Interface() // a copy: not addressable, as json.Marshal(x)
		}
	}
	d := newDescriber()
	d.value(addressable(v))
	return Sample{
		Type:  t,
		Value: v,
		Stats: d.stats,
		Desc:  "type: " + t.String() + "\nvalue: " + d.text() + "\nstats: " + d.stats.String(),
		Chain: chain,
	}
}
