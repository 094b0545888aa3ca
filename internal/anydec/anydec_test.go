package anydec_test

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/anydec"
	"github.com/safejson/safejson/internal/corpus"
	"github.com/safejson/safejson/internal/testutil"
)

// same reports whether a and b are the same dynamic value, telling -0 from
// 0 and a nil slice or map from an empty one.
func same(a, b any) bool {
	switch x := a.(type) {
	case nil:
		return b == nil
	case float64:
		y, ok := b.(float64)
		return ok && math.Float64bits(x) == math.Float64bits(y)
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || (x == nil) != (y == nil) || len(x) != len(y) {
			return false
		}
		for k, v := range x {
			w, ok := y[k]
			if !ok || !same(v, w) {
				return false
			}
		}
		return true
	case []any:
		y, ok := b.([]any)
		if !ok || (x == nil) != (y == nil) || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !same(x[i], y[i]) {
				return false
			}
		}
		return true
	default:
		return a == b // string, bool, json.Number
	}
}

// checkAll decodes in into every target anydec takes, fresh and, for a
// map, existing, by anydec.Unmarshal and by encoding/json, and asserts the
// same error text and the same value.
func checkAll(t *testing.T, in []byte) {
	t.Helper()
	name := fmt.Sprintf("%.200q", in)
	for _, useNumber := range []bool{false, true} {
		std := func(data []byte, v any) error {
			if !useNumber {
				return json.Unmarshal(data, v)
			}
			d := json.NewDecoder(strings.NewReader(string(data)))
			d.UseNumber()
			return d.Decode(v)
		}
		n := fmt.Sprintf("%s useNumber %v", name, useNumber)
		var wantAny, gotAny any
		wantErr := std(in, &wantAny)
		gotErr := anydec.Unmarshal(in, &gotAny, anydec.Mode{UseNumber: useNumber})
		if useNumber {
			// a Decoder reads one value of a longer input; compare only
			// where the input is one value.
			if !json.Valid(in) {
				continue
			}
		}
		testutil.SameError(t, wantErr, gotErr, n)
		assert.True(t, same(wantAny, gotAny), "%s\nencoding/json %#v\nanydec        %#v", n, wantAny, gotAny)

		var wantM, gotM map[string]any
		testutil.SameError(t, std(in, &wantM), anydec.Unmarshal(in, &gotM, anydec.Mode{UseNumber: useNumber}), n+" map")
		assert.True(t, same(wantM, gotM), "%s map\nencoding/json %#v\nanydec        %#v", n, wantM, gotM)

		wantM = map[string]any{"a": map[string]any{"x": 1.0}, "z": "kept"}
		gotM = map[string]any{"a": map[string]any{"x": 1.0}, "z": "kept"}
		testutil.SameError(t, std(in, &wantM), anydec.Unmarshal(in, &gotM, anydec.Mode{UseNumber: useNumber}), n+" existing map")
		assert.True(t, same(wantM, gotM), "%s existing map\nencoding/json %#v\nanydec        %#v", n, wantM, gotM)

		var wantS, gotS []any
		testutil.SameError(t, std(in, &wantS), anydec.Unmarshal(in, &gotS, anydec.Mode{UseNumber: useNumber}), n+" slice")
		assert.True(t, same(wantS, gotS), "%s slice\nencoding/json %#v\nanydec        %#v", n, wantS, gotS)
	}
}

var edgeCases = []string{
	`null`, `true`, `false`, `0`, `-0`, `-0.0`, `0.0`, `1`, `-1`, `1E+2`, `1e-2`, `1.5E-3`, `-1.0e+0`,
	`0.1e-400`, `1e-99999999999`, `1e400`, `-1e400`, `1e99999999999`, `[1e400,2]`, `{"a":1,"b":1e400,"c":2}`,
	`123456789012345678901234567890`, `9007199254740993`, `9007199254740992`, `900719925474099.3`,
	`0.000000000000000000001`, `1.7976931348623157e308`, `1.7976931348623159e308`, `4.9e-324`, `2e-324`,
	`0.30000000000000004`, `1234567890123456`, `123456789012345.6789`, `00`, `-`, `01`,
	`""`, `"a"`, `"\"\\\/\b\f\n\r\t"`, `"\u0041\u00e9\u20ac"`, `"\ud83d\ude00"`, `"\ud800"`, `"\udc00"`,
	`"\ud800\u0041"`, `"\ud800\ud800\udc00"`, `"\udc00\ud800"`, `"\ud800x"`, `"\ud800\n"`, `"\ud800\\"`,
	`"\uDBFF\uDFFF"`, `"x\ud800"`, `"\u0000"`, `"\uFFFF"`, `"\uFEFF"`,
	"\"\xe2\x82\"", "\"\xe2\x82x\"", "\"\xff\xfe\"", "\"\xed\xa0\x80\"", "\"\xf4\x90\x80\x80\"",
	"\"\xf0\x9f\x98\"", "\"a\xc0\xafb\"", "\"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\"", "\"abcdefgh\xffijklmnop\"",
	"\"abcdefghijklmnop\\nqrstuvwxyz0123456789\"", "\"\xe2\x80\xa8\xe2\x80\xa9\"", "\"é\\u00e9\xff\"",
	`{}`, `[]`, `[{}]`, `{"a":[]}`, `[[],[[]],{}]`, ` { "a" : 1 , "b" : [ 1 , 2 ] } `, "\t\n\r [1]\n",
	`{"a":{"x":1},"a":{"y":2}}`, `{"a":[1,2],"a":[3]}`, `{"a":1,"a":null}`, `{"z":1,"a":2}`,
	`{"":1}`, `{"\u0061":1,"a":2}`, "{\"\xff\":1,\"\\ufffd\":2}", `[1,"a",true,false,null,{"k":[]}]`,
	`[1] `, `[1]x`, `{`, `[`, `"`, `"\x"`, `{"a"}`, `[1,]`, ``, ` `,
	strings.Repeat("[", 10000) + strings.Repeat("]", 10000),
	strings.Repeat("[", 10001) + strings.Repeat("]", 10001),
	strings.Repeat(`{"a":`, 10000) + "1" + strings.Repeat("}", 10000),
	`[` + strings.Repeat(`1,`, 10000) + `1]`,
	`{` + strings.Repeat(`"k":[1,{"k":2}],`, 1000) + `"k":0}`,
}

func TestEdgeCases(t *testing.T) {
	for _, in := range edgeCases {
		checkAll(t, []byte(in))
	}
}

// TestCorpus: every value of internal/corpus that encoding/json encodes,
// decoded back, plain and indented.
func TestCorpus(t *testing.T) {
	n := 0
	for _, c := range corpus.Cases() {
		if c.StdDies || c.Kind == corpus.Panic {
			continue
		}
		b, err := json.Marshal(c.Value)
		if err != nil {
			continue
		}
		n++
		checkAll(t, b)
		if !c.Deep && len(b) < 1<<16 {
			ind, err := json.MarshalIndent(c.Value, "", "\t")
			require.NoError(t, err)
			checkAll(t, ind)
		}
	}
	assert.Greater(t, n, 300)
}
