package corpus

import "github.com/safejson/safejson/internal/options"

// replacerCases: the replacer runs exactly once per value, also on a cyclic
// value (the runner counts the calls and checks their keys).
func replacerCases() []*Case {
	keep := func(_ string, v any) (any, bool) { return v, true }

	cyclic := map[string]any{"a": 1}
	cyclic["self"] = cyclic
	selfPtr := &node{Name: "a"}
	selfPtr.Next = selfPtr

	return []*Case{
		policy("replacer/identity-on-cyclic-map", cyclic, `{"a":1}`).
			with(options.Options{Replacer: keep}).calls("", "a", "self"),
		policy("replacer/identity-on-cyclic-pointer", selfPtr, `{"Name":"a"}`).
			with(options.Options{Replacer: keep}).calls("", "Name", "Next"),
		same("replacer/identity-on-plain-data", struct {
			A []int `json:"a"`
			B string
		}{[]int{1, 2}, "b"}, `{"a":[1,2],"B":"b"}`).
			with(options.Options{Replacer: keep}).calls("", "a", "0", "1", "B"),
		policy("replacer/drop-member", map[string]any{"user": "u", "password": "p"}, `{"user":"u"}`).
			with(options.Options{Replacer: func(k string, v any) (any, bool) { return v, k != "password" }}).
			calls("", "password", "user"),
		policy("replacer/drop-array-element", []int{1, 2, 3}, `[1,null,3]`).
			with(options.Options{Replacer: func(k string, v any) (any, bool) { return v, k != "1" }}).
			calls("", "0", "1", "2"),
		policy("replacer/drop-top-level", []int{1}, `null`).
			with(options.Options{Replacer: func(k string, v any) (any, bool) { return v, k != "" }}).
			calls(""),
		policy("replacer/replace-value", struct {
			N int `json:"n"`
			M int `json:"m"`
		}{2, 3}, `{"n":4,"m":3}`).
			with(options.Options{Replacer: func(k string, v any) (any, bool) {
				if k == "n" {
					return v.(int) * 2, true
				}
				return v, true
			}}).calls("", "n", "m"),
		policy("replacer/replacement-gets-substitutes", map[string]any{"x": 1}, `{"x":null}`).
			with(options.Options{Replacer: func(k string, v any) (any, bool) {
				if k == "x" {
					return nan, true
				}
				return v, true
			}}).calls("", "x"),
	}
}
