package safejson_test

import (
	"fmt"
	"math"
	"os"

	"github.com/safejson/safejson"
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
