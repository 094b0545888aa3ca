package safejson_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson"
	"github.com/safejson/safejson/engine"
	iengine "github.com/safejson/safejson/internal/engine"
	"github.com/safejson/safejson/internal/jsontype"
	"github.com/safejson/safejson/internal/plan"
	"github.com/safejson/safejson/internal/randtype"
	"github.com/safejson/safejson/internal/testutil"
)

// The proofs of the type features the decode plan gives to the engines
// (internal/plan/decode.go): for each, a table of hand-made shapes and a
// differential run on random types that hold the feature, each decoded by
// every engine of the build through the API, against encoding/json: the
// same error (type, text, fields) and the same value, into fresh and
// prefilled targets. They run on every toolchain, engine tag and arm64.

// Embedded fields: the shapes of ORM models (a base struct embedded by
// value or by pointer) and encoding/json's promotion rules (depth, tags,
// conflicts dropped, a tagged embedded struct as a member, embedded
// non-struct types, unexported embedded structs).

type Model struct {
	ID        uint   `json:"id"`
	CreatedAt string `json:"created_at"`
	UpdatedAt string `json:"updated_at"`
	DeletedAt *int   `json:"deleted_at,omitempty"`
}

type audit struct {
	By   string
	Note string `json:"note"`
}

type Tag string

type hidden struct{ Secret, ID int }

type embUser struct {
	Model
	audit
	Tag
	Name  string `json:"name"`
	Email string `json:"email"`
}

type embPtr struct {
	*Model
	Name string `json:"name"`
}

type Left struct {
	X    int
	Both string
}

type Right struct {
	X    string
	Both string `json:"Both"`
}

// embConflict: X is in Left and Right at the same depth, untagged in both:
// encoding/json drops it; Both is tagged in Right only: Right's wins.
type embConflict struct {
	Left
	Right
	Z int
}

// embShadow: the outer Name is shallower than Model's fields and than
// Deep's Name.
type Deep struct {
	Model
	Name  string
	Level int
}

type embShadow struct {
	Deep
	Name string
}

// embNamed: an embedded struct with a tag name is a member of its own;
// one tagged "-" is left out.
type embNamed struct {
	Model `json:"model"`
	Left  `json:"-"`
	N     int
}

// embUnexportedPtr: an embedded pointer to a struct type that is not
// exported (encoding/json fails where the input sets one of its fields).
type embUnexportedPtr struct {
	*hidden
	N int
}

func embeddedTargets() []func() any {
	return []func() any{
		func() any { return new(embUser) },
		func() any { return &embUser{Name: "before", Model: Model{ID: 9}} },
		func() any { return new(embPtr) },
		func() any { return new(embConflict) },
		func() any { return &embConflict{Z: 3, Left: Left{X: 1}} },
		func() any { return new(embShadow) },
		func() any { return new(embNamed) },
		func() any { return new(embUnexportedPtr) },
		func() any { return new([]embUser) },
		func() any { return new(map[string]embPtr) },
		func() any { return new([2]embShadow) },
	}
}

var embeddedInputs = []string{
	`{"id":7,"created_at":"2024-01-02T03:04:05Z","updated_at":"x","name":"n","email":"e","By":"b","note":"t","Tag":"g"}`,
	`{"ID":8,"NAME":"caps","deleted_at":3,"Deleted_At":4}`,
	`{"id":null,"deleted_at":null,"name":null}`,
	`{"X":1,"Both":"b","Z":2}`,
	`{"x":"s","both":"lower","z":5}`,
	`{"Name":"outer","Level":3,"id":4,"name":"fold"}`,
	`{"model":{"id":1,"name":"inner"},"Left":{"X":1},"N":2,"X":3}`,
	`{"Secret":1,"ID":2,"N":3}`,
	`{"N":3}`,
	`{"id":"seven","name":"mismatch"}`,
	`{"id":-1}`,
	`{"id":1e400}`,
	`{"created_at":5,"Level":"x","Name":[]}`,
	`{"model":[],"Z":{}}`,
	`{"id":7,"name":"trailing"} x`,
	`{"id":7,"name":"unterminated"`,
	`[{"id":1,"name":"a"},{"ID":2,"By":"b"},{"Both":"c","X":null}]`,
	`{"a":{"id":1,"name":"x"},"b":{"name":"y"},"c":null}`,
	`[{"Name":"e0","id":1},{"Deep":{"Name":"n"},"Level":2}]`,
	`null`, `{}`, `[]`, `"s"`, `0`,
}

