//lint:file-ignore SA5008 malformed and misplaced tags on purpose: the table checks how encoding/json reads them

package safe_test

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"math"
	"math/big"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/flavor"
	"github.com/safejson/safejson/internal/randtype"
	"github.com/safejson/safejson/safe"
)

// diffCase is one value of the differential table, checked against the
// encoding/json of the toolchain that runs the test.
//
// Where encoding/json accepts the value, the expected bytes are encoding/json's,
// computed at test time, for Marshal, MarshalIndent, and Encoder with
// SetEscapeHTML(false) and SetIndent; want and path are empty, or, for a
// value only one flavour accepts, say what safe writes where the other
// rejects it.
//
// Where encoding/json rejects it, want is what safe writes with the default
// substitutes (wantV2 on json/v2, where that differs), and path where Strict
// reports the (first) substitution. Where encoding/json would crash
// (randtype.CrashesStd: a cycle that writes no token, on json/v2), it is not
// asked: safe must write want on every toolchain.
//
// Where encoding/json fails in the caller's own code (userErr), safe fails
// with the same error.
type diffCase struct {
	name   string
	v      any
	want   string
	wantV2 string
	path   string
	// userErr: encoding/json fails in a MarshalJSON or MarshalText method (or
	// on an invalid json.Number), and safe returns the same error.
	userErr bool
	// otherMsg: under Strict, the first substitution safe meets is not the
	// error encoding/json stops at (same type, another message).
	otherMsg bool
}

// Struct types of the table.
type (
	tagged struct {
		Renamed   int    `json:"renamed"`
		Skipped   int    `json:"-"`
		Dash      int    `json:"-,"`
		Default   int    `json:",omitempty"`
		Keep      string `json:"keep,omitempty"`
		unexp     int
		HTMLName  int `json:"<a&b>"`
		Invalid   int `json:"a\"b"`
		Spaces    int `json:"with space"`
		Unicode   int `json:"日本"`
		Punct     int `json:"!#$%&()*+-./:;<=>?@[]^_{|}~"`
		BackSlash int `json:"a\\b"`
		Comma     int `json:"a,omitempty"`
	}
	omitEmpty struct {
		B   bool              `json:",omitempty"`
		I   int               `json:",omitempty"`
		U   uint              `json:",omitempty"`
		F   float64           `json:",omitempty"`
		S   string            `json:",omitempty"`
		P   *int              `json:",omitempty"`
		A   any               `json:",omitempty"`
		M   map[string]int    `json:",omitempty"`
		Sl  []int             `json:",omitempty"`
		Ar0 [0]int            `json:",omitempty"`
		Ar  [1]int            `json:",omitempty"`
		St  struct{}          `json:",omitempty"`
		T   time.Time         `json:",omitempty"`
		Em  map[string]string `json:",omitempty"`
	}
	omitZero struct {
		I    int             `json:",omitzero"`
		S    struct{ A int } `json:",omitzero"`
		Ar   [2]int          `json:",omitzero"`
		T    time.Time       `json:",omitzero"`
		V    zeroVal         `json:",omitzero"`
		P    zeroPtr         `json:",omitzero"`
		VP   *zeroVal        `json:",omitzero"`
		PP   *zeroPtr        `json:",omitzero"`
		Sl   []int           `json:",omitzero"`
		F    float64         `json:",omitzero"`
		Both []int           `json:",omitempty,omitzero"`
	}
	quoted struct {
		I   int         `json:",string"`
		I8  int8        `json:",string"`
		U   uint64      `json:",string"`
		F   float64     `json:",string"`
		F32 float32     `json:",string"`
		B   bool        `json:",string"`
		S   string      `json:",string"`
		P   *int        `json:",string"`
		NP  *int        `json:",string"`
		PP  **int       `json:",string"`
		A   any         `json:",string"`
		N   json.Number `json:",string"`
		M   valJSON     `json:",string"`
		T   valText     `json:",string"`
		Sl  []int       `json:",string"`
		St  struct{}    `json:",string"`
	}
	inner struct {
		A int
		B int `json:"b"`
	}
	Inner struct {
		A int
		C int
	}
	innerOther struct {
		A int
		D int
	}
	embedPromote struct {
		inner
		X int
	}
	embedExported struct {
		Inner
		X int
	}
	embedConflict struct {
		Inner
		innerOther
	}
	embedShallow struct {
		Inner
		A string
	}
	taggedA struct {
		A int `json:"A"`
	}
	embedTagWins struct {
		Inner
		taggedA
	}
	embedPtr struct {
		*Inner
		X int
	}
	embedTagged struct {
		Inner `json:"inner"`
		X     int
	}
	embedNonStruct struct {
		myInt
		Stringer
		X int
	}
	exportedInt = myInt
	embedMyInt  struct{ MyInt exportedInt }
	twiceA      struct{ Inner }
	twiceB      struct{ Inner }
	embedTwice  struct {
		twiceA
		twiceB
	}
	deepA       struct{ Inner }
	embedDepths struct {
		deepA
		C string
	}
	withMethods struct {
		V  valJSON
		P  ptrJSON
		PP *ptrJSON
		VT valText
		PT ptrText
		B  bothMethods
		X  ptrJSONvalText
	}
	withIface struct {
		A any
		M json.Marshaler
		T interface{ MarshalText() ([]byte, error) }
		E error
		N any
	}
	node struct {
		Name string `json:"name"`
		Next *node  `json:"next,omitempty"`
	}
	anyNode struct {
		Name string `json:"name"`
		Any  any    `json:"any"`
	}
	cycA struct {
		B *cycB `json:"b"`
	}
	cycB struct {
		A *cycA `json:"a"`
	}
	firstField struct {
		First  struct{ N int } `json:"first"`
		Second int             `json:"second"`
	}
	funcField struct {
		A int
		F func()
		C chan int
		X complex128
		U unsafe.Pointer
		Z int
	}
	nanField struct {
		F   float64 `json:"f"`
		F32 float32 `json:"f32"`
		Q   float64 `json:"q,string"`
	}
	keyStruct struct {
		A int
		B string
	}
)

