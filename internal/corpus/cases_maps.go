package corpus

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
)

// mapCases: key ordering and key kinds, those encoding/json writes and those it
// rejects (written as their text; keys printing an address are omitted).
func mapCases() []*Case {
	one := 1
	return []*Case{
		same("mapkey/int-order-is-textual", map[int]string{10: "a", 9: "b", -1: "c", 2: "d", 100: "e"},
			`{"-1":"c","10":"a","100":"e","2":"d","9":"b"}`),
		same("mapkey/uint64-extremes", map[uint64]bool{math.MaxUint64: true, 0: false}, `{"0":false,"18446744073709551615":true}`),
		same("mapkey/int8-extremes", map[int8]int{math.MinInt8: 1, math.MaxInt8: 2}, `{"-128":1,"127":2}`),
		same("mapkey/text-marshaler-struct", map[textKey]int{{"b"}: 1, {"a"}: 2}, `{"k:a":2,"k:b":1}`),
		same("mapkey/text-marshaler-int-wins-over-int", map[intTextKey]int{2: 2, 10: 10}, `{"n10":10,"n2":2}`),
		same("mapkey/string-wins-over-text-marshaler", map[strTextKey]int{"b": 1, "a": 2}, `{"a":2,"b":1}`),
		same("mapkey/pointer-text-marshaler-nil-is-empty", map[*ptrTextKey]int{nil: 1, {"b"}: 2}, `{"":1,"b":2}`),
		same("mapkey/text-marshaler-escaped", map[textKey]int{{"<\xff>"}: 1}, `{"k:\u003c\ufffd\u003e":1}`).
			onV2(v2InvalidUTF8, "{\"k:\\u003c\uFFFD\\u003e\":1}"),
		same("mapkey/invalid-utf8", map[string]int{"a\xffb": 1}, `{"a\ufffdb":1}`).onV2(v2InvalidUTF8, "{\"a\uFFFDb\":1}"),
		same("mapkey/escaped", map[string]int{"<a>&": 1, `"q"`: 2, `\`: 3, "\n": 4, "\u2028": 5},
			`{"\n":4,"\"q\"":2,"\u003ca\u003e\u0026":1,"\\":3,"\u2028":5}`),
		same("mapkey/escaped-no-escape-html", map[string]int{"<a>&": 1, `"q"`: 2, `\`: 3, "\n": 4, "\u2028": 5},
			`{"\n":4,"\"q\"":2,"<a>&":1,"\\":3,"\u2028":5}`).with(noEscapeHTML),
		same("mapkey/control-characters", map[string]int{"\b\f\x01": 1}, `{"\b\f\u0001":1}`),
		same("mapkey/many-keys-sorted", manyKeys(40), wantManyKeys(40)),
		same("mapkey/byte-order", map[string]int{"é": 1, "z": 2, "Z": 3, "": 4}, `{"":4,"Z":3,"z":2,"é":1}`),
		same("mapkey/named-string", map[name]int{"b": 1, "a": 2}, `{"a":2,"b":1}`),
		same("map/nil", map[string]int(nil), `null`).engines(),
		same("map/empty", map[string]int{}, `{}`).engines(),
		fails("mapkey/text-marshaler-error", map[errTextKey]int{1: 1},
			ErrAs[error](`json: encoding error for type "map[corpus.errTextKey]int": "boom"`)).
			onV2Err(v2KeyText, ErrAs[*json.MarshalerError]("json: error calling MarshalText for type *corpus.errTextKey: boom")),

		sub("mapkey/bool", map[bool]int{true: 1, false: 0}, `{"false":0,"true":1}`).strictAt(""),
		sub("mapkey/float", map[float64]string{1.5: "a", -2: "b", 0.25: "c"}, `{"-2":"b","0.25":"c","1.5":"a"}`).
			onV2Kind(Same, v2MapKeys, `{"-2":"b","0.25":"c","1.5":"a"}`),
		sub("mapkey/struct", map[point]string{{1, 2}: "a", {0, 5}: "b"}, `{"{0 5}":"b","{1 2}":"a"}`),
		sub("mapkey/array", map[[2]int]string{{1, 2}: "x"}, `{"[1 2]":"x"}`),
		sub("mapkey/pointer-prints-address", map[*int]string{&one: "a"}, `{}`).onV2Kind(Same, v2MapKeys, `{"1":"a"}`),
		sub("mapkey/chan-prints-address", map[chan int]int{make(chan int): 1}, `{}`),
		sub("mapkey/interface", map[any]int{"a": 1, 2: 2, true: 3}, `{"2":2,"a":1,"true":3}`),
		sub("mapkey/interface-pointer-omitted", map[any]int{"a": 1, &one: 2}, `{"a":1}`).
			onV2Kind(Same, v2MapKeys, `{"1":2,"a":1}`),
		sub("mapkey/bool-in-struct-field", struct{ M map[bool]string }{map[bool]string{true: "<y>"}}, `{"M":{"true":"\u003cy\u003e"}}`),
	}
}

// manyKeys returns a map of n keys "k0" … "k<n-1>", each mapped to its number.
func manyKeys(n int) map[string]int {
	m := make(map[string]int, n)
	for i := range n {
		m[fmt.Sprintf("k%d", i)] = i
	}
	return m
}

// wantManyKeys writes manyKeys(n) with its keys in byte order, worked out
// digit by digit (k0, k1, k10 … k19, k2, k20 …) rather than sorted by a
// library.
func wantManyKeys(n int) string {
	var members []string
	for first := range 10 {
		if first < n {
			members = append(members, fmt.Sprintf(`"k%d":%d`, first, first))
		}
		if first == 0 {
			continue
		}
		for second := range 10 {
			if i := first*10 + second; i < n {
				members = append(members, fmt.Sprintf(`"k%d":%d`, i, i))
			}
		}
	}
	return "{" + strings.Join(members, ",") + "}"
}
