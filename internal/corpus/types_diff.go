//lint:file-ignore SA5008 malformed and misplaced tags on purpose: the cases check how encoding/json reads them

package corpus

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
	"unsafe"
)

// The types of the differential cases (cases_diff.go).

// Struct types of the table.
type (
	tagNames struct {
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
		V    zeroer          `json:",omitzero"`
		P    ptrZeroer       `json:",omitzero"`
		VP   *zeroer         `json:",omitzero"`
		PP   *ptrZeroer      `json:",omitzero"`
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
	innerAB struct {
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
		innerAB
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
		Inner `json:"innerAB"`
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
		B  bothJSONText
		X  ptrJSONvalText
	}
	withIface struct {
		A any
		M json.Marshaler
		T interface{ MarshalText() ([]byte, error) }
		E error
		N any
	}
	listNode struct {
		Name string    `json:"name"`
		Next *listNode `json:"next,omitempty"`
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
func selfNode() *listNode {
	n := &listNode{Name: "a"}
	n.Next = n
	return n
}

func loopNodes() *listNode {
	a, b := &listNode{Name: "a"}, &listNode{Name: "b"}
	a.Next, b.Next = b, a
	return a
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

func sharedDAG() []*listNode {
	s := &listNode{Name: "shared"}
	return []*listNode{s, s, {Name: "x", Next: s}}
}

func nodesWithSelf() []*listNode {
	a, b := &listNode{Name: "a"}, &listNode{Name: "b"}
	b.Next = b
	return []*listNode{a, b}
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

// ptrJSONvalText has a pointer-receiver MarshalJSON and a value-receiver
// MarshalText: JSON when addressable, text otherwise.
type ptrJSONvalText struct{ N int }

func (*ptrJSONvalText) MarshalJSON() ([]byte, error) { return []byte(`"json"`), nil }
func (ptrJSONvalText) MarshalText() ([]byte, error)  { return []byte("text"), nil }

// jsonByte is a byte with MarshalJSON: a slice of it is an array.
type jsonByte byte

func (b jsonByte) MarshalJSON() ([]byte, error) { return fmt.Appendf(nil, `"b%d"`, b), nil }

// textPtrByte is a byte whose pointer has MarshalText: a slice of it is an
// array of strings (its elements are addressable).
type textPtrByte byte

func (b *textPtrByte) MarshalText() ([]byte, error) { return fmt.Appendf(nil, "t%d", *b), nil }

// myInt is an embeddable non-struct type.
type myInt int

// Stringer is an embeddable interface type.
type Stringer interface{ String() string }

// failNilJSON and failNilText fail when called on a nil pointer.
type (
	failNilJSON struct{}
	failNilText struct{}
)

func (*failNilJSON) MarshalJSON() ([]byte, error) { return nil, errors.New("nil receiver") }
func (*failNilText) MarshalText() ([]byte, error) { return nil, errors.New("nil receiver") }
