package safejson

import "github.com/safejson/safejson/internal/plan"

// CrashError is what Unmarshal and Decoder.Decode return where the
// toolchain's encoding/json panics on the target's type (Go 1.27's
// encoding/json on json/v2, the shapes listed in docs/differences.md):
// encoding/json has no verdict to give there, and a value must not crash
// the process. Type is the target's type, Panic what encoding/json
// panicked with.
type CrashError = plan.CrashError
