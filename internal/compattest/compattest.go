// Package compattest holds what the framework adapters' tests share: the
// values they send through real servers (safejson's bench data, values
// encoding/json rejects with safejson's default substitute for each, a
// MarshalJSON that fails) and the HTTP helpers that serve and ask for them.
// It is internal to the repository; the adapter modules under compat/ import
// it (their module paths are below safejson's), since they cannot share test
// files.
package compattest

import (
	"encoding/json"
	"errors"
	"math"

	"github.com/safejson/safejson/internal/benchdata"
)

// Address is an Item's nested object: the bench data's.
type Address = benchdata.Address

// Item is one object of the bench data.
type Item = benchdata.Item

// Items returns n items of the bench data.
func Items(n int) []Item { return benchdata.Items(n) }

// htmlItem is an item whose strings hold HTML characters, which an encoder
// escapes unless told not to.
func htmlItem() Item {
	it := benchdata.NewItem(3)
	it.Name = "<User & co>"
	it.Address.City = "<Montréal & co>"
	return it
}

// Node is a model with a back reference.
type Node struct {
	Name   string `json:"name"`
	Parent *Node  `json:"parent,omitempty"`
}

// Cyclic returns a Node that is its own parent.
func Cyclic() *Node {
	n := &Node{Name: "a"}
	n.Parent = n
	return n
}

// Floats holds a float and a slice of floats.
type Floats struct {
	A float64   `json:"a"`
	B []float64 `json:"b"`
}

// WithFunc has a func field, which encoding/json rejects by type.
type WithFunc struct {
	Name     string `json:"name"`
	OnChange func() `json:"onChange"`
}

// Case is a value encoding/json rejects and safejson's default substitute for
// it (compattest's own test checks both against encoding/json and safe).
type Case struct {
	V any
	// Want is safejson's default substitute; WantNoEscapeHTML the same with
	// NoEscapeHTML (what adapters that do not escape HTML write).
	Want, WantNoEscapeHTML string
}

// StdErr is encoding/json's error for the value: json.Marshal's, the same as
// json.Encoder's.
func (c Case) StdErr() error {
	_, err := json.Marshal(c.V)
	return err
}

// Unsupported are values encoding/json rejects, with safejson's default
// substitute (cycle member omitted, NaN and ±Inf null, func member omitted),
// as objects and inside an array (with non-ASCII text and HTML).
func Unsupported() map[string]Case {
	return map[string]Case{
		"cycle": {Cyclic(), `{"name":"a"}`, `{"name":"a"}`},
		"nan":   {Floats{A: math.NaN(), B: []float64{1, math.Inf(1), math.Inf(-1)}}, `{"a":null,"b":[1,null,null]}`, `{"a":null,"b":[1,null,null]}`},
		"func":  {WithFunc{Name: "f<", OnChange: func() {}}, `{"name":"f\u003c"}`, `{"name":"f<"}`},
		"array": {[]any{Cyclic(), map[string]any{"x": math.NaN()}, "é<"}, `[{"name":"a"},{"x":null},"é\u003c"]`, `[{"name":"a"},{"x":null},"é<"]`},
	}
}

// UnsupportedValues are Unsupported's values by name, for a server to serve.
func UnsupportedValues() map[string]any {
	values := map[string]any{}
	for name, c := range Unsupported() {
		values[name] = c.V
	}
	return values
}

// ErrBoom is the error Failing's MarshalJSON returns.
var ErrBoom = errors.New("boom")

// Failing is a value whose MarshalJSON fails: the caller's own error, which
// takes the framework's error path.
type Failing struct{}

// MarshalJSON fails with ErrBoom.
func (Failing) MarshalJSON() ([]byte, error) { return nil, ErrBoom }

// FailingMessage is the text of the error encoding/json returns for a Failing
// inside a value ([]any{Failing{}}), from the encoding/json of the toolchain
// that builds the test: "json: error calling MarshalJSON for type
// compattest.Failing: boom" on the classic one, which names the type the value
// was reached as, "… for type *compattest.Failing: boom" on json/v2, which
// names the pointer to the copy it called the method on.
func FailingMessage() string {
	_, err := json.Marshal([]any{Failing{}})
	return err.Error()
}

// PlainValues are values encoding/json accepts, of every kind a handler
// returns, including one larger than any internal buffer.
func PlainValues() map[string]any {
	return map[string]any{
		"items":  Items(20),
		"one":    htmlItem(),
		"map":    map[string]any{"html": "<b>&</b>", "n": 1.5, "list": []any{"ü", nil, true}},
		"string": "Tromsø <&> \u2028",
		"null":   nil,
		"raw":    json.RawMessage(`{"a" : [1, 2]}`),
		"big":    Items(2000),
	}
}