// cycles builds the cyclic values of the table.
func selfNode() *node {
	n := &node{Name: "a"}
	n.Next = n
	return n
}

func loopNodes() *node {
	a, b := &node{Name: "a"}, &node{Name: "b"}
	a.Next, b.Next = b, a
	return a
}

func selfSlice() []any {
	s := []any{1.0, nil}
	s[1] = s
	return s
}

func selfMap() map[string]any {
	m := map[string]any{"a": 1.0}
	m["self"] = m
	return m
}

func mutual() *cycA {
	a := &cycA{}
	a.B = &cycB{A: a}
	return a
}

func selfAny() *anyNode {
	n := &anyNode{Name: "n"}
	n.Any = n
	return n
}

func sharedDAG() []*node {
	s := &node{Name: "shared"}
	return []*node{s, s, {Name: "x", Next: s}}
}

func nodesWithSelf() []*node {
	a, b := &node{Name: "a"}, &node{Name: "b"}
	b.Next = b
	return []*node{a, b}
}

func mapValueSelf() map[string]any {
	m := map[string]any{"x": 1.0}
	m["y"] = []any{m, "tail"}
	return m
}

func ptrToSelfPtr() any {
	type P *P
	var p P
	p = P(&p)
	return p
}

// anyToItself is var x any; x = &x.
func anyToItself() any {
	var x any
	x = &x
	return x
}

// anyChain is a cycle of **any: a holds a pointer to a pointer to a.
func anyChain() any {
	var a any
	pa := &a
	ppa := &pa
	a = ppa
	return []any{"before", a, "after"}
}

func intPtr(n int) *int { return &n }

// nested returns n nested JSON arrays.
func nested(n int) string {
	return strings.Repeat("[", n) + strings.Repeat("]", n)
}