// TestDecodeEmbedded: every shape into every target, by every engine.
func TestDecodeEmbedded(t *testing.T) {
	for _, e := range append([]engine.Engine{{}}, engine.All()...) {
		o := safejson.Options{Engine: e}
		for _, in := range embeddedInputs {
			for _, target := range embeddedTargets() {
				want, got := target(), target()
				name := fmt.Sprintf("%s into %T by %v", in, want, e)
				wantErr := json.Unmarshal([]byte(in), want)
				testutil.SameError(t, wantErr, o.Unmarshal([]byte(in), got), name)
				assert.Equal(t, want, got, name)
			}
		}
	}
}

// TestDecodeEmbeddedRoutes: the shapes no engine quirk applies to go to an
// engine (an embedded pointer may not: DecodeQuirkEmbeddedNull,
// DecodeQuirkUnexportedEmbedded).
func TestDecodeEmbeddedRoutes(t *testing.T) {
	for _, v := range []any{new(embUser), new(embConflict), new(embNamed), new([]embUser)} {
		if engine.Default().Name() != "std" {
			assert.NotEqual(t, "std", plan.RouteDecode(nil, v).Eng.Name(), "%T", v)
		}
	}
}

// TestDecodeEmbeddedRandom: the random checks on types holding an embedded
// field.
func TestDecodeEmbeddedRandom(t *testing.T) {
	decodeRandomHolding(t, 21, func(_ reflect.Type, m *jsontype.Member) bool { return m != nil && m.Embedded })
}

// decodeRandomHolding runs the differential decode checks (Unmarshal, and
// a Decoder reading in pieces; fresh and prefilled targets; inputs spliced
// into a value's encoding, or random) on random types that hold a feature
// (holds is true of a type reachable from them, or of a struct member) and
// that the decode plan gives to an engine (any, in a build with none). It
// tries a bounded number of types: reflect keeps every struct type
// made for the life of the test process, and a heap of them slows every
// later test that collects garbage.
func decodeRandomHolding(t *testing.T, seed uint64, holds func(reflect.Type, *jsontype.Member) bool, favor ...reflect.Type) {
	cfg := randomDecode{Config: decodeTypes, Engine: engine.Default().Name() != "std"}
	cfg.Favor = favor
	decodeRandomHoldingIn(t, seed, cfg, holds)
}

// decodeRandomHoldingIn is decodeRandomHolding, on random types that may
// hold randtype's named types with unmarshal methods (unmarshalers), whose
// calls it checks too: on input encoding/json accepts, the same calls.
// randomDecode is the random types of a search, and whether an engine of
// the build decodes the feature (else the search checks types encoding/json
// decodes).
type randomDecode struct {
	randtype.Config
	Engine bool
}

