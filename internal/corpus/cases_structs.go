package corpus

import (
	"reflect"
	"time"
)

// structCases: embedding conflicts, tags, omitempty, omitzero with IsZero,
// unexported and anonymous fields.
func structCases() []*Case {
	return []*Case{
		same("struct/embedding-conflict-same-depth-dropped", struct {
			embA
			embB
		}{embA{1, 2}, embB{3, 4}}, `{"Y":2,"Z":4}`),
		same("struct/embedding-conflict-tagged-wins", struct {
			embA
			embTagged
		}{embA{1, 2}, embTagged{5}}, `{"Y":2,"X":5}`),
		same("struct/embedding-conflict-shallower-wins", struct {
			embA
			X string
		}{embA{1, 2}, "top"}, `{"Y":2,"X":"top"}`),
		same("struct/embedding-conflict-depth-two", struct {
			embDeep
			embB
		}{embDeep{embA{1, 2}}, embB{3, 4}}, `{"Y":2,"X":3,"Z":4}`),
		same("struct/embedded-pointer-nil", struct {
			*embA
			W int
		}{nil, 3}, `{"W":3}`),
		same("struct/embedded-pointer", struct {
			*embA
			W int
		}{&embA{1, 2}, 3}, `{"X":1,"Y":2,"W":3}`),
		same("struct/embedded-tagged-is-named", struct {
			embA `json:"a"`
		}{embA{1, 2}}, `{"a":{"X":1,"Y":2}}`),
		same("struct/embedded-exported-non-struct", struct {
			time.Duration
			X int
		}{5, 2}, `{"Duration":5,"X":2}`),
		same("struct/embedded-unexported-non-struct-ignored", struct {
			name
			X int
		}{"n", 2}, `{"X":2}`),
		same("struct/embedded-recursive-pointer", recEmb{&recEmb{nil, 2}, 1}, `{"N":1}`),
		same("struct/tags", tagged{1, 2, 3, 0, 5, 6, 7, 8, 9, 10},
			`{"alpha":1,"-":3,"e e":5,"F":6,"\u003cg\u003e":7,"h":"8","ı":9}`).
			onV2(v2TagName, `{"alpha":1,"-":3,"e e":5,"f":6,"\u003cg\u003e":7,"h":"8","ı":9}`),
		same("struct/tags-no-escape-html", tagged{G: 7},
			`{"alpha":0,"-":0,"e e":0,"F":0,"<g>":7,"ı":0}`).with(noEscapeHTML).
			onV2(v2TagName, `{"alpha":0,"-":0,"e e":0,"f":0,"<g>":7,"ı":0}`),
		same("struct/duplicate-tag-names-dropped", duplicateTags(1, 2, 3), `{"C":3}`),
		same("struct/omitempty", empties{ESl: []int{}, EM: map[string]int{}, Neg: negZero},
			`{"A1":[0],"St":{}}`),
		same("struct/omitempty-set", empties{B: true, I: -1, S: "s", Sl: []int{1}, If: 0, Neg: 1},
			`{"B":true,"I":-1,"S":"s","Sl":[1],"If":0,"A1":[0],"St":{},"Neg":1}`),
		same("struct/omitzero", zeros{Z: zeroer{42}, PZ: ptrZeroer{7}, IZ: (*zeroer)(nil), Sl: []int{}, F: negZero},
			`{"Z2":{"N":0},"S":{"A":0},"Sl":[]}`),
		same("struct/omitzero-addressable", &zeros{Z: zeroer{0}, Z2: zeroer{42}, PZ: ptrZeroer{1}, NP: &zeroer{1}, IZ: zeroer{42}, A: [2]int{0, 1}, Both: 1},
			`{"Z":{"N":0},"PZ":{"N":1},"NP":{"N":1},"S":{"A":0},"A":[0,1],"Both":1}`),
		same("struct/omitzero-time", struct {
			T time.Time  `json:",omitzero"`
			P *time.Time `json:",omitzero"`
			U time.Time  `json:",omitempty"`
		}{}, `{"U":"0001-01-01T00:00:00Z"}`),
		same("struct/unexported-fields", struct {
			a int
			B int
			c []any
		}{1, 2, nil}, `{"B":2}`),
		same("struct/anonymous-struct-fields", struct {
			A struct{ B int }
			C *struct{ D []struct{} }
		}{C: &struct{ D []struct{} }{D: []struct{}{{}}}}, `{"A":{"B":0},"C":{"D":[{}]}}`),
		same("struct/empty", struct{}{}, `{}`),
		same("struct/empty-indented", []struct{}{{}}, "[\n  {}\n]").with(indent("", "  ")),
	}
}

// duplicateTags returns a struct{A int `json:"x"`; B int `json:"x"`; C int}
// holding a, b, c. It is built with reflect because go vet rejects the
// duplicate tags in source; encoding/json drops both fields.
func duplicateTags(a, b, c int) any {
	intType := reflect.TypeFor[int]()
	t := reflect.StructOf([]reflect.StructField{
		{Name: "A", Type: intType, Tag: `json:"x"`},
		{Name: "B", Type: intType, Tag: `json:"x"`},
		{Name: "C", Type: intType},
	})
	v := reflect.New(t).Elem()
	v.Field(0).SetInt(int64(a))
	v.Field(1).SetInt(int64(b))
	v.Field(2).SetInt(int64(c))
	return v.Interface()
}
