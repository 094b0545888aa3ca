package corpus

import "github.com/safejson/safejson/internal/options"

// selfPointer is a pointer type whose values point to values of itself:
// p = &p is a cycle that writes no JSON token.
type selfPointer *selfPointer

// cycleCases: values that are their own ancestor (a cycle member is omitted from
// its object, null as an array element), and shared references that are not
// (written in full, as encoding/json does).
func cycleCases() []*Case {
	selfMap := map[string]any{"a": 1}
	selfMap["self"] = selfMap

	selfSlice := make([]any, 2)
	selfSlice[0] = 1
	selfSlice[1] = selfSlice

	selfPtr := &node{Name: "a"}
	selfPtr.Next = selfPtr

	ring := &node{Name: "a", Next: &node{Name: "b", Next: &node{Name: "c", Next: &node{Name: "d", Next: &node{Name: "e"}}}}}
	ring.Next.Next.Next.Next.Next = ring

	viaIface := &box{}
	viaIface.V = viaIface

	viaEmbedded := &outer{Name: "o"}
	viaEmbedded.inner = &inner{ID: 1, Parent: viaEmbedded}

	mutualA := &node{Name: "a"}
	mutualA.Next = &node{Name: "b", Next: mutualA}

	backToSlice := []any{nil}
	backToSlice[0] = map[string]any{"id": 1, "back": backToSlice}

	selfMapInSlice := map[string]any{"id": 2}
	selfMapInSlice["self"] = selfMapInSlice

	kids := &tree{Name: "r"}
	kids.Kids = []*tree{kids, {Name: "c"}}

	itemsBox := &box{}
	itemsBox.V = []any{"x", itemsBox}

	mapOfSelf := map[string]map[string]any{"m": {"k": 1}}
	mapOfSelf["m"]["up"] = mapOfSelf

	shared := &leaf{X: 1}
	sharedMap := map[string]int{"x": 1}
	sharedSlice := []int{1, 2}
	nestedShared := []any{1}
	diamond := &node{Name: "d"}
	sameAddr := &head{F: first{N: 7}}
	sameAddr.P = &sameAddr.F
	prefix := []any{1, nil}
	prefix[1] = prefix[:1]

	// Category K: cycles through pointers and interfaces only, which write no
	// JSON token on the way round. The classic encoding/json finds them
	// after 1000 pointer levels; on json/v2 it recurses until the process
	// dies, so the runner never gives it these values there.
	var anySelf any
	anySelf = &anySelf
	var namedSelf selfPointer
	namedSelf = &namedSelf
	var anyViaDouble any
	double := &anyViaDouble
	anyViaDouble = &double

	return []*Case{
		sub("cycle/self-map", selfMap, `{"a":1}`).strictAt("/self"),
		sub("cycle/self-slice", selfSlice, `[1,null]`).strictAt("/1"),
		sub("cycle/self-struct-pointer", selfPtr, `{"Name":"a"}`),
		sub("cycle/struct-value-holding-pointer-cycle", *selfPtr, `{"Name":"a","Next":{"Name":"a"}}`),
		sub("cycle/five-levels-down", ring,
			`{"Name":"a","Next":{"Name":"b","Next":{"Name":"c","Next":{"Name":"d","Next":{"Name":"e"}}}}}`),
		sub("cycle/through-interface", viaIface, `{}`),
		sub("cycle/through-embedded-pointer", viaEmbedded, `{"ID":1,"Name":"o"}`),
		sub("cycle/mutual-two-nodes", mutualA, `{"Name":"a","Next":{"Name":"b"}}`),
		sub("cycle/map-value-in-slice-back-to-slice", backToSlice, `[{"id":1}]`),
		sub("cycle/self-map-inside-slice", []any{selfMapInSlice}, `[{"id":2}]`),
		sub("cycle/array-element-of-typed-slice", kids, `{"Name":"r","Kids":[null,{"Name":"c","Kids":null}]}`),
		sub("cycle/slice-in-interface-field", itemsBox, `{"V":["x",null]}`),
		sub("cycle/typed-map-of-maps", mapOfSelf, `{"m":{"k":1}}`),
		sub("cycle/self-box-as-slice-element", []*box{viaIface, {V: 2}}, `[{},{"V":2}]`),

		sub("cycle/any-pointer-to-itself", anySelf, `null`).stdDiesOnV2(v2StdDies),
		sub("cycle/named-pointer-to-itself", namedSelf, `null`).stdDiesOnV2(v2StdDies),
		sub("cycle/double-pointer-through-any", anyViaDouble, `null`).stdDiesOnV2(v2StdDies),
		sub("cycle/pointer-to-any-to-itself", &anySelf, `null`).stdDiesOnV2(v2StdDies),
		sub("cycle/any-pointer-to-itself-in-slice", []any{1, anySelf}, `[1,null]`).stdDiesOnV2(v2StdDies),
		sub("cycle/any-pointer-to-itself-in-map", map[string]any{"k": anySelf, "n": 1}, `{"n":1}`).stdDiesOnV2(v2StdDies),
		sub("cycle/any-pointer-to-itself-in-struct", struct {
			A any
			B int
		}{anySelf, 1}, `{"B":1}`).stdDiesOnV2(v2StdDies),
		sub("cycle/named-pointer-to-itself-indented", []any{namedSelf, "<"}, "[\n  null,\n  \"<\"\n]").
			with(options.Options{Output: options.Output{Indent: "  ", NoEscapeHTML: true}}).stdDiesOnV2(v2StdDies),

		same("shared/same-pointer-twice", struct{ A, B *leaf }{shared, shared}, `{"A":{"X":1},"B":{"X":1}}`),
		same("shared/same-map-twice", []any{sharedMap, sharedMap}, `[{"x":1},{"x":1}]`),
		same("shared/same-slice-twice", map[string]any{"a": sharedSlice, "b": sharedSlice}, `{"a":[1,2],"b":[1,2]}`),
		same("shared/same-slice-at-two-depths", []any{nestedShared, []any{nestedShared, nestedShared}}, `[[1],[[1],[1]]]`),
		same("shared/diamond", struct{ L, R *node }{&node{Name: "l", Next: diamond}, &node{Name: "r", Next: diamond}},
			`{"L":{"Name":"l","Next":{"Name":"d","Next":null}},"R":{"Name":"r","Next":{"Name":"d","Next":null}}}`),
		same("shared/struct-and-first-field-same-address", sameAddr, `{"F":{"N":7},"P":{"N":7}}`),
		same("shared/prefix-of-ancestor-slice", prefix, `[1,[1]]`),

		policy("cycle/placeholder-member", selfMap, `{"a":1,"self":"[Circular]"}`).
			with(options.Options{Circular: options.CircularPlaceholder}),
		policy("cycle/placeholder-array-element", selfSlice, `[1,"[Circular]"]`).
			with(options.Options{Circular: options.CircularPlaceholder}),
		policy("cycle/placeholder-custom-escaped", selfPtr, `{"Name":"a","Next":"\u003ccycle\u003e \"q\""}`).
			with(options.Options{Circular: options.CircularPlaceholder, Placeholder: `<cycle> "q"`}),
		policy("cycle/placeholder-custom-no-escape-html", selfPtr, `{"Name":"a","Next":"<cycle>"}`).
			with(options.Options{Circular: options.CircularPlaceholder, Placeholder: `<cycle>`, Output: options.Output{NoEscapeHTML: true}}),
		sub("cycle/indented", selfMap, "{\n  \"a\": 1\n}").with(options.Options{Output: options.Output{Indent: "  "}}),
	}
}
