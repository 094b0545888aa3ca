package corpus

//lint:file-ignore SA5008 the tagged type carries malformed tags on purpose: a case checks how encoding/json reads them

import (
	"errors"
	"fmt"
	"math/big"
)

// The types the cases encode. They are unexported: encoding/json only needs
// their fields and methods to be exported, and their names show in error
// messages as corpus.<name>.

// node is a linked list cell: cycles and deep chains.
type node struct {
	Name string
	Next *node
}

// tree has its children in a slice: a cycle as an array element.
type tree struct {
	Name string
	Kids []*tree
}

// anyTree is a recursive type holding anything.
type anyTree struct {
	Name string
	Any  any
}

// box holds anything: cycles and unsupported values behind an interface.
type box struct{ V any }

// outer embeds a pointer to inner, whose Parent field points back.
type outer struct {
	*inner
	Name string
}

type inner struct {
	Parent *outer
	ID     int
}

// recSlice, recMap and recPtr are named containers of themselves: their
// element type is their own type.
type recSlice []recSlice

type recMap map[string]recMap

// recPtr is a pointer to itself.
type recPtr *recPtr

// leaf is shared between two parents.
type leaf struct{ X int }

// head and first share an address: &h.F == &h.
type head struct {
	F first
	P *first
}

type first struct{ N int }

// deep is one level of a non-cyclic pointer chain.
type deep struct{ Next *deep }

// name is a named string type.
type name string

// point is a struct map key.
type point struct{ X, Y int }

// Marshalers.

// valJSON has a value-receiver MarshalJSON: called everywhere.
type valJSON struct{ N int }

func (v valJSON) MarshalJSON() ([]byte, error) { return fmt.Appendf(nil, `{"v":%d}`, v.N), nil }

// ptrJSON has a pointer-receiver MarshalJSON: called only on addressable
// values, and on a nil *ptrJSON only where encoding/json calls it there.
type ptrJSON struct{ N int }

func (p *ptrJSON) MarshalJSON() ([]byte, error) {
	if p == nil {
		return []byte(`"nil ptrJSON"`), nil
	}
	return fmt.Appendf(nil, `{"p":%d}`, p.N), nil
}

// ptrHolder holds a ptrJSON by value: addressable when the holder is reached
// through a pointer.
type ptrHolder struct{ F ptrJSON }

// bigHolder holds a big.Int and a big.Float by value (their MarshalJSON and
// MarshalText have pointer receivers).
type bigHolder struct {
	C big.Int
	F big.Float
}

// textHolder holds a ptrText by value.
type textHolder struct{ T ptrText }

// stickyJSON and stickyText have pointer-receiver methods and are used by two
// consecutive cases only: once sonic has written one inside an interface held
// in an array of structs behind a pointer, it calls the pointer method for
// every later value of the type in an interface, in every encode of the
// process.
type stickyJSON struct{ N int }

func (p *stickyJSON) MarshalJSON() ([]byte, error) { return []byte(`"sticky"`), nil }

type stickyText string

func (p *stickyText) MarshalText() ([]byte, error) { return []byte("sticky-" + string(*p)), nil }

// valText has a value-receiver MarshalText.
type valText struct{ S string }

func (v valText) MarshalText() ([]byte, error) { return []byte("vt:" + v.S), nil }

// ptrText has a pointer-receiver MarshalText.
type ptrText struct{ S string }

func (p *ptrText) MarshalText() ([]byte, error) { return []byte("pt:" + p.S), nil }

// strText is a string with a MarshalText: as a field with ",string" the method
// wins and the tag is ignored.
type strText string

func (s strText) MarshalText() ([]byte, error) { return []byte("t:" + string(s)), nil }

// bothJSONText has both methods: MarshalJSON wins.
type bothJSONText struct{}

func (bothJSONText) MarshalJSON() ([]byte, error) { return []byte(`"json"`), nil }
func (bothJSONText) MarshalText() ([]byte, error) { return []byte("text"), nil }

// rawJSON's MarshalJSON returns its own content: invalid, empty or non-compact
// JSON on demand.
type rawJSON string

func (r rawJSON) MarshalJSON() ([]byte, error) { return []byte(r), nil }

// rawText's MarshalText returns its own content.
type rawText string

func (r rawText) MarshalText() ([]byte, error) { return []byte(r), nil }

// mapJSON is a map with a value-receiver MarshalJSON: encoding/json calls it on
// a nil map too.
type mapJSON map[string]int

func (m mapJSON) MarshalJSON() ([]byte, error) { return fmt.Appendf(nil, `"m%d"`, len(m)), nil }

