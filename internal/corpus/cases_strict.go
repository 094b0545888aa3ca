package corpus

import (
	"encoding/json"

	"github.com/safejson/safejson/internal/options"
)

// strictCases: Strict and CircularError turn substitutions into errors that
// satisfy errors.As for encoding/json's error types, with encoding/json's
// message followed by where (a JSON Pointer); the user's own errors are
// encoding/json's, unchanged.
func strictCases() []*Case {
	strict := options.Options{Strict: true}

	selfMap := map[string]any{"a": 1}
	selfMap["self"] = selfMap
	selfPtr := &node{Name: "a"}
	selfPtr.Next = selfPtr

	return []*Case{
		policyErr("strict/nan-in-slice-field", struct{ A []float64 }{[]float64{1, nan}},
			ErrAs[*json.UnsupportedValueError](`json: unsupported value: NaN (at "/A/1")`)).with(strict),
		policyErr("strict/inf-top-level", posInf,
			ErrAs[*json.UnsupportedValueError](`json: unsupported value: +Inf (at the top level)`)).with(strict),
		policyErr("strict/chan-member-pointer-escaped", map[string]any{"a/b~c": make(chan int)},
			ErrAs[*json.UnsupportedTypeError](`json: unsupported type: chan int (at "/a~1b~0c")`)).with(strict),
		policyErr("strict/cycle", selfMap,
			ErrAs[*json.UnsupportedValueError](`json: unsupported value: encountered a cycle via map[string]interface {} (at "/self")`)).with(strict),
		policyErr("strict/map-key", map[bool]int{true: 1},
			ErrAs[*json.UnsupportedTypeError](`json: unsupported type: map[bool]int (at the top level)`)).with(strict).
			onV2Err(v2MapKeyErrors, ErrAs[*json.UnsupportedValueError](`json: unsupported value: jsontext: object member name must be a string after offset 2 (at the top level)`)),
		policyErr("circular-error/cycle", selfPtr,
			ErrAs[*json.UnsupportedValueError](`json: unsupported value: encountered a cycle via *corpus.node (at "/Next")`)).
			with(options.Options{Circular: options.CircularError}),
		sub("circular-error/other-substitutes-stay", struct {
			F float64
			C chan int
		}{F: nan}, `{"F":null}`).with(options.Options{Circular: options.CircularError}),
		same("strict/nothing-to-substitute", []any{1, "<", map[string]int{"a": 1}}, `[1,"\u003c",{"a":1}]`).with(strict),
		fails("strict/user-error-unchanged", []any{failJSON{}},
			ErrAs[*json.MarshalerError]("json: error calling MarshalJSON for type corpus.failJSON: boom")).with(strict).
			onV2Err(v2MethodType, ErrAs[*json.MarshalerError]("json: error calling MarshalJSON for type *corpus.failJSON: boom")),
	}
}
