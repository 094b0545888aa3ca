//go:build goexperiment.jsonv2 && go1.27

package conformance

import (
	"crypto/sha256"
	"fmt"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/randtype"
	"github.com/safejson/safejson/internal/v2route"
)

// joinV2Sets joins the option sets whose bits are set in pick (bit i is set
// i+1 of V2Sets; set 0 has no options) into one.
func joinV2Sets(sets []V2Set, pick uint16) V2Set {
	var j V2Set
	var names []string
	for i, s := range sets[1:] {
		if pick&(1<<i) == 0 {
			continue
		}
		names = append(names, s.Name)
		j.Std = append(j.Std, s.Std...)
		j.Goccy = append(j.Goccy, s.Goccy...)
		j.Deterministic = j.Deterministic || s.Deterministic
		j.Indented = j.Indented || s.Indented
	}
	j.Name = strings.Join(names, "+")
	if j.Name == "" {
		j.Name = "none"
	}
	return j
}

// The stacks of goccy/go-json/v2's known panics name these functions
// (TestV2GoccyPanicsOnZeroArrayInEmbeddedPointer,
// TestV2GoccyPanicsOnNilPointerInInterfaceWithMarshalers).
const (
	knownGoccyPanic           = "encoder.(*Compiler).compile"
	knownGoccyMarshalersPanic = "encoder/vm.Run"
)

// knownPanic reports whether a goccy panic is a known one: a nil pointer
// dereference, while goccy compiles the type under json.OmitZeroStructFields
// or while it runs under json.WithMarshalers.
func knownPanic(o Outcome, stack string, s V2Set) bool {
	if !strings.Contains(fmt.Sprint(o.PanicValue), "nil pointer dereference") {
		return false
	}
	return (strings.Contains(s.Name, "omitzero") && strings.Contains(stack, knownGoccyPanic)) ||
		(strings.Contains(s.Name, "marshalers") && strings.Contains(stack, knownGoccyMarshalersPanic))
}

// goccyPanic runs f, recovering a panic, and returns the panic's stack too.
func goccyPanic(f func() ([]byte, error)) (o Outcome, stack string) {
	o = recovered(func() ([]byte, error) {
		defer func() {
			if r := recover(); r != nil {
				stack = string(debug.Stack())
				panic(r)
			}
		}()
		return f()
	})
	return o, stack
}

// FuzzV2GoccyAgainstStd invents a type and a value (internal/randtype) and
// an option set (the first two input bytes pick sets of the json/v2 column
// to join), and checks that wherever package v2route lets goccy/go-json/v2
// encode the value, goccy writes encoding/json/v2's bytes or fails: never
// other bytes, bytes where encoding/json/v2 fails, or a panic (but the known
// one). Values on which encoding/json/v2 panics are left out too. Values that
// kill encoding/json/v2 (a cycle that writes no token) are left out.
//
//	GOTOOLCHAIN=$(go run ./internal/cmd/toolchain 1.27) go test ./internal/conformance -run '^$' -fuzz FuzzV2GoccyAgainstStd -fuzztime 3m
func FuzzV2GoccyAgainstStd(f *testing.F) {
	for i := range 48 {
		seed := sha256.Sum256(fmt.Appendf(nil, "json/v2 seed %d", i))
		f.Add(seed[:])
	}
	sets := V2Sets()
	engines := V2Engines()
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 3 {
			return
		}
		s := joinV2Sets(sets, uint16(data[0])|uint16(data[1])<<8)
		sample := randtype.Config{}.Generate(data[2:])
		if sample.Stats.TokenlessCycles > 0 || !v2route.GoccyValue(sample.Value) {
			return
		}
		std := recovered(func() ([]byte, error) { return V2StdMarshal(sample.Value, s) })
		if std.Panicked {
			// A method of the value panics in encoding/json/v2 (a value
			// method called through a nil pointer, under the v1 options):
			// whether safejson lets it through is the corpus's concern.
			return
		}
		for _, e := range engines {
			got, stack := goccyPanic(func() ([]byte, error) { return e.Marshal(sample.Value, s) })
			if got.Panicked && knownPanic(got, stack, s) {
				return
			}
			switch v := v2Judge(s, std, got); v {
			case V2Differs, V2Accepts, V2Panic:
				t.Errorf("%s under %s: %s: encoding/json/v2 %s, %s %s\n%s", e.Name, s.Name, v,
					v2Shown(std, s), e.Name, v2Shown(got, s), sample.Desc)
			}
		}
	})
}

// TestV2GoccyPanicsOnZeroArrayInEmbeddedPointer pins an engine bug the fuzz
// target found: goccy/go-json/v2 panics (a nil pointer dereference while it
// compiles the type) on a struct that embeds a struct, or a pointer to one,
// whose fields are zero-length arrays, under json.OmitZeroStructFields(true),
// where encoding/json/v2 writes {}. The panic is recovered; when goccy no longer
// panics, this test fails: remove it and knownGoccyPanic.
func TestV2GoccyPanicsOnZeroArrayInEmbeddedPointer(t *testing.T) {
	type inner struct{ X [0]int }
	type outer struct{ *inner }
	type outerValue struct{ inner }
	omitzero := V2Sets()[5]
	require.Equal(t, "omitzero", omitzero.Name)
	for _, v := range []any{outer{&inner{}}, outerValue{}} {
		want, err := V2StdMarshal(v, omitzero)
		require.NoError(t, err)
		assert.Equal(t, "{}", string(want))
		got, stack := goccyPanic(func() ([]byte, error) { return V2Engines()[0].Marshal(v, omitzero) })
		require.True(t, got.Panicked, "goccy no longer panics on %T: %s", v, describe(got))
		assert.True(t, knownPanic(got, stack, omitzero), "%v\n%s", got.PanicValue, stack)
		assert.Equal(t, V2Panic, v2Judge(omitzero, Outcome{Bytes: want}, got))
	}
}

type nilInt int

// TestV2GoccyPanicsOnNilPointerInInterfaceWithMarshalers pins an engine bug
// the fuzz target found: with any json.WithMarshalers option (here funcs for
// bool, int and int8 only), goccy/go-json/v2 panics (a nil pointer
// dereference in its VM) on a nil pointer to a number (a named int, a
// float64) held in an interface, where encoding/json/v2 writes null. When goccy no longer
// panics, this test fails: remove it and knownGoccyMarshalersPanic.
func TestV2GoccyPanicsOnNilPointerInInterfaceWithMarshalers(t *testing.T) {
	marshalers := V2Sets()[7]
	require.Equal(t, "marshalers", marshalers.Name)
	for _, v := range []any{[]any{(*nilInt)(nil)}, []any{(*float64)(nil)}} {
		want, err := V2StdMarshal(v, marshalers)
		require.NoError(t, err)
		assert.Equal(t, "[null]", string(want))
		got, stack := goccyPanic(func() ([]byte, error) { return V2Engines()[0].Marshal(v, marshalers) })
		require.True(t, got.Panicked, "goccy no longer panics on %#v: %s", v, describe(got))
		assert.True(t, knownPanic(got, stack, marshalers), "%v\n%s", got.PanicValue, stack)
		none, err := V2Engines()[0].Marshal(v, V2Sets()[0])
		require.NoError(t, err)
		assert.Equal(t, "[null]", string(none), "without marshalers goccy writes null")
	}
}
