package corpus

import (
	"unsafe"
)

// unsupportedCases: chan, func, complex and unsafe.Pointer, nil and not, as a
// field, map value, slice element, at the top level and behind an interface
// (member omitted; null in arrays and at the top level).
func unsupportedCases() []*Case {
	ch := make(chan int)
	fn := func() {}
	x := 1
	up := unsafe.Pointer(&x)
	return []*Case{
		sub("chan/field", struct {
			A int
			C chan int
		}{1, ch}, `{"A":1}`),
		sub("chan/nil-field", struct {
			A int
			C chan int
		}{A: 1}, `{"A":1}`),
		sub("func/field", struct {
			A int
			F func()
		}{1, fn}, `{"A":1}`),
		sub("func/nil-field", struct {
			F func()
			A int
		}{A: 1}, `{"A":1}`),
		sub("complex/field", struct {
			A int
			C complex128
			D complex64
		}{1, 1 + 2i, 0}, `{"A":1}`),
		sub("unsafe.Pointer/field", struct {
			A int
			P unsafe.Pointer
		}{1, up}, `{"A":1}`),
		sub("unsafe.Pointer/nil-field", struct {
			A int
			P unsafe.Pointer
		}{A: 1}, `{"A":1}`),
		sub("unsupported/only-fields", struct {
			C chan int
			F func()
		}{}, `{}`),
		sub("unsupported/map-values-in-interface", map[string]any{"a": 1, "c": ch, "f": fn, "p": up, "z": complex(1, 1)}, `{"a":1}`),
		sub("func/map-value-type", map[string]func(){"f": nil, "g": fn}, `{}`),
		same("chan/map-value-type-empty", map[string]chan int{}, `{}`),
		sub("chan/map-value-type", map[string]chan int{"a": nil, "b": ch}, `{}`),
		sub("unsupported/slice-elements-in-interface", []any{1, ch, fn, 2i, unsafe.Pointer(nil), 3}, `[1,null,null,null,null,3]`),
		sub("chan/slice-element-type", []chan int{nil, ch}, `[null,null]`),
		sub("complex/slice-element-type", []complex128{1}, `[null]`),
		sub("func/array-element-type", [2]func(){fn, nil}, `[null,null]`),
		sub("chan/top-level", ch, `null`).strictAt(""),
		sub("chan/nil-top-level", (chan int)(nil), `null`),
		sub("func/top-level", fn, `null`).strictAt(""),
		sub("func/nil-top-level", (func())(nil), `null`),
		sub("complex/top-level", complex64(1), `null`),
		sub("unsafe.Pointer/top-level", up, `null`).strictAt(""),
		sub("chan/behind-interface", box{V: ch}, `{}`),
		sub("func/nil-behind-interface", box{V: (func())(nil)}, `{}`),
		sub("complex/behind-interface-pointer", &box{V: complex128(3)}, `{}`),
		sub("chan/pointer-to-chan", struct {
			A int
			P *chan int
		}{1, &ch}, `{"A":1}`),
		same("func/nil-pointer-to-func-is-null", struct{ P *func() }{}, `{"P":null}`),
		same("chan/nil-with-omitzero", struct {
			A int
			C chan int `json:",omitzero"`
		}{A: 1}, `{"A":1}`),
		sub("chan/non-nil-with-omitzero", struct {
			A int
			C chan int `json:",omitzero"`
		}{1, ch}, `{"A":1}`),
		sub("chan/nil-with-omitempty-still-rejected", struct {
			A int
			C chan int `json:",omitempty"`
		}{A: 1}, `{"A":1}`),
	}
}
