package corpus

import (
	"fmt"
	"strings"

	"github.com/safejson/safejson/internal/options"
)

// limitCases: nesting depth around the engines' limits (2048 pointers and maps,
// 4096 []any in sonic) and beyond DefaultMaxDepth, breadth limits, and the
// indentation and HTML-escaping variants of std output.
func limitCases() []*Case {
	var cs []*Case
	for _, n := range []int{2047, 2049, 4097, options.DefaultMaxDepth} {
		cs = append(cs,
			same(fmt.Sprintf("depth/slices-%d", n), nestSlices(n), wantSlices(n, n)).deep(),
			same(fmt.Sprintf("depth/maps-%d", n), nestMaps(n), wantMaps(n, n)).deep(),
			same(fmt.Sprintf("depth/pointers-%d", n), nestPointers(n), wantPointers(n, n)).deep(),
		)
	}
	const over = options.DefaultMaxDepth + 1
	cs = append(cs,
		policy("depth/slices-10001", nestSlices(over), wantSlices(over, options.DefaultMaxDepth)).deep(),
		policy("depth/maps-10001", nestMaps(over), wantMaps(over, options.DefaultMaxDepth)).deep(),
		policy("depth/pointers-10001", nestPointers(over), wantPointers(over, options.DefaultMaxDepth)).deep(),
		policy("depth/max-depth-option", map[string]any{"a": []any{1, map[string]any{"b": 2}}, "c": 1},
			`{"a":[1,"[Object]"],"c":1}`).with(options.Options{MaxDepth: 2}),
		policy("depth/max-depth-one-typed", struct {
			A struct{ B int }
			C []int
			D []byte
			E string
		}{C: []int{1}, D: []byte{1}, E: "e"}, `{"A":"[Object]","C":"[Array]","D":"AQ==","E":"e"}`).with(options.Options{MaxDepth: 1}),
		same("depth/max-depth-option-not-reached", []any{[]any{1}}, `[[1]]`).with(options.Options{MaxDepth: 2}),

		policy("breadth/slice", []int{1, 2, 3, 4, 5}, `[1,2,"... 3 items not stringified"]`).with(options.Options{MaxBreadth: 2}),
		policy("breadth/map", map[string]int{"e": 5, "d": 4, "c": 3, "b": 2, "a": 1},
			`{"a":1,"b":2,"...":"3 items not stringified"}`).with(options.Options{MaxBreadth: 2}),
		policy("breadth/struct", struct{ A, B, C, D int }{1, 2, 3, 4},
			`{"A":1,"B":2,"...":"2 items not stringified"}`).with(options.Options{MaxBreadth: 2}),
		policy("breadth/nested", [][]int{{1, 2, 3, 4}, {5}, {6}, {7}},
			`[[1,2,"... 2 items not stringified"],[5],"... 2 items not stringified"]`).with(options.Options{MaxBreadth: 2}),
		same("breadth/not-reached", []int{1, 2}, `[1,2]`).with(options.Options{MaxBreadth: 2}),
		same("breadth/bytes-are-one-string", []byte{1, 2, 3}, `"AQID"`).with(options.Options{MaxBreadth: 2}),
		policy("breadth/indented", []int{1, 2, 3, 4}, "[\n  1,\n  \"... 3 items not stringified\"\n]").
			with(options.Options{MaxBreadth: 1, Output: options.Output{Indent: "  "}}),

		same("indent/map", map[string]any{"a": []int{1, 2}, "b": map[string]int{}, "c": []int{}, "d": nil},
			"{\n  \"a\": [\n    1,\n    2\n  ],\n  \"b\": {},\n  \"c\": [],\n  \"d\": null\n}").with(indent("", "  ")),
		same("indent/prefix-and-indent", []any{1, map[string]int{"x": 1}},
			"[\n//\t1,\n//\t{\n//\t\t\"x\": 1\n//\t}\n//]").with(indent("//", "\t")),
		same("indent/prefix-only", []int{1, 2}, "[\n>1,\n>2\n>]").with(indent(">", "")),
		same("indent/scalar", "<", `"\u003c"`).with(indent("  ", "  ")),
		same("indent/no-escape-html", map[string]string{"<": ">"}, "{\n \"<\": \">\"\n}").
			with(options.Options{Output: options.Output{Indent: " ", NoEscapeHTML: true}}),
		sub("indent/substitutes", map[string]any{"f": func() {}, "n": []any{nan, make(chan int)}, "s": "x"},
			"{\n\t\"n\": [\n\t\tnull,\n\t\tnull\n\t],\n\t\"s\": \"x\"\n}").with(indent("", "\t")),
	)
	return cs
}

// nestSlices returns n nested []any, the innermost empty.
func nestSlices(n int) any {
	v := []any{}
	for range n - 1 {
		v = []any{v}
	}
	return v
}

// wantSlices is nestSlices(n) written with kept levels, the level after them
// replaced by "[Array]".
func wantSlices(n, kept int) string {
	if n <= kept {
		return strings.Repeat("[", n) + strings.Repeat("]", n)
	}
	return strings.Repeat("[", kept) + `"[Array]"` + strings.Repeat("]", kept)
}

// nestMaps returns n nested map[string]any, each under key "a", the innermost
// empty.
func nestMaps(n int) any {
	v := map[string]any{}
	for range n - 1 {
		v = map[string]any{"a": v}
	}
	return v
}

func wantMaps(n, kept int) string {
	if n <= kept {
		return strings.Repeat(`{"a":`, n-1) + "{}" + strings.Repeat("}", n-1)
	}
	return strings.Repeat(`{"a":`, kept) + `"[Object]"` + strings.Repeat("}", kept)
}

// nestPointers returns a chain of n *deep, the last one's Next nil.
func nestPointers(n int) *deep {
	v := &deep{}
	for range n - 1 {
		v = &deep{Next: v}
	}
	return v
}

func wantPointers(n, kept int) string {
	if n <= kept {
		return strings.Repeat(`{"Next":`, n-1) + `{"Next":null}` + strings.Repeat("}", n-1)
	}
	return strings.Repeat(`{"Next":`, kept) + `"[Object]"` + strings.Repeat("}", kept)
}