func decodeRandomHoldingIn(t *testing.T, seed uint64, cfg randomDecode, holds func(reflect.Type, *jsontype.Member) bool) {
	unmarshalers := cfg.Unmarshalers
	want, maxTries := 300, 40*300
	if testutil.Reduced() || testutil.EngineTagged {
		// sonic compiles a decoder for every new type, which costs the
		// sonic-only build and the emulated arm64 run most: there the
		// tables above carry the proof, and a few random types check it
		// (among more tried: one engine's quirks keep many types from it).
		want, maxTries = 40, 200*40
	}
	r := rand.New(rand.NewPCG(seed, seed+1))
	ran := 0
	for tries := 0; ran < want; tries++ {
		require.Less(t, tries, maxTries, "too few random types hold the feature and go to an engine")
		data := make([]byte, 16+r.IntN(120))
		for j := range data {
			data[j] = byte(r.Uint32())
		}
		data[0] |= 1 // a random type
		data[1] = byte(8 + r.IntN(56))
		typ := caseType(data, cfg.Config)
		if typ == nil || !reaches(typ, holds, map[reflect.Type]bool{}) {
			continue
		}
		if cfg.Engine && plan.RouteDecode(nil, reflect.New(typ).Interface()).Eng.Name() == "std" {
			continue // a build with an engine for the feature: the types the plan gives it
		}
		c := readDecodeCaseIn(data, cfg.Config)
		ran++
		t.Run(fmt.Sprint(ran), func(t *testing.T) {
			if unmarshalers {
				want, got := c.filled(), c.filled()
				randtype.TakeCalls()
				wantErr := json.Unmarshal(c.in, want)
				wantCalls := randtype.TakeCalls()
				gotErr := safejson.Unmarshal(c.in, got)
				gotCalls := randtype.TakeCalls()
				testutil.SameError(t, wantErr, gotErr, c.String())
				if wantErr == nil {
					assert.Equal(t, wantCalls, gotCalls, "%s: the calls", c)
				} else if !json.Valid(c.in) {
					assert.Empty(t, gotCalls, "%s: invalid JSON reaches no method", c)
				}
			}
			c.checkUnmarshal(t)
			c.checkDecoder(t)
		})
	}
}

