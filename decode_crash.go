package safejson

import (
	"reflect"

	"github.com/safejson/safejson/internal/plan"
)

// CrashError is what Unmarshal and Decoder.Decode return where the
// toolchain's encoding/json panics on the target's type (Go 1.27's
// encoding/json on json/v2, the shapes listed in docs/differences.md):
// encoding/json has no verdict to give there, and a value must not crash
// the process.
//
//	var ce *safejson.CrashError
//	if errors.As(err, &ce) {
//		log.Printf("encoding/json cannot decode into %v", ce.Type)
//	}
type CrashError struct {
	Type  reflect.Type // the target's type
	Panic any          // what encoding/json panicked with
}

// Error says the target's type and what encoding/json panicked with:
// "json: cannot unmarshal into T: encoding/json panics on this type (…)".
func (e *CrashError) Error() string { return (*plan.CrashError)(e).Error() }

// crashError returns err, the result of a decode, with internal/decode's
// *plan.CrashError turned into the *CrashError users see; any other err
// as it is.
func crashError(err error) error {
	if ce, ok := err.(*plan.CrashError); ok {
		return (*CrashError)(ce)
	}
	return err
}
