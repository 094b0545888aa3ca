package main

import (
	"encoding/json"
	"fmt"

	"github.com/safejson/safejson"
	pubengine "github.com/safejson/safejson/engine"
	"github.com/safejson/safejson/internal/benchdata"
	"github.com/safejson/safejson/internal/engine"
	"github.com/safejson/safejson/internal/enginehandle"
	"github.com/safejson/safejson/internal/options"
	"github.com/safejson/safejson/safe"
)

// Case is one row of the bench: a value and the replacer it is encoded with.
// The same table drives `go run ./bench` and the Go benchmarks.
type Case struct {
	// Name is the row's label, as in the seed's table.
	Name string
	// Slug names the case in benchmark names and -json output; no '/' or space.
	Slug string
	// Value is what every encoder encodes; built once.
	Value any
	// Replacer, when set, is passed to safe and safejson through their Options;
	// encoding/json and the raw engine have no replacer, so they do not apply.
	Replacer func(key string, value any) (any, bool)
}

// Cases returns the bench's rows, in table order. Every call builds fresh values.
func Cases() []Case {
	return []Case{
		{Name: "20 objects", Slug: "items-20", Value: benchdata.Items(20)},
		{Name: "500 objects", Slug: "items-500", Value: benchdata.Items(500)},
		{Name: "20 objects as map[string]any", Slug: "maps-20", Value: benchdata.Maps(20)},
		{Name: "500 objects as map[string]any", Slug: "maps-500", Value: benchdata.Maps(500)},
		{Name: "20 objects, recursive type (no cycle)", Slug: "nodes-20", Value: nodes(20)},
		{Name: "20 objects + replacer", Slug: "replacer-20", Value: benchdata.Items(20), Replacer: benchdata.Redact},
		{Name: "20 objects + NaN (fallback)", Slug: "nan-20", Value: benchdata.ItemsWithNaN(20)},
		{Name: "20 objects + func field (fallback)", Slug: "func-20", Value: benchdata.ItemsWithFunc(20)},
		{Name: "20 objects + circular (fallback)", Slug: "circular-20", Value: benchdata.ItemsWithSelf(20)},
		{Name: "{a, self} circular (fallback)", Slug: "selfmap", Value: benchdata.SelfMap()},
		{Name: "500-level nesting, struct", Slug: "deep-struct-500", Value: benchdata.DeepStruct(500)},
		{Name: "3000-level nesting, struct", Slug: "deep-struct-3000", Value: benchdata.DeepStruct(3000)},
		{Name: "3000-level nesting, map", Slug: "deep-map-3000", Value: benchdata.DeepMap(3000)},
	}
}

// nodes returns n items as *benchdata.Node with no parent: the JSON of
// Items(n), from a type that can hold a cycle, which the planner must check.
func nodes(n int) []*benchdata.Node {
	s := make([]*benchdata.Node, n)
	for i := range s {
		s[i] = &benchdata.Node{Item: benchdata.NewItem(i)}
	}
	return s
}

// The encoders every case is run through, in column order.
const (
	encBefore = iota // package safe alone: the "before" of the seed
	encAfter         // safejson with the engine: the "after"
	encEngine        // the raw engine, no fallback
	encStd           // encoding/json
	numEncoders
)

// encoderNames are the encoders' short names, used in benchmark names and -json.
var encoderNames = [numEncoders]string{"before", "after", "engine", "std"}

// encoder is one way of encoding one case.
type encoder struct {
	name string
	// marshal encodes the case; nil when the encoder does not apply to it.
	marshal func() ([]byte, error)
	// na says why marshal is nil.
	na string
}

// encoders returns the four encoders of c, with eng as safejson's engine and as
// the raw engine. The options are built once, outside the closures.
func encoders(c Case, eng engine.Engine) [numEncoders]encoder {
	v := c.Value
	before := safe.Options{Replacer: c.Replacer}
	after := safejson.Options{Replacer: c.Replacer, Engine: planFor(eng)}
	encs := [numEncoders]encoder{
		encBefore: {marshal: func() ([]byte, error) { return before.Marshal(v) }},
		encAfter:  {marshal: func() ([]byte, error) { return after.Marshal(v) }},
		encEngine: {marshal: func() ([]byte, error) { return eng.Append(nil, v, options.Output{}) }},
		encStd:    {marshal: func() ([]byte, error) { return json.Marshal(v) }},
	}
	if c.Replacer != nil {
		encs[encEngine] = encoder{na: "no replacer"}
		encs[encStd] = encoder{na: "no replacer"}
	}
	for i := range encs {
		encs[i].name = encoderNames[i]
	}
	return encs
}

// planFor is the Options.Engine safejson is measured with when eng is the
// engine asked for: the zero Engine, the default plan users get, when eng is
// the binary's default engine (it is tried first, and a type it writes wrongly
// may go to the other engine compiled in); eng alone otherwise (that engine or
// the reference encoder).
func planFor(eng engine.Engine) pubengine.Engine {
	if eng == engine.Default() {
		return pubengine.Engine{}
	}
	return enginehandle.Of(eng)
}

// engineByName returns the engine of this binary called name, or the default
// engine when name is empty.
func engineByName(name string) (engine.Engine, error) {
	if name == "" {
		return engine.Default(), nil
	}
	if e, ok := engine.ByName(name); ok {
		return e, nil
	}
	var names []string
	for _, e := range engine.All() {
		names = append(names, e.Name())
	}
	return nil, fmt.Errorf("bench: no engine %q in this binary (have %v)", name, names)
}
