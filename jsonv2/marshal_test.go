//go:build goexperiment.jsonv2 && go1.27

package jsonv2_test

import (
	"bytes"
	jsonv1 "encoding/json"
	"encoding/json/jsontext"
	"encoding/json/v2"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"runtime/debug"
	"strings"
	"syscall"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/jsonv2"
)

type node struct {
	Name string
	Next *node
}

type tree struct {
	V    int
	Kids []*tree `json:",omitempty"`
}

type pself *pself

type withFunc struct {
	A  int
	Fn func()
	Ch chan int
	C  complex128
	U  unsafe.Pointer
}

type celsius float64

type keyStruct struct{ A, B int }

func deepArray(n int) any {
	var v any = 1
	for range n {
		v = []any{v}
	}
	return v
}

func deepObject(n int) any {
	var v any = 1
	for range n {
		v = map[string]any{"a": v}
	}
	return v
}

// substituteCase is a value encoding/json/v2 fails on, and what jsonv2
// writes for it.
type substituteCase struct {
	name  string
	value func() any
	opts  []json.Options // encoding/json/v2's
	ours  []json.Options // this package's, given to jsonv2 after opts
	want  string
	crash bool // encoding/json/v2 dies on it: tried in a child process only
}

func substituteCases() []substituteCase {
	det := []json.Options{json.Deterministic(true)}
	return []substituteCase{
		{name: "NaN", value: func() any { return math.NaN() }, want: `null`},
		{name: "Inf in map", value: func() any { return map[string]float64{"a": math.Inf(1), "b": 1} }, opts: det, want: `{"a":null,"b":1}`},
		{name: "-Inf named float32", value: func() any { return []any{celsius(math.Inf(-1)), float32(math.Inf(1))} }, want: `[null,null]`},
		{name: "NaN string tag", value: func() any {
			return struct {
				F float64 `json:",string"`
			}{math.NaN()}
		}, want: `{"F":null}`},
		{name: "func chan complex unsafe fields", value: func() any { return withFunc{A: 1, Fn: func() {}} }, want: `{"A":1,"Fn":null,"Ch":null,"C":null,"U":null}`},
		{name: "complex in any", value: func() any { return []any{complex(1, 2), 3} }, want: `[null,3]`},
		{name: "invalid UTF-8", value: func() any { return "a\xffb\xfe" }, want: "\"a\uFFFDb\uFFFD\""},
		{name: "invalid UTF-8 in any", value: func() any { return map[string]any{"s": "\xc3("} }, want: "{\"s\":\"\uFFFD(\"}"},
		{name: "invalid UTF-8 key", value: func() any { return map[string]int{"k\xff": 1} }, want: "{\"k\uFFFD\":1}"},
		{name: "invalid UTF-8 keys colliding", value: func() any { return map[string]int{"\xff": 1, "\xfe": 2} }, want: "{\"\uFFFD\":2,\"\uFFFD\uFFFD\":1}"},
		{name: "bool key", value: func() any { return map[bool]int{true: 1, false: 0} }, want: `{"false":0,"true":1}`},
		{name: "struct key", value: func() any { return map[keyStruct]int{{1, 2}: 3} }, want: `{"{1 2}":3}`},
		{name: "NaN key", value: func() any { return map[float64]int{math.NaN(): 1, 2.5: 2} }, want: `{"2.5":2,"NaN":1}`},
		{name: "float key in any", value: func() any { return map[any]int{1.5: 1, "a": 2} }, want: `{"1.5":1,"a":2}`},
		{name: "pointer key omitted", value: func() any { x := keyStruct{}; return map[*keyStruct]int{&x: 1} }, want: `{}`},
		{name: "pointer cycle", value: func() any { n := &node{Name: "a"}; n.Next = n; return n }, want: `{"Name":"a","Next":null}`},
		{name: "pointer cycle placeholder", value: func() any { n := &node{Name: "a"}; n.Next = n; return n },
			ours: []json.Options{jsonv2.CircularPlaceholder("[Circular]")}, want: `{"Name":"a","Next":"[Circular]"}`},
		{name: "map cycle", value: func() any { m := map[string]any{"k": 1}; m["self"] = m; return m },
			opts: []json.Options{json.Deterministic(true)}, want: `{"k":1,"self":null}`},
		{name: "slice cycle", value: func() any { s := []any{1, nil}; s[1] = s; return s }, want: `[1,null]`},
		{name: "tree cycle", value: func() any { r := &tree{V: 1}; r.Kids = []*tree{{V: 2}, r}; return r }, want: `{"V":1,"Kids":[{"V":2},null]}`},
		{name: "any self pointer", value: func() any { var x any; x = &x; return x }, want: `null`, crash: true},
		{name: "type P *P", value: func() any { var p pself; p = &p; return p }, want: `null`, crash: true},
		{name: "any self pointer in struct", value: func() any {
			var x any
			x = &x
			return struct{ A, X any }{1, x}
		}, want: `{"A":1,"X":null}`, crash: true},
		{name: "deep array", value: func() any { return deepArray(10001) }, want: strings.Repeat("[", 10000) + `"[Array]"` + strings.Repeat("]", 10000)},
		{name: "deep object", value: func() any { return deepObject(10001) }, want: strings.Repeat(`{"a":`, 10000) + `"[Object]"` + strings.Repeat("}", 10000)},
	}
}

