package engine

import (
	"encoding/json"
	"fmt"
	"math"
	"math/bits"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every decode quirk an engine reports is shown here by a demo that tells
// whether an engine shows it; encoding/json must not. The test fails when an
// engine shows a quirk it does not report, and when it reports one it does
// not show (a new version fixed it: drop the quirk).

type decodeDemo struct {
	quirk DecodeQuirks
	// shows reports whether e decodes the demo's input otherwise than
	// encoding/json does, in the way the quirk describes.
	shows func(t *testing.T, e Engine) bool
}

func decodeDemos() []decodeDemo {
	return []decodeDemo{
		{DecodeQuirkNestedTypeCompile, nestedTypeDecodeShown},
		{DecodeQuirkInterfaceMemory, func(t *testing.T, e Engine) bool {
			// Each `[]` of a wide array, decoded into an interface.
			in := []byte("[" + strings.Repeat("[],", 20000) + "[]]")
			got := decodeAlloc(t, e, in)
			std := decodeAlloc(t, Std(), in)
			return float64(got) > 2.5*float64(std)
		}},
		{DecodeQuirkRawMessageUTF8, func(t *testing.T, e Engine) bool {
			var top json.RawMessage
			var field struct{ R json.RawMessage }
			require.NoError(t, e.Unmarshal([]byte("\"a\xffb\""), &top), e.Name())
			require.NoError(t, e.Unmarshal([]byte("{\"R\":\"a\xffb\"}"), &field), e.Name())
			if string(top) == "\"a\\ufffdb\"" || string(top) == "\"a\uFFFDb\"" {
				assert.Equal(t, string(top), string(field.R), "%s: the same in a field", e.Name())
				return true
			}
			assert.Equal(t, "\"a\xffb\"", string(top), e.Name())
			assert.Equal(t, "\"a\xffb\"", string(field.R), e.Name())
			return false
		}},
		{DecodeQuirkNegativeZero, func(t *testing.T, e Engine) bool {
			var fs []float64
			var a any
			var top float64
			require.NoError(t, e.Unmarshal([]byte(`[-0]`), &fs), e.Name())
			require.NoError(t, e.Unmarshal([]byte(`{"a":-0}`), &a), e.Name())
			require.NoError(t, e.Unmarshal([]byte(`-0`), &top), e.Name())
			// sonic keeps the sign at the top level or not, depending on
			// the architecture, -race and what the process decoded before;
			// the quirk covers every float. The other engines keep it.
			if e.Name() != "sonic" {
				assert.True(t, math.Signbit(top), "%s: the sign is kept at the top level", e.Name())
			}
			lost := !math.Signbit(fs[0])
			assert.Equal(t, lost, !math.Signbit(a.(map[string]any)["a"].(float64)), "%s: the same in an interface", e.Name())
			return lost
		}},
		{DecodeQuirkUnicodeFold, func(t *testing.T, e Engine) bool {
			var v struct{ S, K, ID int }
			require.NoError(t, e.Unmarshal([]byte(`{"ſ":1,"K":2,"İd":3}`), &v), e.Name()) // U+017F, U+212A, U+0130
			assert.Equal(t, 2, v.K, "%s: the Kelvin sign folds to k", e.Name())
			// ſ folds to s in encoding/json only, İ lowercases to i in
			// sonic only: an engine that shows one shows the other.
			assert.Equal(t, v.S == 0, v.ID == 3, "%s: ſ and İ", e.Name())
			return v.S == 0
		}},
		{DecodeQuirkPartialFill, func(t *testing.T, e Engine) bool {
			m := map[string]int{}
			require.Error(t, e.Unmarshal([]byte(`{"a":1}garbage`), &m), e.Name())
			return len(m) != 0
		}},
		{DecodeQuirkMapValueMerge, func(t *testing.T, e Engine) bool {
			m := map[string]map[string]int{"a": {"x": 1}}
			require.NoError(t, e.Unmarshal([]byte(`{"a":{"y":2}}`), &m), e.Name())
			type xy struct{ X, Y int }
			ms := map[string]xy{"a": {X: 1}}
			require.NoError(t, e.Unmarshal([]byte(`{"a":{"Y":2}}`), &ms), e.Name())
			merged := len(m["a"]) == 2
			assert.Equal(t, merged, ms["a"].X == 1, "%s: the same for a struct value", e.Name())
			return merged
		}},
		{DecodeQuirkAcceptsInvalid, func(t *testing.T, e Engine) bool {
			// amd64's sonic takes the first, arm64's the second.
			skipped := []byte(`{"[":[1,-2.5e+3,true,false,null,"x\"\\\/\b\f\n\r\t\u00e "],"b":{"c":{}}}`)
			control := []byte("\"\rud\n00\\ud800\"")
			var v struct {
				A int            `json:"a"`
				B map[string]any `json:"b"`
			}
			var a any
			require.False(t, json.Valid(skipped))
			require.False(t, json.Valid(control))
			return e.Unmarshal(skipped, &v) == nil || e.Unmarshal(control, &a) == nil
		}},
		{DecodeQuirkUnexportedEmbedded, func(t *testing.T, e Engine) bool {
			var v demoOuter
			err := e.Unmarshal([]byte(`{"X":1,"Y":2}`), &v)
			require.Error(t, json.Unmarshal([]byte(`{"X":1,"Y":2}`), new(demoOuter)), "encoding/json cannot set the pointer")
			return err == nil && v.demoInner != nil
		}},
		{DecodeQuirkEmbeddedNull, func(t *testing.T, e Engine) bool {
			var v, std demoOuterPtr
			require.NoError(t, json.Unmarshal([]byte(`{"X":null}`), &std))
			require.NotNil(t, std.DemoInner, "encoding/json allocates the embedded struct")
			require.NoError(t, e.Unmarshal([]byte(`{"X":null}`), &v), e.Name())
			return v.DemoInner == nil
		}},
		{DecodeQuirkQuotedNumber, func(t *testing.T, e Engine) bool {
			var v, std struct {
				N int     `json:"n,string"`
				F float64 `json:"f,string"`
			}
			in := []byte(`{"n":"+1","f":"NaN"}`)
			stdErr := json.Unmarshal(in, &std)
			err := e.Unmarshal(in, &v)
			return stdErr != nil && err == nil
		}},
		{DecodeQuirkMethodRetry, func(t *testing.T, e Engine) bool {
			// null into a pointer to a pointer to a type with
			// UnmarshalJSON.
			var v, std struct{ P **demoJSON }
			in := []byte(`{"P":null}`)
			require.NoError(t, json.Unmarshal(in, &std))
			return e.Unmarshal(in, &v) != nil
		}},
		{DecodeQuirkStrayCloser, func(t *testing.T, e Engine) bool {
			var nils int
			for _, in := range []string{"}", " ] ", "{} }"} {
				d := e.NewDecoder(strings.NewReader(in))
				for range 3 { // the error must come within 2 values
					v := any("untouched")
					if d.Decode(&v) != nil {
						break
					}
					if v == "untouched" {
						nils++
					}
				}
			}
			return nils > 0
		}},
	}
}

// demoInner is embedded by pointer in demoOuter: a struct type that is not
// exported (DecodeQuirkUnexportedEmbedded).
type demoInner struct{ X int }

type demoOuter struct {
	*demoInner
	Y int
}

// DemoInner is embedded by pointer in demoOuterPtr (DecodeQuirkEmbeddedNull).
type DemoInner struct{ X *int }

type demoOuterPtr struct{ *DemoInner }

// demoJSON has an UnmarshalJSON of the user's (DecodeQuirkMethodRetry).
type demoJSON struct{ Raw string }

func (d *demoJSON) UnmarshalJSON(b []byte) error {
	d.Raw = string(b)
	return nil
}

func TestDecodeQuirkDemos(t *testing.T) {
	var demonstrated DecodeQuirks
	shown := map[string]DecodeQuirks{}
	for _, d := range decodeDemos() {
		demonstrated |= d.quirk
		for _, e := range All() {
			if d.shows(t, e) {
				assert.NotEqual(t, "std", e.Name(), "%v: the demo must not show on encoding/json", d.quirk)
				shown[e.Name()] |= d.quirk
			}
		}
	}
	assert.Equal(t, decodeQuirkEnd-1, demonstrated, "a demo for every decode quirk")
	for _, e := range All() {
		assert.Equal(t, DecodeQuirksOf(e).String(), shown[e.Name()].String(), "%s: reported and demonstrated decode quirks differ", e.Name())
	}
}

// nestedTypeDecodeShown: the memory the first decode into a fresh type
// allocates grows exponentially with the levels of nested slice types on
// sonic, and hardly at all elsewhere.
func nestedTypeDecodeShown(t *testing.T, e Engine) bool {
	small, large := 3, 8
	if runtime.GOARCH == "arm64" {
		small, large = 6, 12
	}
	s := firstDecodeAlloc(t, e, small)
	l := firstDecodeAlloc(t, e, large)
	blowup := float64(l)/float64(max(s, 1)) > 8 && l > 4<<20
	if !blowup { // flat: a fixed cost at most (arm64's sonic, about 2 MB)
		assert.Less(t, l, 2*s+1<<20, "%s: first-decode allocation %d → %d bytes", e.Name(), s, l)
	}
	return blowup
}

// firstDecodeAlloc returns the bytes allocated by the first decode of `[]`
// into a type no engine has seen: depth levels of slices around a new struct.
func firstDecodeAlloc(t *testing.T, e Engine, depth int) uint64 {
	freshTypes++
	typ := reflect.StructOf([]reflect.StructField{{Name: fmt.Sprintf("Fresh%d", freshTypes), Type: reflect.TypeFor[int]()}})
	for range depth {
		typ = reflect.SliceOf(typ)
	}
	p := reflect.New(typ)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	err := e.Unmarshal([]byte(`[]`), p.Interface())
	runtime.ReadMemStats(&after)
	require.NoError(t, err)
	require.Equal(t, 0, p.Elem().Len())
	return after.TotalAlloc - before.TotalAlloc
}

// decodeAlloc returns the bytes allocated decoding in into an interface,
// after a warm-up.
func decodeAlloc(t *testing.T, e Engine, in []byte) uint64 {
	var v any
	require.NoError(t, e.Unmarshal(in, &v), e.Name())
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	v = nil
	err := e.Unmarshal(in, &v)
	runtime.ReadMemStats(&after)
	require.NoError(t, err, e.Name())
	return after.TotalAlloc - before.TotalAlloc
}

func TestDecodeQuirksString(t *testing.T) {
	assert.Equal(t, bits.TrailingZeros64(uint64(decodeQuirkEnd)), len(decodeQuirkNames), "a name for every decode quirk")
	assert.Equal(t, "none", DecodeQuirks(0).String())
	assert.Equal(t, "NegativeZero|PartialFill", (DecodeQuirkPartialFill | DecodeQuirkNegativeZero).String())
	assert.Equal(t, "RawMessageUTF8|DecodeQuirk(1<<40)", (DecodeQuirkRawMessageUTF8 | 1<<40).String())
	assert.True(t, DecodeQuirksOf(Std()) == 0)
	assert.Equal(t, DecodeQuirkPartialFill|DecodeQuirkAcceptsInvalid, DecodeQuirksOf(struct{ Engine }{Std()}), "an engine from outside")
}
