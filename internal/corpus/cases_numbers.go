package corpus

//lint:file-ignore SA5008 ",string" on non-numeric fields on purpose: cases check encoding/json ignores it there

import (
	"encoding/json"
	"math"
)

var (
	nan     = math.NaN()
	posInf  = math.Inf(1)
	negInf  = math.Inf(-1)
	negZero = math.Copysign(0, -1)
)

// numberCases: NaN and ±Inf (null), float formatting at both widths and signs,
// integer extremes, ",string" numbers and json.Number.
func numberCases() []*Case {
	three := 3
	return []*Case{
		sub("nan/top-level", nan, `null`).strictAt(""),
		sub("nan/+inf-top-level", posInf, `null`).strictAt(""),
		sub("nan/-inf-top-level", negInf, `null`),
		sub("nan/float32-top-level", float32(nan), `null`),
		sub("nan/struct-field", struct{ A, B float64 }{1, nan}, `{"A":1,"B":null}`),
		sub("nan/map-value", map[string]float64{"a": 1, "b": posInf}, `{"a":1,"b":null}`),
		sub("nan/slice", []float64{1, negInf, 2}, `[1,null,2]`),
		sub("nan/string-field", struct {
			F float64 `json:",string"`
			G float64 `json:",string"`
		}{nan, 2}, `{"F":null,"G":"2"}`),
		sub("nan/float32-string-field", struct {
			F float32 `json:",string"`
		}{float32(posInf)}, `{"F":null}`),
		sub("nan/float32-slice", []float32{float32(posInf), 0.5}, `[null,0.5]`),
		sub("nan/in-interface-map", map[string]any{"x": nan, "y": float32(negInf), "z": 1}, `{"x":null,"y":null,"z":1}`),
		sub("nan/omitempty-is-not-empty", struct {
			F float64 `json:",omitempty"`
		}{nan}, `{"F":null}`),
		sub("nan/pointer-field", struct{ P *float64 }{&nan}, `{"P":null}`),
		sub("nan/indented", []float64{nan}, "[\n null\n]").with(indent("", " ")),

		same("float64/positive", []float64{0, 1, 0.1, 1e20, 1e21, 1e-6, 1e-7, math.MaxFloat64, math.SmallestNonzeroFloat64, 123456789.123456789},
			`[0,1,0.1,100000000000000000000,1e+21,0.000001,1e-7,1.7976931348623157e+308,5e-324,123456789.12345679]`),
		same("float64/negative", []float64{-1.5, -0.1, -1e20, -1e21, -1e-6, -1e-7, -math.MaxFloat64, -math.SmallestNonzeroFloat64},
			`[-1.5,-0.1,-100000000000000000000,-1e+21,-0.000001,-1e-7,-1.7976931348623157e+308,-5e-324]`),
		same("float64/shortest-round-trip", []float64{1e23, 9007199254740993, 0.3, 2.5e-8, 1e-5, 123e-20, 4.35e-7, 5e-324, 2.2250738585072014e-308, 1 << 62},
			`[1e+23,9007199254740992,0.3,2.5e-8,0.00001,1.23e-18,4.35e-7,5e-324,2.2250738585072014e-308,4611686018427388000]`),
		same("float32/shortest-round-trip", []float32{1.1, 3.3, 16777217, 1e-10, 0.3, 7.0e-45, 1 << 62},
			`[1.1,3.3,16777216,1e-10,0.3,7e-45,4611686000000000000]`),
		same("float64/negative-zero", negZero, `-0`),
		same("float64/negative-zero-omitempty", struct {
			F float64 `json:",omitempty"`
			G float32 `json:",omitempty"`
			H float64
		}{negZero, float32(negZero), negZero}, `{"H":-0}`),
		same("float64/negative-zero-field", struct{ Z float64 }{negZero}, `{"Z":-0}`),
		same("float64/negative-zero-in-interface", []any{negZero, map[string]any{"z": float32(negZero)}}, `[-0,{"z":-0}]`),
		same("float64/negative-zero-in-interface-field", &box{V: []any{0.1, &box{V: map[string]any{"z": negZero}}}}, `{"V":[0.1,{"V":{"z":-0}}]}`),
		same("float64/negative-zero-in-recursive-type", &anyTree{Name: "r", Any: map[string]any{"leaf": negZero, "next": &anyTree{Name: "k", Any: []any{negZero}}}},
			`{"Name":"r","Any":{"leaf":-0,"next":{"Name":"k","Any":[-0]}}}`),
		same("float32/positive", []float32{0.1, 1e20, 1e21, 1e-6, 1e-7, math.MaxFloat32, math.SmallestNonzeroFloat32, 16777216, 3.4e-5},
			`[0.1,100000000000000000000,1e+21,0.000001,1e-7,3.4028235e+38,1e-45,16777216,0.000034]`),
		same("float32/negative", []float32{-2.5, -0.1, -1e21, -1e-7, -math.MaxFloat32},
			`[-2.5,-0.1,-1e+21,-1e-7,-3.4028235e+38]`),
		same("float32/negative-zero", float32(negZero), `-0`),
		same("int/extremes", []int64{math.MinInt64, math.MaxInt64, 0, -1},
			`[-9223372036854775808,9223372036854775807,0,-1]`),
		same("int/uint64-max", []uint64{math.MaxUint64, 0}, `[18446744073709551615,0]`),
		same("int/every-width", struct {
			A int8
			B uint8
			C int16
			D uint16
			E int32
			F uint32
			G uintptr
			H uint
		}{math.MinInt8, math.MaxUint8, math.MinInt16, math.MaxUint16, math.MinInt32, math.MaxUint32, 7, 8},
			`{"A":-128,"B":255,"C":-32768,"D":65535,"E":-2147483648,"F":4294967295,"G":7,"H":8}`),
		same("int/byte-array-is-numbers", [3]uint8{0, 128, 255}, `[0,128,255]`),
		same("string-option/scalars", struct {
			I int64   `json:",string"`
			U uint8   `json:",string"`
			B bool    `json:",string"`
			F float64 `json:",string"`
			P *int    `json:",string"`
			N *int    `json:",string"`
			S []int   `json:",string"`
		}{-5, 200, true, 1.5, &three, nil, []int{1}},
			`{"I":"-5","U":"200","B":"true","F":"1.5","P":"3","N":null,"S":[1]}`),
		same("string-option/float-exponent", struct {
			F float64 `json:",string"`
			G float32 `json:",string"`
		}{1e-7, -1e21}, `{"F":"1e-7","G":"-1e+21"}`),

		same("json.Number/valid", []json.Number{"12.50", "-0", "1e400", "0", "-1.5E+3"}, `[12.50,-0,1e400,0,-1.5E+3]`),
		same("json.Number/empty-is-zero", struct{ N json.Number }{}, `{"N":0}`),
		same("json.Number/string-option", struct {
			N json.Number `json:",string"`
		}{"12"}, `{"N":"12"}`),
		same("json.Number/in-interface", []any{json.Number("1.0"), json.Number("")}, `[1.0,0]`),
		fails("json.Number/invalid", json.Number("abc"), ErrAs[error](`json: invalid number literal "abc"`)).
			onV2Err(v2Number, ErrAs[*json.MarshalerError](`json: error calling MarshalJSONTo for type *json.Number: cannot parse "abc" as JSON number: invalid syntax`)),
		fails("json.Number/invalid-in-interface", map[string]any{"a": json.Number("0x1")}, ErrAs[error](`json: invalid number literal "0x1"`)).
			onV2Err(v2Number, ErrAs[*json.MarshalerError](`json: error calling MarshalJSONTo for type *json.Number: cannot parse "0x1" as JSON number: invalid syntax`)),
	}
}