// reaches reports whether p holds of t, of a type reachable from it
// (elements, keys, pointees, members), or of a struct member on the way.
func reaches(t reflect.Type, p func(reflect.Type, *jsontype.Member) bool, seen map[reflect.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	if p(t, nil) {
		return true
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return reaches(t.Elem(), p, seen)
	case reflect.Map:
		return reaches(t.Key(), p, seen) || reaches(t.Elem(), p, seen)
	case reflect.Struct:
		for _, m := range jsontype.Of(t).Members {
			if p(m.Type, &m) || reaches(m.Type, p, seen) {
				return true
			}
		}
	}
	return false
}

// time.Time: the standard library's UnmarshalJSON, fixed code, proven once
// here on valid, invalid and edge-case times, null, other kinds, escapes
// (Go 1.27's encoding/json unescapes the string, the method does not), in
// fields, pointers, slices and map values.

type timed struct {
	T  time.Time            `json:"t"`
	P  *time.Time           `json:"p"`
	TS []time.Time          `json:"ts"`
	TM map[string]time.Time `json:"tm"`
	N  int                  `json:"n"`
}

var timeInputs = []string{
	`"2024-01-02T03:04:05Z"`, `"2024-01-02T03:04:05.123456789+02:00"`, `"2024-01-02T03:04:05.1234567891Z"`,
	`"0000-01-01T00:00:00Z"`, `"9999-12-31T23:59:59.999999999-23:59"`, `"2024-02-29T00:00:00-00:00"`,
	`null`, `"2024-01-02 03:04:05"`, `"2024-1-2T03:04:05Z"`, `"2024-01-02T24:00:00Z"`,
	`"2024-01-02T03:04:05+24:00"`, `"2024-01-02T03:04:05,5Z"`, `"2024-01-02t03:04:05z"`, `"2024-02-30T00:00:00Z"`,
	`"2024-01-02T03:04:05.Z"`, `"-0001-01-02T03:04:05Z"`, `"+2024-01-02T03:04:05Z"`, `""`, `" 2024-01-02T03:04:05Z"`,
	`"\u0032024-01-02T03:04:05Z"`, `"2024-01-02T03:04:05\u005a"`, `123`, `true`, `{}`, `[]`, `"2024-01-02T03:04:05Z"x`,
}

// TestDecodeTime: every time into every place of timed, fresh and
// prefilled, by every engine.
func TestDecodeTime(t *testing.T) {
	before := time.Date(2001, 2, 3, 4, 5, 6, 7, time.FixedZone("", 3600))
	for _, e := range append([]engine.Engine{{}}, engine.All()...) {
		o := safejson.Options{Engine: e}
		for _, tm := range timeInputs {
			for _, in := range []string{
				`{"t":` + tm + `,"n":1}`, `{"p":` + tm + `}`, `{"ts":[` + tm + `,"2024-01-02T03:04:05Z"]}`,
				`{"tm":{"a":` + tm + `}}`, tm,
			} {
				for _, fresh := range []bool{true, false} {
					want, got := new(timed), new(timed)
					if !fresh {
						*want = timed{T: before, N: 2}
						*got = *want
					}
					name := fmt.Sprintf("%s into %T (fresh %v) by %v", in, want, fresh, e)
					wantErr := json.Unmarshal([]byte(in), want)
					testutil.SameError(t, wantErr, o.Unmarshal([]byte(in), got), name)
					assert.True(t, sameValue(want, got), "%s\nencoding/json: %#v\nsafejson:      %#v", name, want, got)
					var wantT, gotT time.Time
					wantErr = json.Unmarshal([]byte(in), &wantT)
					testutil.SameError(t, wantErr, o.Unmarshal([]byte(in), &gotT), name+" (a time.Time)")
					assert.True(t, sameValue(wantT, gotT), "%s (a time.Time)", name)
				}
			}
		}
	}
}

// TestDecodeTimeRoutes: time.Time, alone and in the places of a record, goes
// to an engine (a map of times too, where the build has an engine without
// DecodeQuirkMapValueMerge).
func TestDecodeTimeRoutes(t *testing.T) {
	if engine.Default().Name() == "std" {
		return // no engine in this build
	}
	type event struct {
		At    time.Time   `json:"at"`
		Until *time.Time  `json:"until"`
		Seen  []time.Time `json:"seen"`
		Kind  string      `json:"kind"`
	}
	for _, v := range []any{new(time.Time), new(*time.Time), new(event), new([]event)} {
		assert.NotEqual(t, "std", plan.RouteDecode(nil, v).Eng.Name(), "%T", v)
	}
}

// TestDecodeTimeRandom: the random checks on types holding a time.Time.
func TestDecodeTimeRandom(t *testing.T) {
	timeType := reflect.TypeFor[time.Time]()
	decodeRandomHolding(t, 31, func(t reflect.Type, _ *jsontype.Member) bool { return t == timeType }, timeType, reflect.PointerTo(timeType))
}

// ",string": every kind the option applies to (and one it does not), with
// quoted numbers, literals and strings, valid and not, unquoted values,
// escapes and null.

type quotedInts struct {
	I  int     `json:"i,string"`
	I8 int8    `json:"i8,string"`
	U  uint64  `json:"u,string"`
	B  bool    `json:"b,string"`
	Q  string  `json:"q,string"`
	PI *int    `json:"pi,string"`
	PQ *string `json:"pq,string"`
	//lint:ignore SA5008 a kind the option does not apply to, which encoding/json ignores it on
	L []int `json:"l,string"`
	N int   `json:"n"`
}

type quotedFloats struct {
	F   float64 `json:"f,string"`
	F32 float32 `json:"f32,string"`
	N   int     `json:"n"`
}

var quotedValues = []string{
	`"1"`, `1`, `"-1"`, `"1.5"`, `"1e3"`, `" 1"`, `"1 "`, `"0x10"`, `"abc"`, `""`, `null`, `"null"`, `"true"`,
	`"false"`, `true`, `"\"q\""`, `"\"q"`, `"q"`, `"\u0031"`, `"\"\u0071\""`, `"300"`, `"-0"`, `"1e400"`,
	`"18446744073709551616"`, `[1]`, `"[1]"`, `{}`, `"\"\""`, `"\"\\\"\""`, `"01"`, `"+1"`, `"NaN"`, `"Inf"`,
	`"\"a\"b"`, `"\t1"`, `"1.0"`, `"-"`, `"1e"`, `".5"`,
}

// TestDecodeQuoted: every value in every member, by every engine.
func TestDecodeQuoted(t *testing.T) {
	for _, e := range append([]engine.Engine{{}}, engine.All()...) {
		o := safejson.Options{Engine: e}
		for _, k := range []string{"i", "i8", "u", "b", "q", "pi", "pq", "l", "f", "f32"} {
			for _, v := range quotedValues {
				in := `{"` + k + `":` + v + `,"n":1}`
				for _, target := range []func() any{func() any { return new(quotedInts) }, func() any { return new(quotedFloats) }} {
					want, got := target(), target()
					name := fmt.Sprintf("%s into %T by %v", in, want, e)
					wantErr := json.Unmarshal([]byte(in), want)
					testutil.SameError(t, wantErr, o.Unmarshal([]byte(in), got), name)
					assert.True(t, sameValue(want, got), "%s\nencoding/json: %+v\nsafejson:      %+v", name, want, got)
				}
			}
		}
	}
}

// TestDecodeQuotedRoutes: ",string" on a string or a bool goes to an
// engine; on a number (an API type's quoted ID) to an engine without
// DecodeQuirkQuotedNumber, where the build has one.
func TestDecodeQuotedRoutes(t *testing.T) {
	if engine.Default().Name() == "std" {
		return // no engine in this build
	}
	type flags struct {
		On   bool   `json:"on,string"`
		Code string `json:"code,string"`
	}
	type apiIDs struct {
		ID     int64  `json:"id,string"`
		Parent *int64 `json:"parent,string"`
		Name   string `json:"name"`
	}
	numbers := false
	for _, e := range iengine.All() {
		numbers = numbers || e.Name() != "std" && !iengine.DecodeQuirksOf(e).Has(iengine.DecodeQuirkQuotedNumber)
	}
	assert.NotEqual(t, "std", plan.RouteDecode(nil, new(flags)).Eng.Name())
	for _, v := range []any{new(apiIDs), new([]apiIDs)} {
		assert.Equal(t, numbers, plan.RouteDecode(nil, v).Eng.Name() != "std", "%T", v)
	}
}

// TestDecodeQuotedRandom: the random checks on types holding a ",string"
// member.
func TestDecodeQuotedRandom(t *testing.T) {
	decodeRandomHolding(t, 41, func(_ reflect.Type, m *jsontype.Member) bool { return m != nil && m.Opts.String })
}

// json.Number and []byte.

type numBytes struct {
	N  json.Number   `json:"n"`
	PN *json.Number  `json:"pn"`
	NS []json.Number `json:"ns"`
	B  []byte        `json:"b"`
	BS [][]byte      `json:"bs"`
	K  int           `json:"k"`
}

// TestDecodeNumberBytes: numbers and strings into json.Number, base64 (valid,
// unpadded, broken by line breaks, of the URL alphabet) into []byte, in
// fields, pointers and slices, by every engine. (The plan keeps []byte from
// the engines for the cost of a bad byte at the end of a huge string, not
// for its values: this table shows those are encoding/json's.)
func TestDecodeNumberBytes(t *testing.T) {
	vals := []string{ // numbers, then base64
		`1`, `-1.5e3`, `"1"`, `"-1.5e3"`, `"abc"`, `""`, `null`, `true`, `"+1"`, `"01"`, `" 1"`, `"1 "`, `"NaN"`, `"0x1"`, `1e400`, `"1e400"`, `123456789012345678901234567890`,
		`"aGVsbG8="`, `"aGVsbG8"`, `"aGVs\nbG8="`, `"aGVs\r\nbG8="`, `"aGVsbG8=="`, `"a-_b"`, `"a+/b"`, `"YQ=="`, `"YQ"`, `"Y"`, `"===="`, `"aGVs bG8="`, `"\u0061GVsbG8="`, `[1,2]`, `[]`, `{}`, `"é"`}
	for _, e := range append([]engine.Engine{{}}, engine.All()...) {
		o := safejson.Options{Engine: e}
		for _, k := range []string{"n", "pn", "b"} {
			for _, v := range vals {
				for _, in := range []string{`{"` + k + `":` + v + `,"k":1}`, `{"ns":[` + v + `],"bs":[` + v + `]}`} {
					want, got := new(numBytes), new(numBytes)
					name := fmt.Sprintf("%s by %v", in, e)
					wantErr := json.Unmarshal([]byte(in), want)
					testutil.SameError(t, wantErr, o.Unmarshal([]byte(in), got), name)
					assert.True(t, sameValue(want, got), "%s\nencoding/json: %+v\nsafejson:      %+v", name, want, got)
				}
			}
		}
	}
}

// TestDecodeNumberRandom: the random checks on types holding a json.Number.
func TestDecodeNumberRandom(t *testing.T) {
	nt := reflect.TypeFor[json.Number]()
	decodeRandomHolding(t, 51, func(t reflect.Type, _ *jsontype.Member) bool { return t == nt }, nt)
}

// The user's unmarshal methods. The rule (docs/differences.md): on input
// encoding/json accepts, each method is called as encoding/json calls it,
// with the same bytes, once; input that is not valid JSON reaches no method;
// on input encoding/json refuses for the type (a value of another kind, a
// method's error), an engine's attempt may call methods before it fails,
// and encoding/json then calls them again for its verdict.

var methodCalls struct {
	sync.Mutex
	log []string
}

func callMethod(name string, b []byte) {
	methodCalls.Lock()
	methodCalls.log = append(methodCalls.log, name+":"+string(b))
	methodCalls.Unlock()
}

func takeMethodCalls() []string {
	methodCalls.Lock()
	defer methodCalls.Unlock()
	l := methodCalls.log
	methodCalls.log = nil
	return l
}

// byJSON keeps the bytes its UnmarshalJSON is given; "fail" fails it.
type byJSON struct{ Raw string }

func (m *byJSON) UnmarshalJSON(b []byte) error {
	callMethod("J", b)
	if string(b) == `"fail"` {
		return errors.New("byJSON: fail")
	}
	m.Raw = string(b)
	return nil
}

// byText is an enum read by UnmarshalText; "fail" fails it.
type byText int

func (m *byText) UnmarshalText(b []byte) error {
	callMethod("T", b)
	if string(b) == "fail" {
		return errors.New("byText: fail")
	}
	*m = byText(len(b))
	return nil
}

// byValue has a value-receiver UnmarshalJSON (called through the address).
type byValue string

func (m byValue) UnmarshalJSON(b []byte) error {
	callMethod("V", b)
	return nil
}

type embedsJSON struct {
	byJSON
	X int
}

type methodHolder struct {
	J  byJSON            `json:"j"`
	PJ *byJSON           `json:"pj"`
	PP **byJSON          `json:"pp"`
	T  byText            `json:"t"`
	PT *byText           `json:"pt"`
	JS []byJSON          `json:"js"`
	TA [2]byText         `json:"ta"`
	TM map[string]byText `json:"tm"`
	V  byValue           `json:"v"`
	E  embedsJSON        `json:"e"`
	N  int               `json:"n"`
}

var methodValues = []string{
	`"x"`, `"fail"`, `null`, `1`, `{"a": [1, 2]}`, `[ 1 ,2 ]`, `true`, `"a\u0062\n"`, `"\ud800"`, `""`, `{}`, `[]`,
}

var methodKeys = []string{"j", "pj", "pp", "t", "pt", "js", "ta", "tm", "v", "e"}

// TestDecodeMethods: every value in every place of methodHolder, and
// bodies of many methods with duplicate keys, by every engine: the value
// and the verdict are encoding/json's; on input encoding/json accepts the
// methods are called exactly as it calls them; on invalid JSON, none is.
func TestDecodeMethods(t *testing.T) {
	var ins []string
	for _, k := range methodKeys {
		for _, v := range methodValues {
			val := v
			switch k {
			case "js", "ta":
				val = "[" + v + "," + v + "," + v + "]"
			case "tm":
				val = `{"a":` + v + `,"b":` + v + `}`
			}
			ins = append(ins, `{"n":1,"`+k+`":`+val+`,"n":2}`)
		}
	}
	ins = append(ins,
		`{"j":"a","t":"b","js":["c","d"],"tm":{"x":"e","y":"f"},"j":"g","pt":"h","pj":null,"v":3,"e":{"X":1}}`,
		`{"J":"case","T":"case2","Js":[null,"x"],"TM":{"a":null},"PP":"deep"}`,
		`{"t":"fail","j":"x"}`, `{"j":"x","t":1,"js":["y"]}`, `{"js":["a","fail","b"],"t":"c"}`,
		`{"j":"x","t":"y"`, `{"j":"x","t":"y"} z`, `{"j":"x","t":"y",}`, `{"j":[1,2}`)
	for _, e := range append([]engine.Engine{{}}, engine.All()...) {
		o := safejson.Options{Engine: e}
		for _, in := range ins {
			want, got := new(methodHolder), new(methodHolder)
			name := fmt.Sprintf("%s by %v", in, e)
			takeMethodCalls()
			wantErr := json.Unmarshal([]byte(in), want)
			wantCalls := takeMethodCalls()
			gotErr := o.Unmarshal([]byte(in), got)
			gotCalls := takeMethodCalls()
			testutil.SameError(t, wantErr, gotErr, name)
			assert.Equal(t, want, got, name)
			switch {
			case !json.Valid([]byte(in)):
				assert.Empty(t, gotCalls, "%s: invalid JSON reaches no method", name)
			case wantErr == nil:
				assert.Equal(t, wantCalls, gotCalls, "%s: the calls", name)
			default:
				// The engine's attempt, then encoding/json's.
				assert.Equal(t, wantCalls, gotCalls[len(gotCalls)-len(wantCalls):], "%s: encoding/json's calls last", name)
			}
		}
	}
}

// TestDecodeMethodsRoutes: types with the user's methods go to an engine
// without DecodeQuirkMethodRetry, where the build has one.
func TestDecodeMethodsRoutes(t *testing.T) {
	free := false
	for _, e := range iengine.All() {
		free = free || e.Name() != "std" && !iengine.DecodeQuirksOf(e).Has(iengine.DecodeQuirkMethodRetry)
	}
	type enumRecord struct {
		Status byText `json:"status"`
		Name   string `json:"name"`
	}
	for _, v := range []any{new(byText), new(enumRecord), new([]enumRecord)} {
		r := plan.RouteDecode(nil, v)
		assert.Equal(t, free, r.Eng.Name() != "std", "%T", v)
		assert.True(t, r.Checked, "%T: the input is checked before an engine calls a method", v)
	}
}

// TestDecodeMethodsRandom: the random checks on types holding a named type
// with unmarshal methods (randtype.Config.Unmarshalers).
func TestDecodeMethodsRandom(t *testing.T) {
	free := false
	for _, e := range iengine.All() {
		free = free || e.Name() != "std" && !iengine.DecodeQuirksOf(e).Has(iengine.DecodeQuirkMethodRetry)
	}
	cfg := randomDecode{Config: decodeTypes, Engine: free}
	cfg.Unmarshalers = true
	decodeRandomHoldingIn(t, 71, cfg, func(t reflect.Type, _ *jsontype.Member) bool {
		return jsontype.Of(t).Unmarshaler && t.PkgPath() == reflect.TypeFor[randtype.UnJSON]().PkgPath()
	})
}
