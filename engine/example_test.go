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