var errBoom = errors.New("boom")

// failJSON's MarshalJSON fails.
type failJSON struct{}

func (failJSON) MarshalJSON() ([]byte, error) { return nil, errBoom }

// failPtrJSON's pointer-receiver MarshalJSON fails.
type failPtrJSON struct{}

func (*failPtrJSON) MarshalJSON() ([]byte, error) { return nil, errBoom }

// failText's MarshalText fails.
type failText struct{}

func (failText) MarshalText() ([]byte, error) { return nil, errBoom }

// panicJSON's MarshalJSON panics: the user's panic must propagate.
type panicJSON struct{}

func (panicJSON) MarshalJSON() ([]byte, error) { panic("corpus: user panic") }

// Map keys.

// textKey is a struct key with a value-receiver MarshalText.
type textKey struct{ S string }

func (k textKey) MarshalText() ([]byte, error) { return []byte("k:" + k.S), nil }

// intTextKey is an integer key with a MarshalText: the method wins.
type intTextKey int

func (k intTextKey) MarshalText() ([]byte, error) { return fmt.Appendf(nil, "n%d", int(k)), nil }

// strTextKey is a string key with a MarshalText: the string wins.
type strTextKey string

func (strTextKey) MarshalText() ([]byte, error) { return []byte("ignored"), nil }

// ptrTextKey has a pointer-receiver MarshalText: usable as a *ptrTextKey key,
// nil included.
type ptrTextKey struct{ S string }

func (k *ptrTextKey) MarshalText() ([]byte, error) { return []byte(k.S), nil }

// errTextKey's MarshalText fails.
type errTextKey int

func (errTextKey) MarshalText() ([]byte, error) { return nil, errBoom }

// Structs.

type embA struct{ X, Y int }

type embB struct{ X, Z int }

type embTagged struct {
	X int `json:"X"`
}

type embDeep struct{ embA }

// recEmb embeds a pointer to itself.
type recEmb struct {
	*recEmb
	N int
}

type tagged struct {
	A int `json:"alpha"`
	B int `json:"-"`
	C int `json:"-,"`
	D int `json:",omitempty"`
	E int `json:"e e"`
	F int `json:"f\"q"`
	G int `json:"<g>"`
	H int `json:"h,omitempty,string"`
	I int `json:"ı"`
	j int
}

type empties struct {
	B   bool           `json:",omitempty"`
	I   int            `json:",omitempty"`
	U   uint           `json:",omitempty"`
	F   float64        `json:",omitempty"`
	S   string         `json:",omitempty"`
	P   *int           `json:",omitempty"`
	Sl  []int          `json:",omitempty"`
	ESl []int          `json:",omitempty"`
	M   map[string]int `json:",omitempty"`
	EM  map[string]int `json:",omitempty"`
	If  any            `json:",omitempty"`
	A0  [0]int         `json:",omitempty"`
	A1  [1]int         `json:",omitempty"`
	St  struct{}       `json:",omitempty"`
	Neg float64        `json:",omitempty"`
}

// zeroer is "zero" when N is 42, by its value-receiver IsZero.
type zeroer struct{ N int }

func (z zeroer) IsZero() bool { return z.N == 42 }

// ptrZeroer is "zero" when N is 7, by its pointer-receiver IsZero.
type ptrZeroer struct{ N int }

func (z *ptrZeroer) IsZero() bool { return z.N == 7 }

type isZeroer interface{ IsZero() bool }

type zeros struct {
	Z    zeroer    `json:",omitzero"`
	Z2   zeroer    `json:",omitzero"`
	PZ   ptrZeroer `json:",omitzero"`
	NP   *zeroer   `json:",omitzero"`
	IZ   isZeroer  `json:",omitzero"`
	S    struct{ A int }
	S0   struct{ A int } `json:",omitzero"`
	Sl   []int           `json:",omitzero"`
	I    any             `json:",omitzero"`
	A    [2]int          `json:",omitzero"`
	F    float64         `json:",omitzero"`
	Both int             `json:",omitempty,omitzero"`
}

// Bytes.

type bytesT []byte

type myByte byte

// textByte is a byte with a MarshalText: a []textByte is an array, not base64.
type textByte byte

func (b textByte) MarshalText() ([]byte, error) { return fmt.Appendf(nil, "b%d", b), nil }

// Errors.

// codeErr is an error with an exported field.
type codeErr struct{ Code int }

func (e codeErr) Error() string { return fmt.Sprintf("code %d", e.Code) }

// ptrErr is an error on a pointer receiver.
type ptrErr struct{ Msg string }

func (e *ptrErr) Error() string { return e.Msg }
