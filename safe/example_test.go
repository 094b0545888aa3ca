package safe_test

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/safejson/safejson/safe"
)

type Person struct {
	Name    string    `json:"name"`
	Email   string    `json:"email,omitempty"`
	Score   float64   `json:"score"`
	Friends []*Person `json:"friends,omitempty"`
	OnSave  func()    `json:"onSave,omitempty"`
}

// Values that encoding/json accepts come out as encoding/json writes them;
// the others get a substitute: here a NaN score becomes null and a func
// member is left out.
func ExampleMarshal() {
	b, err := safe.Marshal([]Person{
		{Name: "Ada <ada@example.com>", Score: 9.5},
		{Name: "Bob", Score: math.NaN(), OnSave: func() {}},
	})
	fmt.Println(string(b), err)
	// Output:
	// [{"name":"Ada \u003cada@example.com\u003e","score":9.5},{"name":"Bob","score":null}] <nil>
}

func ExampleMarshalIndent() {
	b, err := safe.MarshalIndent(map[string]any{"name": "Ada", "tags": []string{"x", "y"}, "none": []int{}}, "", "  ")
	fmt.Println(string(b), err)
	// Output:
	// {
	//   "name": "Ada",
	//   "none": [],
	//   "tags": [
	//     "x",
	//     "y"
	//   ]
	// } <nil>
}

func ExampleAppend() {
	b := []byte("data: ")
	b, err := safe.Append(b, map[string]int{"b": 2, "a": 1})
	fmt.Println(string(b), err)
	// Output:
	// data: {"a":1,"b":2} <nil>
}

func friends() *Person {
	ada := &Person{Name: "Ada"}
	bob := &Person{Name: "Bob", Friends: []*Person{ada}}
	ada.Friends = []*Person{bob}
	return ada
}

// A cycle (a value that is its own ancestor) is left out of its object, or
// null in an array, by default.
func ExampleCircular_omit() {
	b, err := safe.Marshal(friends())
	fmt.Println(string(b), err)
	// Output:
	// {"name":"Ada","score":0,"friends":[{"name":"Bob","score":0,"friends":[null]}]} <nil>
}

func ExampleCircular_placeholder() {
	b, err := safe.Options{Circular: safe.CircularPlaceholder}.Marshal(friends())
	fmt.Println(string(b), err)
	// Output:
	// {"name":"Ada","score":0,"friends":[{"name":"Bob","score":0,"friends":["[Circular]"]}]} <nil>
}

func ExampleCircular_error() {
	_, err := safe.Options{Circular: safe.CircularError}.Marshal(friends())
	fmt.Println(err)
	var se *safe.Error
	if errors.As(err, &se) {
		fmt.Printf("path %q, reason %q\n", se.Path, se.Reason)
	}
	// Output:
	// json: unsupported value: encountered a cycle via *safe_test.Person (at "/friends/0/friends/0")
	// path "/friends/0/friends/0", reason "cycle"
}

// Strict turns every substitution into an error saying where and why; it
// wraps the error encoding/json returns, for errors.As.
func ExampleOptions_strict() {
	_, err := safe.Options{Strict: true}.Marshal(map[string]any{"scores": []float64{1, math.Inf(1)}})
	fmt.Println(err)
	// Output:
	// json: unsupported value: +Inf (at "/scores/1")
}

// A replacer sees every value once, with its member name or index, and
// returns what to write instead, or false to leave it out.
func ExampleOptions_replacer() {
	redact := func(key string, v any) (any, bool) {
		switch key {
		case "email":
			return "***", true
		case "onSave", "friends":
			return nil, false
		}
		if s, ok := v.(string); ok {
			return strings.ToUpper(s), true
		}
		return v, true
	}
	b, err := safe.Options{Replacer: redact}.Marshal(friends())
	fmt.Println(string(b), err)
	// Output:
	// {"name":"ADA","score":0} <nil>
}

func ExampleOptions_maxDepth() {
	b, err := safe.Options{MaxDepth: 2}.Marshal(map[string]any{"a": map[string]any{"b": map[string]any{}, "c": []int{1}, "d": 1}})
	fmt.Println(string(b), err)
	// Output:
	// {"a":{"b":"[Object]","c":"[Array]","d":1}} <nil>
}

func ExampleOptions_maxBreadth() {
	b, err := safe.Options{MaxBreadth: 2}.Marshal(map[string]any{"list": []int{1, 2, 3, 4}, "a": 1, "b": 2})
	fmt.Println(string(b), err)
	// Output:
	// {"a":1,"b":2,"...":"1 item not stringified"} <nil>
}

func ExampleOptions_Validate() {
	fmt.Println(safe.Options{MaxDepth: -1}.Validate())
	// Output:
	// safe: MaxDepth must not be negative, got -1
}
