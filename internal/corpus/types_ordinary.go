package corpus

import (
	"fmt"
	"strings"
	"time"
)

// The types of the ordinary values (cases_ordinary.go).

type valueMarshaler struct{ X int }

func (v valueMarshaler) MarshalJSON() ([]byte, error) {
	return []byte(fmt.Sprintf(`{"v" : %d, "html":"<&>"}`, v.X)), nil
}

type valueText struct{ A, B int }

func (v valueText) MarshalText() ([]byte, error) { return []byte(fmt.Sprintf("%d<%d", v.A, v.B)), nil }

type textString string

func (s textString) MarshalText() ([]byte, error) { return []byte("text-" + string(s)), nil }

type textInt int

func (i textInt) MarshalText() ([]byte, error) { return []byte(fmt.Sprint("n", int(i))), nil }

type pointerZeroer struct{ X int }

func (z *pointerZeroer) IsZero() bool { return z == nil || z.X == 42 }

type omitZeroKinds struct {
	A zeroer        `json:"a,omitzero"`
	B pointerZeroer `json:"b,omitzero"`
	C time.Time     `json:"c,omitzero"`
	D int           `json:"d,omitzero"`
	E *int          `json:"e,omitzero"`
	F [2]int        `json:"f,omitzero"`
	G struct{}      `json:"g,omitzero"`
}

type omitEmptyKinds struct {
	A string         `json:",omitempty"`
	B []int          `json:",omitempty"`
	C map[string]int `json:",omitempty"`
	D *int           `json:",omitempty"`
	E [0]int         `json:",omitempty"`
	F float64        `json:",omitempty"`
	G any            `json:",omitempty"`
	H struct{}       `json:",omitempty"`
	I time.Time      `json:",omitempty"`
	J bool           `json:",omitempty"`
	K uint8          `json:",omitempty"`
}

type quotedScalars struct {
	I  int     `json:"i,string"`
	I8 int8    `json:"i8,string"`
	U  uint16  `json:"u,string"`
	F  float64 `json:"f,string"`
	F2 float32 `json:"f2,string"`
	B  bool    `json:"b,string"`
	P  *int    `json:"p,string"`
	N  *int    `json:"n,string"`
	//lint:ignore SA5008 ,string on kinds it does not apply to, on purpose
	A any `json:"a,string"`
	//lint:ignore SA5008 ,string on kinds it does not apply to, on purpose
	S []int `json:"s,string"`
	// Without <, >, &, U+2028, U+2029, U+0008, U+000C or invalid UTF-8,
	// which sonic's QuirkStringOption needs.
	T string `json:"t,string"`
}

type dash struct {
	//lint:ignore SA5008 a member named "-", on purpose
	A int `json:"-,"`
	B int `json:"-"`
	c int
}

type conflict struct {
	embA
	embB
}
type dominant struct {
	embA
	embTagged
}
type embPointer struct {
	*embA
	V int
}
type embNamed struct {
	myInt
	X int
}
type embMarshaler struct {
	valueMarshaler
	Y int
}
type unexportedEmbedded struct{ Exported, hidden int }
type embUnexportedPointer struct {
	*unexportedEmbedded
	Own int
}
type embTime struct {
	time.Time
	Zone string
}
type taggedEmbedded struct {
	embA `json:"a"`
	B    int
}
type manyFields struct {
	F00, F01, F02, F03, F04, F05, F06, F07, F08, F09 int
	F10, F11, F12, F13, F14, F15, F16, F17, F18, F19 string
	F20, F21, F22, F23, F24, F25, F26, F27, F28, F29 float64
	F30, F31, F32, F33, F34, F35, F36, F37, F38, F39 bool
	F40, F41, F42, F43, F44, F45, F46, F47, F48, F49 *int
	F50, F51, F52, F53, F54, F55, F56, F57, F58, F59 []byte
	F60, F61, F62, F63, F64, F65, F66, F67, F68, F69 any
}

// escapeAtEveryOffset returns strings of n bytes holding one character that
// needs escaping at each offset, across the block boundaries of the
// engines' vector code.
func escapeAtEveryOffset(n int) []string {
	var out []string
	for _, esc := range []string{"\"", "<", "\n", "\u2028", "\xff", "é", "\b"} {
		for i := 0; i+len(esc) <= n; i++ {
			out = append(out, strings.Repeat("a", i)+esc+strings.Repeat("b", n-i-len(esc)))
		}
	}
	return out
}

type treeNode struct {
	Name     string      `json:"name"`
	Children []*treeNode `json:"children,omitempty"`
}

type namedBytes []byte
type namedByte byte
type bytesOfNamed []namedByte
type byteMarshaler byte

func (byteMarshaler) MarshalJSON() ([]byte, error) { return []byte(`"b"`), nil }

type bytesOfMarshalers []byteMarshaler

type iface interface{ M() }
type impl struct{ A int }

func (impl) M() {}

type holder struct {
	A any   `json:"a"`
	I iface `json:"i"`
	E error `json:"e"`
}

type weirdTags struct {
	A int `json:"a b"`
	B int `json:"é"`
	C int `json:"!#$%&()*+-./:;<=>?@[]^_{|}~ "`
	//lint:ignore SA5008 an invalid name (the field's own is used), on purpose
	D int `json:"\\"`
	E int `json:",omitempty,string"`
}
