package conformance

import (
	"encoding/json"

	"github.com/safejson/safejson"
)

// strictCases: Strict and CircularError turn substitutions into errors that
// satisfy errors.As for encoding/json's error types, with encoding/json's
// message followed by where (a JSON Pointer); the user's own errors are
// encoding/json's, unchanged.
func strictCases() []*Case {
	strict := safejson.Options{Strict: true}

	selfMap := map[string]any{"a": 1}
	selfMap["self"] = selfMap
	selfPtr := &node{Name: "a"}
	selfPtr.Next = selfPtr

	return []*Case{
		policyErr("strict/nan-in-slice-field", struct{ A []float64 }{[]float64{1, nan}},
			errAs[*json.UnsupportedValueError](`json: unsupported value: NaN (at "/A/1")`)).with(strict),
		policyErr("strict/inf-top-level", posInf,
			errAs[*json.UnsupportedValueError](`json: unsupported value: +Inf (at "")`)).with(strict),
		policyErr("strict/chan-member-pointer-escaped", map[string]any{"a/b~c": make(chan int)},
			errAs[*json.UnsupportedTypeError](`json: unsupported type: chan int (at "/a~1b~0c")`)).with(strict),
		policyErr("strict/cycle", selfMap,
			errAs[*json.UnsupportedValueError](`json: unsupported value: encountered a cycle via map[string]interface {} (at "/self")`)).with(strict),
		policyErr("strict/map-key", map[bool]int{true: 1},
			errAs[*json.UnsupportedTypeError](`json: unsupported type: map[bool]int (at "")`)).with(strict).
			onV2Err(v2MapKeyErrors, errAs[*json.UnsupportedValueError](`json: unsupported value: jsontext: object member name must be a string after offset 2 (at "")`)),
		policyErr("circular-error/cycle", selfPtr,
			errAs[*json.UnsupportedValueError](`json: unsupported value: encountered a cycle via *conformance.node (at "/Next")`)).
			with(safejson.Options{Circular: safejson.CircularError}),
		sub("circular-error/other-substitutes-stay", struct {
			F float64
			C chan int
		}{F: nan}, `{"F":null}`).with(safejson.Options{Circular: safejson.CircularError}),
		same("strict/nothing-to-substitute", []any{1, "<", map[string]int{"a": 1}}, `[1,"\u003c",{"a":1}]`).with(strict),
		fails("strict/user-error-unchanged", []any{failJSON{}},
			errAs[*json.MarshalerError]("json: error calling MarshalJSON for type conformance.failJSON: boom")).with(strict).
			onV2Err(v2MethodType, errAs[*json.MarshalerError]("json: error calling MarshalJSON for type *conformance.failJSON: boom")),
	}
}