const crashEnv = "SAFEJSON_JSONV2_CRASH"

// TestStdFails checks that encoding/json/v2 itself fails on every
// substitute case (or dies on it, in a child process).
func TestStdFails(t *testing.T) {
	if name := os.Getenv(crashEnv); name != "" {
		debug.SetMaxStack(32 << 20) // die sooner
		for _, c := range substituteCases() {
			if c.name == name {
				_, _ = json.Marshal(c.value(), c.opts...)
			}
		}
		return
	}
	for _, c := range substituteCases() {
		t.Run(c.name, func(t *testing.T) {
			if !c.crash {
				_, err := json.Marshal(c.value(), c.opts...)
				require.Error(t, err, "encoding/json/v2 accepts it: not a substitute case")
				return
			}
			cmd := exec.Command(os.Args[0], "-test.run=^TestStdFails$")
			cmd.Env = append(os.Environ(), crashEnv+"="+c.name)
			out, err := cmd.CombinedOutput()
			if errors.Is(err, syscall.ENOEXEC) {
				t.Skipf("no child process under emulation: %v", err)
			}
			require.Error(t, err, "encoding/json/v2 survived it")
			assert.Contains(t, string(out), "stack overflow", "encoding/json/v2 died otherwise")
		})
	}
}

func TestSubstitutes(t *testing.T) {
	for _, c := range substituteCases() {
		t.Run(c.name, func(t *testing.T) {
			opts := append(c.opts[:len(c.opts):len(c.opts)], c.ours...)
			b, err := jsonv2.Marshal(c.value(), opts...)
			require.NoError(t, err)
			assert.Equal(t, c.want, string(b))
			assert.True(t, jsontext.Value(b).IsValid(), "valid JSON")

			var w bytes.Buffer
			require.NoError(t, jsonv2.MarshalWrite(&w, c.value(), opts...))
			assert.Equal(t, c.want, w.String(), "MarshalWrite")

			w.Reset()
			enc := jsontext.NewEncoder(&w)
			require.NoError(t, jsonv2.MarshalEncode(enc, c.value(), opts...))
			assert.Equal(t, c.want+"\n", w.String(), "MarshalEncode")
		})
	}
}

