package jsontype

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strconv"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Structs whose members encoding/json resolves by its embedding rules.

type Inner struct {
	A int
	B string `json:"b"`
	C bool   `json:",omitempty"`
}

type Other struct {
	A int    // ties with Inner.A at the same depth: both dropped
	B string // untagged: Inner.B, tagged "b", is another name
	D int    `json:"b"` // tagged "b" at Inner.B's depth: both dropped
}

type Deep struct {
	Inner
	E int
}

type named int

type unexportedInner struct {
	U int
	V string `json:"v"`
}

// dominance and untaggedVsTagged are made with reflect.StructOf: go vet
// rejects the repeated tag names in a struct literal, and they are the
// point.
var (
	// dominance: Inner promotes A, b and C; Other conflicts with it; Top is
	// shallower than Inner.A and Other.A and wins.
	dominance = reflect.StructOf([]reflect.StructField{
		{Name: "Inner", Type: reflect.TypeFor[Inner](), Anonymous: true},
		{Name: "Other", Type: reflect.TypeFor[Other](), Anonymous: true},
		{Name: "Top", Type: reflect.TypeFor[string](), Tag: `json:"A"`},
	})
	// untaggedVsTagged: Deep.Inner.A is at depth 2, Deep.E at depth 1; the
	// tagged E at depth 0 wins over Deep.E; Other.A at depth 1 beats
	// Deep.Inner.A.
	untaggedVsTagged = reflect.StructOf([]reflect.StructField{
		{Name: "Deep", Type: reflect.TypeFor[Deep](), Anonymous: true},
		{Name: "Twin", Type: reflect.TypeFor[*Inner](), Tag: `json:"E"`},
		{Name: "Other", Type: reflect.TypeFor[Other](), Anonymous: true},
	})
	// spacedOption: an option followed by a space (json/v2 reads the
	// option, the classic encoding/json does not).
	spacedOption = reflect.StructOf([]reflect.StructField{
		{Name: "Opts", Type: reflect.TypeFor[int](), Tag: `json:"n,omitempty string"`},
		{Name: "Str", Type: reflect.TypeFor[int](), Tag: `json:"m,string omitempty"`},
	})
)

type taggedWins struct {
	Inner
	X string `json:"C"` // tagged at depth 0 beats promoted C
}

type embeddedPointers struct {
	*Inner
	*Deep `json:"deep"`
	named
	unexportedInner
	P *int `json:",string"`
}

// Left and Right both embed Inner.
type Left struct{ Inner }
type Right struct{ Inner }

var (
	// twice: Deep's Inner at depth 2, Inner at depth 1: no tie.
	twice = reflect.StructOf([]reflect.StructField{
		{Name: "Deep", Type: reflect.TypeFor[Deep](), Anonymous: true},
		{Name: "D2", Type: reflect.TypeFor[struct{ Deep }]()},
		{Name: "Inner", Type: reflect.TypeFor[Inner](), Anonymous: true},
	})
	// sameDepthTwice: Inner twice at depth 2: all its names hide each other.
	sameDepthTwice = reflect.StructOf([]reflect.StructField{
		{Name: "L", Type: reflect.TypeFor[struct{ Inner }]()},
		{Name: "Left", Type: reflect.TypeFor[Left](), Anonymous: true},
		{Name: "Right", Type: reflect.TypeFor[Right](), Anonymous: true},
		{Name: "Z", Type: reflect.TypeFor[int]()},
	})
)

type unexportedTagged struct {
	unexportedInner `json:"ui"`
	*Inner          `json:"pi"`
	Z               int
}

// oddTags is made with reflect.StructOf: linters reject its tags, which are
// the point.
var oddTags = reflect.StructOf([]reflect.StructField{
	{Name: "Quote", Type: reflect.TypeFor[int](), Tag: `json:"a\"b"`},
	{Name: "Space", Type: reflect.TypeFor[int](), Tag: `json:"a b"`},
	{Name: "Japanese", Type: reflect.TypeFor[int](), Tag: `json:"日本"`},
	{Name: "HTML", Type: reflect.TypeFor[int](), Tag: `json:"<a&b>"`},
	{Name: "Dash", Type: reflect.TypeFor[int](), Tag: `json:"-,"`},
	{Name: "Skip", Type: reflect.TypeFor[int](), Tag: `json:"-"`},
	{Name: "Empty", Type: reflect.TypeFor[int](), Tag: `json:",omitempty"`},
	{Name: "Punct", Type: reflect.TypeFor[int](), Tag: `json:"!#$%&()*+-./:;<=>?@[]^_{|}~"`},
	{Name: "Back", Type: reflect.TypeFor[int](), Tag: `json:"a\\b"`},
	{Name: "Comma", Type: reflect.TypeFor[int](), Tag: `json:"x,,string"`},
	{Name: "Str", Type: reflect.TypeFor[string](), Tag: `json:"s,string"`},
	{Name: "Obj", Type: reflect.TypeFor[Inner](), Tag: `json:"o,string"`},
	{Name: "Bad", Type: reflect.TypeFor[int](), Tag: "json:\"a\u2028b\""},
	{Name: "lower", PkgPath: "github.com/safejson/safejson/internal/jsontype", Type: reflect.TypeFor[int]()},
})

// The unexported fields are read by reflect only.
var _ = embeddedPointers{named: 0}.named

// fill sets every field reachable from v (exported or not, allocating nil
// pointers) to a value of its own: n counts the values given.
func fill(v reflect.Value, n *int) {
	if v.CanAddr() && !v.CanSet() {
		v = reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Elem()
	}
	*n++
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(int64(*n))
	case reflect.String:
		v.SetString("s" + strconv.Itoa(*n))
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Pointer:
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
		}
		fill(v.Elem(), n)
	case reflect.Struct:
		for i := range v.NumField() {
			fill(v.Field(i), n)
		}
	}
}