func diffCases() []diffCase {
	one := 1
	pone := &one
	nan, inf := math.NaN(), math.Inf(1)
	bigInt, _ := new(big.Int).SetString("123456789012345678901234567890", 10)
	bigFloat := big.NewFloat(1.5)
	t0 := time.Date(2024, 2, 29, 12, 30, 45, 123456789, time.UTC)
	var nilMarshaler *ptrJSON
	var nilValJSON *valJSON
	return []diffCase{
		// Scalars.
		{name: "nil", v: nil},
		{name: "true", v: true},
		{name: "false", v: false},
		{name: "int", v: 42},
		{name: "int8 min", v: int8(math.MinInt8)},
		{name: "int64 min", v: int64(math.MinInt64)},
		{name: "int64 max", v: int64(math.MaxInt64)},
		{name: "uint64 max", v: uint64(math.MaxUint64)},
		{name: "uintptr", v: uintptr(12345)},
		{name: "named int", v: myInt(-3)},
		{name: "float 0", v: 0.0},
		{name: "float -0", v: math.Copysign(0, -1)},
		{name: "float 1e21", v: 1e21},
		{name: "float 1e20", v: 1e20},
		{name: "float 999999999999999999999", v: 999999999999999999999.0},
		{name: "float 1e-6", v: 1e-6},
		{name: "float 1e-7", v: 1e-7},
		{name: "float 1.5e-7", v: -1.5e-7},
		{name: "float smallest", v: 5e-324},
		{name: "float max", v: math.MaxFloat64},
		{name: "float 0.1", v: 0.1},
		{name: "float 123456789", v: 123456789.0},
		{name: "float 1e100", v: 1e100},
		{name: "float32 1e21", v: float32(1e21)},
		{name: "float32 1e20", v: float32(1e20)},
		{name: "float32 1e-7", v: float32(1e-7)},
		{name: "float32 1e-6", v: float32(1e-6)},
		{name: "float32 max", v: float32(math.MaxFloat32)},
		{name: "float32 0.1", v: float32(0.1)},
		{name: "float32 16777217", v: float32(16777217)},
		{name: "float32 1.0000001", v: float32(1.0000001)},
		{name: "float32 -0", v: float32(math.Copysign(0, -1))},
		{name: "float32 slice", v: []float32{1, 2.5, 3.4e38, 1e-45}},

		// Strings.
		{name: "string empty", v: ""},
		{name: "string ascii", v: "hello world"},
		{name: "string html", v: "<script>alert('x') && 1</script>"},
		{name: "string quotes", v: `a "quoted" \ back\slash /`},
		{name: "string controls", v: "\x00\x01\b\f\n\r\t\x1f\x7f"},
		{name: "string line separators", v: "a\u2028b\u2029c"},
		{name: "string invalid utf8", v: "a\xffb\xc3(c\xed\xa0\x80d"},
		{name: "string truncated rune", v: "tail\xe6\x97"},
		{name: "string unicode", v: "Montréal, Tromsø, 日本, 🎉"},
		{name: "string replacement char", v: "\ufffd"},
		{name: "named string", v: stringTextKey("named")},

		// Bytes.
		{name: "bytes nil", v: []byte(nil)},
		{name: "bytes empty", v: []byte{}},
		{name: "bytes", v: []byte("hello, \xff world")},
		{name: "named bytes", v: myBytes("abc")},
		{name: "named byte elem", v: []myByte{1, 2, 3}},
		{name: "marshaler byte elem", v: []jsonByte{1, 2}},
		{name: "ptr text byte elem", v: []textPtrByte{1, 2}},
		{name: "byte array", v: [3]byte{1, 2, 3}},
		{name: "byte array in struct", v: struct{ A [2]byte }{[2]byte{9, 8}}},

		// Slices and arrays.
		{name: "slice nil", v: []int(nil)},
		{name: "slice empty", v: []int{}},
		{name: "slice nested", v: [][]int{{1, 2}, {}, nil, {3}}},
		{name: "slice of pointers", v: []*int{pone, nil}},
		{name: "array empty", v: [0]int{}},
		{name: "array", v: [3]string{"a", "", "c"}},
		{name: "slice of structs", v: []Inner{{1, 2}, {3, 4}}},
		{name: "slice of any", v: []any{1, "a", nil, true, 2.5, []any{}, map[string]any{}}},

		// Maps.
		{name: "map nil", v: map[string]int(nil)},
		{name: "map empty", v: map[string]int{}},
		{name: "map string keys sorted", v: map[string]int{"b": 2, "a": 1, "c": 3, "": 0, "B": 4}},
		{name: "map int keys as strings", v: map[int]string{10: "ten", 9: "nine", -1: "neg", 100: "hundred"}},
		{name: "map int8 keys", v: map[int8]bool{-128: true, 127: false, 0: true}},
		{name: "map uint keys", v: map[uint64]int{math.MaxUint64: 1, 2: 2}},
		{name: "map uintptr keys", v: map[uintptr]int{7: 7}},
		{name: "map text keys", v: map[textKey]int{3: 3, 1: 1, 20: 20}},
		{name: "map string text keys", v: map[stringTextKey]int{"b": 2, "a": 1}},
		{name: "map ptr text keys", v: map[*ptrTextKey]int{{N: 1}: 1, nil: 0}},
		{name: "map html keys", v: map[string]int{"<a>": 1, "&": 2}},
		{name: "map invalid utf8 keys", v: map[string]int{"\xff": 1, "a\u2028": 2}},
		{name: "map of maps", v: map[string]map[string]int{"x": {"b": 2, "a": 1}, "y": nil}},
		{name: "map any nested", v: map[string]any{"list": []any{1.0, "x", map[string]any{"z": nil}}, "n": json.Number("12.5")}},
		{name: "map named", v: map[myInt]myInt{2: 3}},
		{name: "map struct values", v: map[string]Inner{"a": {1, 2}}},
		{name: "map pointer values", v: map[string]*Inner{"a": {1, 2}, "nil": nil}},
		{name: "map ptrJSON values not addressable", v: map[string]ptrJSON{"a": {N: 1}}},
		{name: "map any of float32", v: map[string]any{"f": float32(0.1)}},

		// Pointers and interfaces.
		{name: "ptr nil", v: (*int)(nil)},
		{name: "ptr ptr", v: &pone},
		{name: "ptr struct", v: &Inner{1, 2}},
		{name: "any in any", v: []any{any(1), []any{any("x")}}},
		{name: "interfaces", v: withIface{A: 1, M: valJSON{2}, T: valText{"t"}, E: errors.New("x")}},
		{name: "interfaces nil", v: withIface{}},
		{name: "marshaler iface nil ptr with ptr receiver", v: withIface{M: nilMarshaler}},
		{name: "any holding nil ptr marshaler", v: []any{nilMarshaler, nilValJSON}},

		// Struct tags.
		{name: "tags", v: tagged{Renamed: 1, Skipped: 2, Dash: 3, Keep: "k", unexp: 4, HTMLName: 5, Invalid: 6, Spaces: 7, Unicode: 8, Punct: 9, BackSlash: 10, Comma: 11}},
		{name: "tags zero", v: tagged{}},
		{name: "omitempty zero", v: omitEmpty{}},
		{name: "omitempty set", v: omitEmpty{B: true, I: -1, U: 1, F: 0.5, S: "s", P: new(int), A: 0, M: map[string]int{"a": 1}, Sl: []int{0}, Ar: [1]int{0}, T: t0, Em: map[string]string{}}},
		{name: "omitempty negative zero", v: omitEmpty{F: math.Copysign(0, -1)}},
		{name: "omitzero zero", v: omitZero{}},
		{name: "omitzero set", v: omitZero{I: 1, S: struct{ A int }{1}, Ar: [2]int{0, 1}, T: t0, V: zeroVal{1}, P: zeroPtr{1}, VP: &zeroVal{1}, PP: &zeroPtr{1}, Sl: []int{}, F: 1, Both: []int{}}},
		{name: "omitzero methods value", v: omitZero{V: zeroVal{7}, P: zeroPtr{7}, VP: &zeroVal{7}, PP: &zeroPtr{7}}},
		{name: "omitzero methods addressable", v: &omitZero{V: zeroVal{7}, P: zeroPtr{7}, VP: &zeroVal{7}, PP: &zeroPtr{7}}},
		{name: "omitzero negative zero", v: omitZero{F: math.Copysign(0, -1)}},
		{name: "omitzero empty slice", v: omitZero{Sl: []int{}}},
		{name: "string option", v: quoted{I: -1, I8: 8, U: math.MaxUint64, F: 1e21, F32: 0.1, B: true, S: `a"<b>\`, P: intPtr(2), PP: &pone, A: 3, N: "12.5", M: valJSON{1}, T: valText{"x"}, Sl: []int{1}}},
		{name: "string option zero", v: quoted{}},
		{name: "string option empty number", v: quoted{N: ""}},

		// Embedding.
		{name: "embed unexported struct promotes", v: embedPromote{inner{1, 2}, 3}},
		{name: "embed exported struct", v: embedExported{Inner{1, 2}, 3}},
		{name: "embed conflict drops both", v: embedConflict{Inner{1, 2}, innerOther{3, 4}}},
		{name: "embed shallower wins", v: embedShallow{Inner{1, 2}, "top"}},
		{name: "embed tag wins", v: embedTagWins{Inner{1, 2}, taggedA{3}}},
		{name: "embed ptr", v: embedPtr{&Inner{1, 2}, 3}},
		{name: "embed ptr nil", v: embedPtr{nil, 3}},
		{name: "embed tagged is a member", v: embedTagged{Inner{1, 2}, 3}},
		{name: "embed non-struct", v: embedNonStruct{myInt: 1, X: 2}},
		{name: "embed non-struct exported", v: embedMyInt{MyInt: 5}},
		{name: "embed same type twice", v: embedTwice{twiceA{Inner{1, 2}}, twiceB{Inner{3, 4}}}},
		{name: "embed depths", v: embedDepths{deepA{Inner{1, 2}}, "c"}},
		{name: "anonymous struct", v: struct {
			A int `json:"a"`
			B struct {
				C []string `json:"c"`
			} `json:"b"`
		}{A: 1}},
		{name: "empty struct", v: struct{}{}},
		{name: "struct only unexported", v: struct{ a, b int }{1, 2}},

		// Methods.
		{name: "methods not addressable", v: withMethods{V: valJSON{1}, P: ptrJSON{2}, PP: &ptrJSON{3}, VT: valText{"a"}, PT: ptrText{"b"}, X: ptrJSONvalText{1}}},
		{name: "methods addressable", v: &withMethods{V: valJSON{1}, P: ptrJSON{2}, PP: &ptrJSON{3}, VT: valText{"a"}, PT: ptrText{"b"}, X: ptrJSONvalText{1}}},
		{name: "methods nil pointers", v: withMethods{}},
		{name: "method top value", v: valJSON{5}},
		{name: "method top ptr receiver", v: ptrJSON{5}},
		{name: "method top ptr", v: &ptrJSON{5}},
		{name: "method nil ptr", v: (*ptrJSON)(nil)},
		{name: "methods in slice addressable", v: []ptrJSON{{1}, {2}}},
		{name: "methods in array not addressable", v: [2]ptrJSON{{1}, {2}}},
		{name: "methods in array addressable", v: &[2]ptrJSON{{1}, {2}}},
		{name: "text in slice", v: []ptrText{{"a"}}},
		{name: "both methods", v: []bothMethods{1}},
		{name: "marshal json compacted", v: rawJSON(" { \"a\" : [ 1 , 2 ] ,\n\t\"b\" : { } , \"c\":[ ] } ")},
		{name: "marshal json html", v: rawJSON(`{"<k>":"a&b","s":"\u003c"}`)},
		{name: "marshal json line separator", v: rawJSON("\"a\u2028b\"")},
		{name: "marshal json invalid utf8 kept", v: rawJSON("\"\xff\"")},
		{name: "marshal json numbers kept", v: rawJSON(`[1E+2,-0,0.5e-3,1e400]`)},
		{name: "marshal json escapes kept", v: rawJSON(`"\/\b\f\n\r\t\"\\\u00e9"`)},
		{name: "marshal json literals", v: rawJSON(`[true,false,null]`)},
		{name: "marshal json nested deep", v: rawJSON(`[[[[{"a":[{}]}]]]]`)},
		{name: "raw message", v: struct{ R json.RawMessage }{json.RawMessage(` {"x": [1, {"y":"<"}]} `)}},
		{name: "raw message nil", v: struct{ R json.RawMessage }{}},
		{name: "raw message ptr", v: struct{ R *json.RawMessage }{&json.RawMessage{'1'}}},
		{name: "raw message in any", v: []any{json.RawMessage(`{"a" : 1}`), json.RawMessage(nil)}},
		{name: "number", v: []json.Number{"1", "-0", "1.5e+10", "0.0", "1E-2", ""}},
		{name: "number in any", v: map[string]any{"n": json.Number("7")}},
		{name: "time", v: t0},
		{name: "time in struct", v: struct{ T, Z time.Time }{T: t0}},
		{name: "big int value", v: *bigInt},
		{name: "big int ptr", v: bigInt},
		{name: "big int field addressable", v: &struct{ N big.Int }{*bigInt}},
		{name: "big float ptr", v: bigFloat},

		// Cycles: encoding/json fails.
		{name: "cycle self pointer", v: selfNode(), want: `{"name":"a"}`, path: "/next"},
		{name: "cycle two nodes", v: loopNodes(), want: `{"name":"a","next":{"name":"b"}}`, path: "/next/next"},
		{name: "cycle slice", v: selfSlice(), want: `[1,null]`, path: "/1"},
		{name: "cycle map", v: selfMap(), want: `{"a":1}`, path: "/self"},
		{name: "cycle map in slice", v: mapValueSelf(), want: `{"x":1,"y":[null,"tail"]}`, path: "/y/0"},
		{name: "cycle mutual types", v: mutual(), want: `{"b":{}}`, path: "/b/a", otherMsg: true},
		{name: "cycle through any", v: selfAny(), want: `{"name":"n"}`, path: "/any"},
		{name: "cycle in slice element", v: nodesWithSelf(), want: `[{"name":"a"},{"name":"b"}]`, path: "/1/next"},
		{name: "cycle pointer to itself", v: ptrToSelfPtr(), want: `null`, path: ""},
		{name: "cycle interface to itself", v: anyToItself(), want: `null`, path: ""},
		{name: "cycle pointer to pointer to interface", v: anyChain(), want: `["before",null,"after"]`, path: "/1", otherMsg: true},
		{name: "shared not cycle", v: sharedDAG()},
		{name: "first field same address", v: &firstField{Second: 2}},

		// Non-finite floats.
		{name: "nan", v: nan, want: `null`},
		{name: "inf", v: inf, want: `null`},
		{name: "-inf float32", v: float32(math.Inf(-1)), want: `null`},
		{name: "nan fields", v: nanField{F: nan, F32: float32(inf), Q: nan}, want: `{"f":null,"f32":null,"q":null}`, path: "/f"},
		{name: "nan string option", v: nanField{Q: math.Inf(-1)}, want: `{"f":0,"f32":0,"q":null}`, path: "/q"},
		{name: "nan in slice", v: []float64{1, nan, 2}, want: `[1,null,2]`, path: "/1"},
		{name: "nan map value", v: map[string]float64{"a": inf, "b": 1}, want: `{"a":null,"b":1}`, path: "/a"},
		{name: "nan in any", v: map[string]any{"x": []any{nan}}, want: `{"x":[null]}`, path: "/x/0"},
		{name: "nan in float32 any", v: []any{float32(nan)}, want: `[null]`, path: "/0"},

		// Unsupported types.
		{name: "func top", v: func() {}, want: `null`},
		{name: "chan top", v: make(chan int), want: `null`},
		{name: "complex top", v: complex(1, 2), want: `null`},
		{name: "unsafe pointer top", v: unsafe.Pointer(pone), want: `null`},
		{name: "unsupported fields omitted", v: funcField{A: 1, Z: 2}, want: `{"A":1,"Z":2}`, path: "/F"},
		{name: "func in slice", v: []any{1, func() {}, 2}, want: `[1,null,2]`, path: "/1"},
		{name: "func in map", v: map[string]any{"a": 1, "f": func() {}}, want: `{"a":1}`, path: "/f"},
		{name: "chan map values", v: map[string]chan int{"c": nil}, want: `{}`, path: "/c"},
		{name: "complex in any field", v: anyNode{Name: "x", Any: complex64(1)}, want: `{"name":"x"}`, path: "/any"},
		{name: "func slice empty", v: []func(){}},
		{name: "func map empty", v: map[string]func(){}},

		// Map keys encoding/json cannot write.
		{name: "bool keys", v: map[bool]int{true: 1, false: 0}, want: `{"false":0,"true":1}`},
		{name: "float keys", v: map[float64]string{1.5: "a", -2: "b", 1e21: "c"}, want: `{"-2":"b","1.5":"a","1e+21":"c"}`},
		{name: "struct keys", v: map[keyStruct]int{{1, "x"}: 1, {0, ""}: 0}, want: `{"{0 }":0,"{1 x}":1}`},
		{name: "array keys", v: map[[2]int]bool{{1, 2}: true}, want: `{"[1 2]":true}`},
		{name: "pointer keys omitted", v: map[*int]int{pone: 1}, want: `{}`},
		{name: "interface keys", v: map[any]int{"s": 1, 2: 2, textKey(3): 3, 1.5: 4, true: 5, nil: 6}, want: `{"":6,"1.5":4,"2":2,"k3":3,"s":1,"true":5}`},
		{name: "interface keys with pointers", v: map[any]int{"a": 1, pone: 2, [1]any{pone}: 3}, want: `{"a":1}`, wantV2: `{"1":2,"a":1}`},
		{name: "complex keys", v: map[complex128]int{complex(1, -1): 1}, want: `{"(1-1i)":1}`},
		{name: "nan keys tie", v: map[float64]int{nan: 2, math.NaN(): 1}, want: `{"NaN":1,"NaN":2}`},
		{name: "bool key map in struct", v: struct{ M map[bool]string }{map[bool]string{true: "<"}}, want: `{"M":{"true":"\u003c"}}`, path: "/M"},
		{name: "bool key map nil", v: map[bool]int(nil), want: `null`},
		// Keys json/v2 writes (by value), the classic encoding/json rejects.
		{name: "float32 keys", v: map[float32]int{0.1: 1, float32(math.Copysign(0, -1)): 2, 1e-7: 3}, want: `{"-0":2,"0.1":1,"1e-07":3}`},
		{name: "pointer to pointer keys", v: map[**int]int{&pone: 1}, want: `{}`},
		{name: "interface keys holding a pointer", v: map[any]int{pone: 1, "s": 2}, want: `{"s":2}`},
		{name: "interface keys holding NaN", v: map[any]int{nan: 1, "s": 2}, want: `{"NaN":1,"s":2}`},

		// Errors of the caller's own methods: encoding/json's errors.
		{name: "marshal json error", v: failJSON{}, userErr: true},
		{name: "marshal json error nested", v: map[string]any{"a": []any{failJSON{}}}, userErr: true},
		{name: "marshal json invalid", v: rawJSON(`{"a":}`), userErr: true},
		{name: "marshal json empty", v: rawJSON(""), userErr: true},
		{name: "marshal json two values", v: rawJSON(`1 2`), userErr: true},
		{name: "marshal json trailing comma", v: rawJSON(`[1,]`), userErr: true},
		{name: "marshal json bad escape", v: rawJSON(`"\x"`), userErr: true},
		{name: "marshal json control char", v: rawJSON("\"\x01\""), userErr: true},
		{name: "marshal json leading zero", v: rawJSON(`01`), userErr: true},
		{name: "marshal json bad literal", v: rawJSON(`tru`), userErr: true},
		{name: "marshal json too deep", v: rawJSON(nested(10001)), userErr: true},
		{name: "raw message invalid", v: json.RawMessage(`{`), userErr: true},
		{name: "raw message empty", v: json.RawMessage{}, userErr: true},
		{name: "marshal text error", v: failText{}, userErr: true},
		{name: "marshal text error field", v: struct{ T failText }{}, userErr: true},
		{name: "marshal json error on nil pointer in interface", v: struct{ M json.Marshaler }{(*failNilJSON)(nil)}, userErr: true},
		{name: "marshal text error on nil pointer in interface", v: struct{ T encoding.TextMarshaler }{(*failNilText)(nil)}, userErr: true},
		{name: "map key text error", v: map[failKey]int{1: 1}, userErr: true},
		{name: "invalid number", v: json.Number("1."), userErr: true},
		{name: "invalid number field", v: struct{ N json.Number }{"abc"}, userErr: true},
	}
}

// stdEncoder is json.Encoder's output without its trailing newline.
func stdEncoder(v any, escapeHTML bool, prefix, indent string) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(escapeHTML)
	enc.SetIndent(prefix, indent)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

func TestDiffTableSize(t *testing.T) {
	cases := diffCases()
	assert.GreaterOrEqual(t, len(cases), 150)
	names := map[string]bool{}
	for _, c := range cases {
		assert.False(t, names[c.name], "duplicate case name %q", c.name)
		names[c.name] = true
	}
}

func TestDiff(t *testing.T) {
	crashers := 0
	for _, c := range diffCases() {
		t.Run(c.name, func(t *testing.T) {
			if flavor.V2 && c.wantV2 != "" {
				c.want = c.wantV2
			}
			if randtype.CrashesStd(c.v) {
				crashers++
				require.NotEmpty(t, c.want, "encoding/json cannot be asked: the case must say what safe writes")
				checkSubstitute(t, c, nil)
				return
			}
			std, stdErr := json.Marshal(c.v)
			switch {
			case c.userErr:
				checkUserError(t, c, stdErr)
			case stdErr == nil:
				// Also a value only this flavour accepts: its bytes, not a
				// substitute.
				checkSameAsStd(t, c, std)
			default:
				require.NotEmpty(t, c.want, "encoding/json rejects the value (%v): say what safe writes", stdErr)
				checkSubstitute(t, c, stdErr)
			}
		})
	}
	if flavor.TokenlessCycleCrashes {
		assert.Equal(t, 3, crashers, "the tokenless cycles of the table")
	}
}

// checkSameAsStd: every way of encoding writes encoding/json's bytes.
func checkSameAsStd(t *testing.T, c diffCase, std []byte) {
	got, err := safe.Marshal(c.v)
	require.NoError(t, err)
	assert.Equal(t, string(std), string(got), "Marshal")

	got, err = safe.Options{Strict: true}.Marshal(c.v)
	require.NoError(t, err)
	assert.Equal(t, string(std), string(got), "Strict")

	dst := []byte("prefix")
	got, err = safe.Append(dst[:len(dst):len(dst)], c.v)
	require.NoError(t, err)
	assert.Equal(t, "prefix"+string(std), string(got), "Append")

	for _, ind := range [][2]string{{"", "\t"}, {">", "  "}, {"", ""}} {
		want, err := json.MarshalIndent(c.v, ind[0], ind[1])
		require.NoError(t, err)
		got, err := safe.MarshalIndent(c.v, ind[0], ind[1])
		require.NoError(t, err)
		assert.Equal(t, string(want), string(got), "MarshalIndent(%q, %q)", ind[0], ind[1])
	}

	want, err := stdEncoder(c.v, false, "", "")
	require.NoError(t, err)
	got, err = safe.Options{NoEscapeHTML: true}.Marshal(c.v)
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got), "NoEscapeHTML")

	want, err = stdEncoder(c.v, false, "#", " ")
	require.NoError(t, err)
	got, err = safe.Options{NoEscapeHTML: true, Prefix: "#", Indent: " "}.Marshal(c.v)
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got), "NoEscapeHTML, Prefix, Indent")

	// A replacer returning what it gets changes nothing.
	got, err = safe.Options{Replacer: func(_ string, v any) (any, bool) { return v, true }}.Marshal(c.v)
	require.NoError(t, err)
	assert.Equal(t, string(std), string(got), "identity Replacer")
}

// checkSubstitute: safe writes the substitute, valid JSON, indented as
// json.Indent would indent it; Strict fails with encoding/json's error type at
// the case's path. A nil stdErr stands for a value encoding/json cannot be
// asked about (it would crash): the cycle error then.
func checkSubstitute(t *testing.T, c diffCase, stdErr error) {
	got, err := safe.Marshal(c.v)
	require.NoError(t, err)
	assert.Equal(t, c.want, string(got))
	assert.True(t, json.Valid(got), "valid JSON")

	var want bytes.Buffer
	require.NoError(t, json.Indent(&want, []byte(c.want), "<", "\t"))
	got, err = safe.MarshalIndent(c.v, "<", "\t")
	require.NoError(t, err)
	assert.Equal(t, want.String(), string(got), "MarshalIndent")

	dst := []byte("[")
	got, err = safe.Options{Strict: true}.Append(dst, c.v)
	require.Error(t, err, "Strict")
	assert.Equal(t, "[", string(got), "Strict: Append must leave dst as it was")
	var se *safe.Error
	require.ErrorAs(t, err, &se)
	assert.Equal(t, c.path, se.Path, "Strict: path")
	assert.NotEmpty(t, se.Reason)
	switch stdErr.(type) {
	case nil:
		var uv *json.UnsupportedValueError
		require.ErrorAs(t, err, &uv)
		assert.Equal(t, safe.ReasonCycle, se.Reason)
		return
	case *json.UnsupportedValueError:
		var uv *json.UnsupportedValueError
		require.ErrorAs(t, err, &uv)
	case *json.UnsupportedTypeError:
		var ut *json.UnsupportedTypeError
		require.ErrorAs(t, err, &ut)
	case *json.SyntaxError:
		var sx *json.SyntaxError
		require.ErrorAs(t, err, &sx)
	default:
		t.Fatalf("encoding/json failed with %T: %v", stdErr, stdErr)
	}
	if !c.otherMsg {
		assert.Equal(t, stdErr.Error(), se.Err.Error(), "Strict: encoding/json's message")
		assert.Equal(t, stdErr.Error()+` (at "`+c.path+`")`, se.Error())
	}
}

// checkUserError: safe fails exactly as encoding/json does, also under the
// options.
func checkUserError(t *testing.T, c diffCase, stdErr error) {
	require.Error(t, stdErr, "encoding/json accepts the value")
	for _, o := range []safe.Options{{}, {Strict: true}, {Prefix: " ", Indent: " "}, {NoEscapeHTML: true}} {
		dst := []byte("x")
		got, err := o.Append(dst, c.v)
		require.Error(t, err)
		assert.Equal(t, "x", string(got), "Append must leave dst as it was")
		assert.Equal(t, stdErr.Error(), err.Error())
		assert.Equal(t, reflect.TypeOf(stdErr), reflect.TypeOf(err))
		var sm *json.MarshalerError
		if errors.As(stdErr, &sm) {
			var gm *json.MarshalerError
			require.ErrorAs(t, err, &gm)
			assert.Equal(t, sm.Type, gm.Type)
			assert.Equal(t, reflect.TypeOf(sm.Err), reflect.TypeOf(gm.Err))
		}
	}
}

// TestMarshalJSONNesting: JSON from MarshalJSON may nest as deep as
// encoding/json's scanner allows (10000), and no deeper (checked by the table).
func TestMarshalJSONNesting(t *testing.T) {
	v := rawJSON(nested(10000))
	want, err := json.Marshal(v)
	require.NoError(t, err)
	got, err := safe.Marshal(v)
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got))
}

// Types on which encoding/json panics on some flavour (a reflect or
// method-wrapper panic, not the caller's). Where it panics or fails, safe
// writes want; where it succeeds (json/v2 leaves the unexported embedded
// structs out), safe writes its bytes.
type (
	innerJSON struct{ A int }
	innerText struct{ B int }
	// ambiguous embeds two unexported structs, named by their tags, whose
	// MarshalJSON methods hide each other: reflect cannot call them through
	// the unexported fields.
	ambiguous struct {
		innerJSON  `json:"j"`
		*innerText `json:"t"`
		X          int
	}
)

func (innerJSON) MarshalJSON() ([]byte, error)  { return []byte(`"j"`), nil }
func (*innerText) MarshalJSON() ([]byte, error) { return []byte(`"t"`), nil }

func TestWhereStdPanics(t *testing.T) {
	var nilTime *time.Time
	for _, tc := range []struct {
		name string
		v    any
		want string
	}{
		{"unexported embedded with methods", ambiguous{innerJSON{1}, &innerText{2}, 3}, `{"j":{"A":1},"t":{"B":2},"X":3}`},
		{"unexported embedded nil pointer", ambiguous{X: 3}, `{"j":{"A":0},"t":null,"X":3}`},
		{"value method through nil pointer in interface", []json.Marshaler{nilTime}, `[null]`},
		{"value text method through nil pointer in interface", struct {
			T interface{ MarshalText() ([]byte, error) }
		}{nilTime}, `{"T":null}`},
		{"value text method through nil pointer as map key", map[interface{ MarshalText() ([]byte, error) }]int{nilTime: 1}, `{"":1}`},
		{"nil interface map key", map[interface{ MarshalText() ([]byte, error) }]int{nil: 1, textKey(2): 2}, `{"":1,"k2":2}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			std := randtype.Run(func() ([]byte, error) { return json.Marshal(tc.v) })
			got, err := safe.Marshal(tc.v)
			require.NoError(t, err)
			if std.Panic == nil && std.Err == nil {
				assert.Equal(t, string(std.Out), string(got), "encoding/json's bytes")
				return
			}
			assert.Equal(t, tc.want, string(got))
		})
	}
}

// TestTiedNames: map keys with the same text are ordered by their values, so
// that the output does not depend on map order (encoding/json's does: it
// writes either order).
func TestTiedNames(t *testing.T) {
	m := map[sameText]int{1: 20, 2: 10, 3: 30}
	for range 20 {
		got, err := safe.Marshal(m)
		require.NoError(t, err)
		assert.Equal(t, `{"same":10,"same":20,"same":30}`, string(got))
		std, err := json.Marshal(m)
		require.NoError(t, err)
		members := strings.Split(strings.Trim(string(std), "{}"), ",")
		slices.Sort(members)
		assert.Equal(t, []string{`"same":10`, `"same":20`, `"same":30`}, members, "encoding/json writes the same members, in some order")
	}
}
