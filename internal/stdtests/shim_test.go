//lint:file-ignore U1000 these declarations are used by Go's own encode tests, which scripts/stdtests.sh adds to this package at run time

// Package json runs Go's own encoding/json encode tests against safejson.
//
// The package holds no test of its own: scripts/stdtests.sh copies
// encode_test.go and v2_encode_test.go of the active toolchain's GOROOT into
// it at build time (go test -overlay; nothing is written here, and the build
// constraints of the two files pick the one of the toolchain's flavour), and
// runs the test binary once per -target. These files supply what the copied
// tests take from the rest of package encoding/json: Marshal and MarshalIndent
// are the target's, every type is encoding/json's own (aliases), and the few
// test helpers are rewritten here.
package json

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"testing"

	"github.com/safejson/safejson"
	"github.com/safejson/safejson/safe"
)

var target = flag.String("target", "safejson", "the encoder under test: safejson (safejson.Marshal) or safe (safe.Marshal, the reference encoder)")

// The encoders under test, by -target name.
var targets = map[string]struct {
	marshal       func(any) ([]byte, error)
	marshalIndent func(any, string, string) ([]byte, error)
}{
	"safejson": {safejson.Marshal, safejson.MarshalIndent},
	"safe":     {safe.Marshal, safe.MarshalIndent},
}

func TestMain(m *testing.M) {
	flag.Parse()
	if _, ok := targets[*target]; !ok {
		fmt.Fprintf(os.Stderr, "stdtests: unknown -target %q (want safejson or safe)\n", *target)
		os.Exit(2)
	}
	os.Exit(m.Run())
}

// Marshal is the target's Marshal.
func Marshal(v any) ([]byte, error) { return targets[*target].marshal(v) }

// MarshalIndent is the target's MarshalIndent.
func MarshalIndent(v any, prefix, indent string) ([]byte, error) {
	return targets[*target].marshalIndent(v, prefix, indent)
}

// Decoding and escaping are not under test: encoding/json's own.
var (
	Unmarshal  = json.Unmarshal
	HTMLEscape = json.HTMLEscape
)

// The types are encoding/json's, so the tests' type assertions and error
// comparisons see what a user of safejson sees.
type (
	Marshaler             = json.Marshaler
	MarshalerError        = json.MarshalerError
	Number                = json.Number
	RawMessage            = json.RawMessage
	UnsupportedValueError = json.UnsupportedValueError
)
