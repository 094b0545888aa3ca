//go:build goexperiment.jsonv2 && go1.27

package jsonv2_test

import (
	"encoding/json/jsontext"
	"encoding/json/v2"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"os"

	"github.com/safejson/safejson/jsonv2"
)

type Node struct {
	Name string
	Next *Node
}

// Marshal takes encoding/json/v2's own options and writes its bytes; a
// cycle, a NaN and invalid UTF-8 become substitutes instead of errors.
func ExampleMarshal() {
	n := &Node{Name: "loop"}
	n.Next = n
	b, err := jsonv2.Marshal(map[string]any{
		"node":  n,
		"score": math.NaN(),
		"text":  "caf\xe9",
	}, json.Deterministic(true))
	fmt.Println(string(b), err)
	// Output: {"node":{"Name":"loop","Next":null},"score":null,"text":"caf�"} <nil>
}

// OnSubstitute reports each substitute once the encode succeeded, in the
// order written: where (a JSON Pointer), why and the Go type.
func ExampleOnSubstitute() {
	n := &Node{Name: "loop"}
	n.Next = n
	report := jsonv2.OnSubstitute(func(s jsonv2.Substitution) {
		fmt.Printf("%q: %s (%v)\n", s.Pointer, s.Reason, s.Type)
	})
	b, _ := jsonv2.Marshal(map[string]any{"node": n, "scores": []float64{1, math.Inf(1)}}, json.Deterministic(true), report)
	fmt.Println(string(b))
	// Output:
	// "/node/Next": cycle (*jsonv2_test.Node)
	// "/scores/1": non-finite number (float64)
	// {"node":{"Name":"loop","Next":null},"scores":[1,null]}
}

// CircularPlaceholder writes a string for a cycle; it goes in the same
// list as encoding/json/v2's options.
func ExampleCircularPlaceholder() {
	n := &Node{Name: "loop"}
	n.Next = n
	b, _ := jsonv2.Marshal(n, jsonv2.CircularPlaceholder("[Circular]"), jsontext.WithIndent("  "))
	fmt.Println(string(b))
	// Output:
	// {
	//   "Name": "loop",
	//   "Next": "[Circular]"
	// }
}

// Strict makes a substitute an error carrying the JSON Pointer of the value.
func ExampleStrict() {
	_, err := jsonv2.Marshal(map[string][]float64{"xs": {1, math.Inf(1)}}, jsonv2.Strict(true))
	var serr *json.SemanticError
	var sub *jsonv2.SubstituteError
	fmt.Println(errors.As(err, &serr), serr.JSONPointer, errors.As(err, &sub), sub.Reason)
	// Output: true /xs/1 true non-finite number
}

// A net/http handler writes with MarshalWrite: on an error nothing has been
// written, so the handler can still send an error status.
func ExampleMarshalWrite() {
	handler := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if err := jsonv2.MarshalWrite(w, map[string]any{"ok": true, "ratio": math.Inf(1)}, json.Deterministic(true)); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
		}
	}
	srv := httptest.NewServer(http.HandlerFunc(handler))
	defer srv.Close()
	resp, err := http.Get(srv.URL)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	fmt.Println(resp.StatusCode, string(body))
	// Output: 200 {"ok":true,"ratio":null}
}

// MarshalEncode writes one value into a stream of jsontext tokens.
func ExampleMarshalEncode() {
	enc := jsontext.NewEncoder(os.Stdout)
	_ = enc.WriteToken(jsontext.BeginArray)
	_ = jsonv2.MarshalEncode(enc, []any{1, complex(1, 2)})
	_ = jsonv2.MarshalEncode(enc, "x")
	_ = enc.WriteToken(jsontext.EndArray)
	// Output: [[1,null],"x"]
}

// Unmarshal is encoding/json/v2's, with its verdict on every input.
func ExampleUnmarshal() {
	var v struct{ A int }
	err := jsonv2.Unmarshal([]byte(`{"A":1,"A":2}`), &v)
	fmt.Println(v.A, err)
	// Output: 1 jsontext: duplicate object member name "A"
}
