package safejson_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strings"

	"github.com/safejson/safejson"
	"github.com/safejson/safejson/safe"
)

type User struct {
	Name   string  `json:"name"`
	Score  float64 `json:"score"`
	Friend *User   `json:"friend,omitempty"`
}

func ExampleMarshal() {
	b, err := safejson.Marshal(User{Name: "Ada", Score: 9.5})
	fmt.Println(string(b), err)
	// Output: {"name":"Ada","score":9.5} <nil>
}

func ExampleMarshal_substitutes() {
	u := &User{Name: "Ada", Score: math.NaN()}
	u.Friend = u // a cycle
	b, err := safejson.Marshal(u)
	fmt.Println(string(b), err)
	// Output: {"name":"Ada","score":null} <nil>
}

func ExampleMarshalIndent() {
	b, _ := safejson.MarshalIndent(map[string]any{"a": []int{1, 2}}, "", "  ")
	fmt.Println(string(b))
	// Output:
	// {
	//   "a": [
	//     1,
	//     2
	//   ]
	// }
}

func ExampleOptions() {
	u := &User{Name: "Ada"}
	u.Friend = u
	opts := safejson.Options{Circular: safejson.CircularPlaceholder}
	b, _ := opts.Marshal(u)
	fmt.Println(string(b))
	// Output: {"name":"Ada","score":0,"friend":"[Circular]"}
}

func ExampleOptions_strict() {
	_, err := safejson.Options{Strict: true}.Marshal(map[string]any{"n": math.Inf(1)})
	fmt.Println(err)
	// Output: json: unsupported value: +Inf (at "/n")
}

func ExampleNewEncoder() {
	enc := safejson.NewEncoder(os.Stdout)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(map[string]any{"html": "<b>", "f": func() {}})
	// Output: {"html":"<b>"}
}

// A cyclic value, a NaN and a func field: json.Marshal returns an error for
// each, and no bytes; safejson writes valid JSON with a substitute, and for
// everything else exactly encoding/json's bytes.
func Example() {
	type Node struct {
		Name   string   `json:"name"`
		Weight float64  `json:"weight"`
		Parent *Node    `json:"parent,omitempty"`
		OnSave func()   `json:"on_save,omitempty"`
		Tags   []string `json:"tags"`
	}
	root := &Node{Name: "root", Weight: math.NaN(), OnSave: func() {}}
	root.Parent = root

	b, err := safejson.Marshal(root)
	fmt.Println(string(b), err)

	// Output: {"name":"root","weight":null,"tags":null} <nil>
}

// A value that holds itself through an interface alone writes no JSON
// token at all: Go 1.27's encoding/json overflows the stack on it (a fatal
// error); safejson writes null on every toolchain.
func ExampleMarshal_selfReference() {
	var x any
	x = &x
	b, err := safejson.Marshal(x)
	fmt.Println(string(b), err)
	// Output: null <nil>
}

func ExampleAppend() {
	buf := []byte(`{"user":`)
	buf, err := safejson.Append(buf, User{Name: "Ada", Score: math.Inf(1)})
	buf = append(buf, '}')
	fmt.Println(string(buf), err)
	// Output: {"user":{"name":"Ada","score":null}} <nil>
}

func ExampleUnmarshal() {
	var u User
	err := safejson.Unmarshal([]byte(`{"name":"Ada","score":9.5}`), &u)
	fmt.Println(u.Name, u.Score, err)

	// Errors are encoding/json's, of its types.
	err = safejson.Unmarshal([]byte(`{"name":42}`), &u)
	var typeErr *json.UnmarshalTypeError
	fmt.Println(errors.As(err, &typeErr), typeErr.Field)
	// Output:
	// Ada 9.5 <nil>
	// true name
}

func ExampleNewDecoder() {
	dec := safejson.NewDecoder(strings.NewReader(`{"name":"Ada"} {"name":"Grace"}`))
	for {
		var u User
		if err := dec.Decode(&u); err == io.EOF {
			break
		} else if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(u.Name)
	}
	// Output:
	// Ada
	// Grace
}

// Loggers (zap, zerolog, slog) write JSON without HTML escaping: so does
// an Encoder with NoEscapeHTML.
func ExampleOptions_NewEncoder() {
	enc := safejson.Options{NoEscapeHTML: true}.NewEncoder(os.Stdout)
	_ = enc.Encode(map[string]any{"msg": "a < b & c", "v": math.NaN()})
	// Output: {"msg":"a < b & c","v":null}
}

func ExampleOptions_Validate() {
	opts := safejson.Options{MaxDepth: -1}
	fmt.Println(opts.Validate())

	// Every call under invalid options returns that error, doing nothing else.
	_, err := opts.Marshal(1)
	fmt.Println(err)
	// Output:
	// safejson: MaxDepth must not be negative, got -1
	// safejson: MaxDepth must not be negative, got -1
}

func ExampleOptions_maxDepth() {
	deep := []any{[]any{[]any{[]any{"x"}}}}
	b, _ := safejson.Options{MaxDepth: 2}.Marshal(deep)
	fmt.Println(string(b))
	// Output: [["[Array]"]]
}

func ExampleOptions_maxBreadth() {
	b, _ := safejson.Options{MaxBreadth: 2}.Marshal([]int{1, 2, 3, 4, 5})
	fmt.Println(string(b))
	// Output: [1,2,"... 3 items not stringified"]
}

// A Replacer sees every value before it is written, with its key: here it
// hides passwords.
func ExampleOptions_replacer() {
	opts := safejson.Options{Replacer: func(key string, v any) (any, bool) {
		if key == "password" {
			return "***", true
		}
		return v, true
	}}
	b, _ := opts.Marshal(map[string]any{"user": "ada", "password": "hunter2"})
	fmt.Println(string(b))
	// Output: {"password":"***","user":"ada"}
}

// Under Strict every substitution is an error that says where and why, and
// wraps encoding/json's error for the same value.
func ExampleOptions_strictError() {
	type Node struct {
		Next *Node `json:"next"`
	}
	n := &Node{}
	n.Next = n
	_, err := safejson.Options{Strict: true}.Marshal(n)
	var se *safe.Error
	var ue *json.UnsupportedValueError
	fmt.Println(errors.As(err, &se), se.Path, se.Reason)
	fmt.Println(errors.As(err, &ue))
	// Output:
	// true /next cycle
	// true
}