func TestStrict(t *testing.T) {
	for _, c := range substituteCases() {
		t.Run(c.name, func(t *testing.T) {
			opts := append(append([]json.Options{jsonv2.Strict(true)}, c.opts...), c.ours...)
			b, err := jsonv2.Marshal(c.value(), opts...)
			require.Error(t, err)
			assert.Nil(t, b)
			var serr *json.SemanticError
			require.ErrorAs(t, err, &serr)
			var sub *jsonv2.SubstituteError
			require.ErrorAs(t, err, &sub)
			assert.NotEmpty(t, sub.Reason)

			var w bytes.Buffer
			require.Error(t, jsonv2.MarshalWrite(&w, c.value(), opts...))
			assert.Zero(t, w.Len(), "MarshalWrite wrote on an error")
			enc := jsontext.NewEncoder(&w)
			require.Error(t, jsonv2.MarshalEncode(enc, c.value(), opts...))
			assert.Zero(t, w.Len()+int(enc.OutputOffset()), "MarshalEncode wrote on an error")
		})
	}
}

func TestStrictPointer(t *testing.T) {
	n := &node{Name: "a", Next: &node{Name: "b"}}
	n.Next.Next = n
	_, err := jsonv2.Marshal(map[string]any{"list": []any{1, n}}, jsonv2.Strict(true))
	var serr *json.SemanticError
	require.ErrorAs(t, err, &serr)
	assert.Equal(t, jsontext.Pointer("/list/1/Next/Next"), serr.JSONPointer)
	assert.Equal(t, jsonv2.ReasonCycle, serr.Err.(*jsonv2.SubstituteError).Reason)

	_, err = jsonv2.Marshal([]float64{1, math.NaN()}, jsonv2.Strict(true))
	require.ErrorAs(t, err, &serr)
	assert.Equal(t, jsontext.Pointer("/1"), serr.JSONPointer)
}

// TestMarshalEncodeNested checks MarshalEncode inside a stream, indented,
// against encoding/json/v2's MarshalEncode at the same positions.
func TestMarshalEncodeNested(t *testing.T) {
	values := []any{map[string]any{"a": []any{1, "<x>"}, "b": map[string]any{}}, []int{}, "s", &node{Name: "n"}}
	for _, opts := range [][]json.Options{
		{json.Deterministic(true)},
		{json.Deterministic(true), jsontext.WithIndent("  ")},
		{json.Deterministic(true), jsontext.WithIndent("\t"), jsontext.WithIndentPrefix(" "), jsontext.EscapeForHTML(true)},
	} {
		encode := func(marshalEncode func(*jsontext.Encoder, any, ...json.Options) error) string {
			var w bytes.Buffer
			enc := jsontext.NewEncoder(&w, opts...)
			require.NoError(t, enc.WriteToken(jsontext.BeginObject))
			for i, v := range values {
				require.NoError(t, enc.WriteToken(jsontext.String(fmt.Sprint("k", i))))
				require.NoError(t, marshalEncode(enc, v))
			}
			require.NoError(t, enc.WriteToken(jsontext.String("last")))
			require.NoError(t, marshalEncode(enc, values[0], json.FormatNilSliceAsNull(true)))
			require.NoError(t, enc.WriteToken(jsontext.EndObject))
			return w.String()
		}
		assert.Equal(t, encode(json.MarshalEncode), encode(jsonv2.MarshalEncode))
	}
}

type failing struct{}

func (failing) MarshalJSON() ([]byte, error) { return nil, errors.New("failing: no") }

type chain struct {
	Next *chain `json:",omitempty"`
	Leaf any    `json:",omitempty"`
}

// TestUserErrorHooked checks that an error of the user's method deep in a
// value that takes the hooked path (deeper than the scan's bound) is
// encoding/json/v2's error, same type and message.
func TestUserErrorHooked(t *testing.T) {
	root := &chain{}
	c := root
	for range 1100 {
		c.Next = &chain{}
		c = c.Next
	}
	c.Leaf = []any{1, failing{}}
	for _, opts := range [][]json.Options{nil, {jsonv1.DefaultOptionsV1()}, {json.WithMarshalers(boolMarshaler)}} {
		_, want := json.Marshal(root, opts...)
		require.Error(t, want)
		b, got := jsonv2.Marshal(root, opts...)
		assert.Nil(t, b)
		require.Error(t, got)
		assert.IsType(t, want, got)
		assert.Equal(t, want.Error(), got.Error())
	}
}
