package conformance

import (
	"crypto/sha256"
	"fmt"
	"testing"

	"github.com/safejson/safejson/internal/corpus"
	"github.com/safejson/safejson/internal/engine"
	"github.com/safejson/safejson/internal/options"
	"github.com/safejson/safejson/internal/randtype"
	"github.com/safejson/safejson/internal/testutil"
)

// FuzzEnginesAgainstSafe invents a type and a value (internal/randtype: struct
// types from reflect.StructOf, marshalers, cycles, NaN, unsupported kinds …)
// and checks that safejson through every engine of the build does exactly what
// package safe does (bytes, or error type and message, or panic), and what
// encoding/json does when encoding/json succeeds. The first input byte picks
// the std options (HTML escaping, indentation).
//
//	go test ./conformance -run '^$' -fuzz FuzzEnginesAgainstSafe -fuzztime 60s
func FuzzEnginesAgainstSafe(f *testing.F) {
	for i := range 48 {
		seed := sha256.Sum256(fmt.Appendf(nil, "conformance seed %d", i))
		f.Add(seed[:])
	}
	engines := engine.All()
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		opts := options.Options{Output: options.Output{NoEscapeHTML: data[0]&1 != 0}}
		if data[0]&2 != 0 {
			opts.Prefix, opts.Indent = "", "\t"
		}
		sample := randtype.Config{}.Generate(data[1:])
		c := &corpus.Case{Name: "fuzz", Value: sample.Value, Options: opts}

		want := recovered(func() ([]byte, error) { return safeOptions(c, newCallLog(c)).Marshal(c.Value) })
		std := Std(c)
		if !std.Panicked && std.Err == nil {
			if diff := sameOutcome(std, want); diff != "" {
				t.Errorf("safe differs from encoding/json: %s\n%s", diff, sample.Desc)
			}
		}
		for _, e := range engines {
			got := recovered(func() ([]byte, error) { return engineOptions(c, e, newCallLog(c)).Marshal(c.Value) })
			if diff := sameOutcome(want, got); diff != "" {
				t.Errorf("safejson through %s differs from safe: %s\n%s", e.Name(), diff, sample.Desc)
			}
		}
	})
}

// sameOutcome says how got differs from want: bytes, error (class, type and
// message) or panic value; "" when it does not.
func sameOutcome(want, got Outcome) string {
	switch {
	case want.Hung || got.Hung:
		return fmt.Sprintf("%s, want %s", describe(got), describe(want))
	case want.Panicked || got.Panicked:
		if want.Panicked != got.Panicked || fmt.Sprint(want.PanicValue) != fmt.Sprint(got.PanicValue) {
			return fmt.Sprintf("%s, want %s", describe(got), describe(want))
		}
	case (want.Err == nil) != (got.Err == nil):
		return fmt.Sprintf("%s, want %s", describe(got), describe(want))
	case want.Err != nil:
		if randtype.Classify(want.Err) != randtype.Classify(got.Err) || testutil.ErrorDiff(want.Err, got.Err) != "" {
			return fmt.Sprintf("%s, want %s", describe(got), describe(want))
		}
	case string(want.Bytes) != string(got.Bytes):
		return fmt.Sprintf("wrote %s, want %s", quote(got.Bytes), quote(want.Bytes))
	}
	return ""
}