// members decodes a JSON object into its member names and values, in order.
func decodeMembers(t *testing.T, b []byte) (names []string, values []json.RawMessage) {
	dec := json.NewDecoder(bytes.NewReader(b))
	tok, err := dec.Token()
	require.NoError(t, err)
	require.Equal(t, json.Delim('{'), tok)
	for dec.More() {
		tok, err := dec.Token()
		require.NoError(t, err)
		var raw json.RawMessage
		require.NoError(t, dec.Decode(&raw))
		names = append(names, tok.(string))
		values = append(values, raw)
	}
	return names, values
}

// TestFieldsMatchEncodingJSON fills a value of each struct and compares
// what encoding/json writes with Fields: the names in order, and each
// member's value as the field's value is written (quoted for `,string`).
func TestFieldsMatchEncodingJSON(t *testing.T) {
	for _, typ := range []reflect.Type{
		dominance, reflect.TypeFor[taggedWins](), untaggedVsTagged, reflect.TypeFor[embeddedPointers](),
		twice, sameDepthTwice, reflect.TypeFor[unexportedTagged](),
		oddTags, spacedOption, reflect.TypeFor[Deep](), reflect.TypeFor[struct{}](),
	} {
		t.Run(typ.String(), func(t *testing.T) {
			v := reflect.New(typ).Elem()
			n := 0
			fill(v, &n)
			b, err := json.Marshal(v.Interface())
			require.NoError(t, err)
			names, values := decodeMembers(t, b)

			fs := Of(typ).Fields
			var got []string
			for _, f := range fs {
				got = append(got, f.Name)
			}
			require.Equal(t, names, got, "%s", b)
			for i, f := range fs {
				fv := v.FieldByIndex(f.Index)
				if !fv.CanInterface() {
					fv = reflect.NewAt(fv.Type(), unsafe.Pointer(fv.UnsafeAddr())).Elem()
				}
				want, err := json.Marshal(fv.Interface())
				require.NoError(t, err)
				if f.Quoted {
					want, err = json.Marshal(string(want))
					require.NoError(t, err)
				}
				assert.JSONEq(t, string(want), string(values[i]), "member %q", f.Name)
				if f.Quoted {
					assert.Equal(t, string(want), string(values[i]), "member %q", f.Name)
				}
			}
		})
	}
}

// TestFieldsOptions checks the options encoding/json gives a member by
// what it leaves out of a zero value.
func TestFieldsOptions(t *testing.T) {
	type opts struct {
		E  int       `json:"e,omitempty"`
		Z  int       `json:"z,omitzero"`
		S  []int     `json:"s,omitempty"`
		SZ []int     `json:"sz,omitzero"`
		ST struct{}  `json:"st,omitempty"`
		P  *Inner    `json:"p,omitzero"`
		N  int       `json:"n"`
		A  [0]int    `json:"a,omitempty"`
		AZ [1]string `json:"az,omitzero"`
	}
	b, err := json.Marshal(opts{S: []int{}, SZ: []int{}})
	require.NoError(t, err)
	names, _ := decodeMembers(t, b)
	var kept []string
	for _, f := range Of(reflect.TypeFor[opts]()).Fields {
		v := reflect.ValueOf(opts{S: []int{}, SZ: []int{}}).FieldByIndex(f.Index)
		empty := v.Kind() == reflect.Slice && v.Len() == 0 || v.Kind() == reflect.Array && v.Len() == 0 ||
			v.Kind() != reflect.Struct && v.Kind() != reflect.Array && v.IsZero()
		if f.OmitEmpty && empty || f.OmitZero && v.IsZero() {
			continue
		}
		kept = append(kept, f.Name)
	}
	assert.Equal(t, names, kept, "%s", b)
	assert.Equal(t, []string{"sz", "st", "n"}, names)
}

// TestMembers checks the direct fields of a struct: what may be written or
// looked into, unresolved.
func TestMembers(t *testing.T) {
	ms := Of(reflect.TypeFor[embeddedPointers]()).Members
	var names []string
	for _, m := range ms {
		names = append(names, m.GoName)
	}
	assert.Equal(t, []string{"Inner", "Deep", "named", "unexportedInner", "P"}, names)
	assert.True(t, ms[0].Embedded && ms[0].Exported)
	assert.Equal(t, "deep", ms[1].Name)
	assert.False(t, ms[2].Exported)
	assert.True(t, ms[4].Opts.String)

	ms = Of(oddTags).Members
	plain := map[string]bool{}
	for _, m := range ms {
		plain[m.GoName] = m.PlainTag
	}
	assert.NotContains(t, plain, "Skip")
	assert.NotContains(t, plain, "lower")
	assert.Equal(t, map[string]bool{
		// Names both flavours take whole (flavor.ClassicName) are plain.
		"Quote": false, "Space": true, "Japanese": true, "HTML": true, "Dash": true, "Empty": true,
		"Punct": true, "Back": false, "Comma": true, "Str": true, "Obj": true, "Bad": false,
	}, plain)

	ms = Of(reflect.TypeFor[unexportedTagged]()).Members
	assert.True(t, ms[0].ReadOnly, "unexported embedded, tagged")
	assert.False(t, ms[1].ReadOnly, "exported embedded")
	assert.Equal(t, "pi", ms[1].JSONName())
	assert.Equal(t, "Z", ms[2].JSONName())
	fs := Of(reflect.TypeFor[unexportedTagged]()).Fields
	require.Len(t, fs, 3)
	assert.True(t, fs[0].ReadOnly)
	assert.False(t, fs[1].ReadOnly)
}
