package engine_test

import (
	"fmt"

	"github.com/safejson/safejson"
	"github.com/safejson/safejson/engine"
)

// Naming an engine that may not be compiled in: under -tags safejson_goccy
// or safejson_std, or on an architecture sonic does not build for, Lookup
// reports false, and the zero Engine (the default plan) is used instead. The
// bytes are the same either way.
func Example() {
	e, ok := engine.Lookup("sonic")
	if !ok {
		e = engine.Engine{}
	}
	out, err := safejson.Options{Engine: e}.Marshal(map[string]any{"a": 1, "b": []string{"<x>"}})
	fmt.Println(string(out), err)
	// Output: {"a":1,"b":["\u003cx\u003e"]} <nil>
}

// Which engine a binary uses first: sonic, goccy or std, by architecture and
// build tag. It is always the first of All.
func ExampleDefault() {
	fmt.Println(engine.Default() == engine.All()[0], engine.Default().Name() != "")
	// Output: true true
}

// All lists the engines compiled in, the default first and encoding/json
// ("std") last, whatever the build.
func ExampleAll() {
	all := engine.All()
	fmt.Println(all[len(all)-1])
	// Output: std
}

func ExampleLookup() {
	e, ok := engine.Lookup("std")
	fmt.Println(e.Name(), ok)
	_, ok = engine.Lookup("encoding/json")
	fmt.Println(ok)
	// Output:
	// std true
	// false
}

// The zero Engine is the default plan: per type, the compiled-in engine
// known to write it exactly.
func ExampleEngine_IsZero() {
	var e engine.Engine
	fmt.Println(e.IsZero(), e)
	// Output: true default
}
