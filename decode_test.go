package safejson_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/safejson/safejson"
	"github.com/safejson/safejson/internal/benchdata"
	"github.com/safejson/safejson/internal/engine"
	"github.com/safejson/safejson/internal/enginehandle"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type login struct {
	User  string         `json:"user"`
	Count int            `json:"count"`
	Extra map[string]any `json:"extra"`
	Tags  []string       `json:"tags"`
}

// badInputs are request bodies of every kind a server meets.
var badInputs = []string{
	`{"user":"ada","count":3,"extra":{"big":12345678901234567890,"f":1.5},"tags":["a"]}`,
	`{"user":"ada","unknown":1}`,
	`{"USER":"case"}`,
	`{"user":1}`,
	`{"count":"3"}`,
	`{"count":1.5}`,
	`{"count":99999999999999999999}`,
	`{"tags":{"a":1}}`,
	`{"user":`,
	`{"user" "x"}`,
	`{"user":"ada"} trailing`,
	`{"user":"ada"}{"user":"bob"}`,
	`[1,2]`,
	`nul`,
	`null`,
	``,
	`   `,
	`"\ud800"`,
	"{\"user\":\"\xff\"}",
	`{"user":"a","user":"b"}`,
}

func targets() []func() any {
	return []func() any{
		func() any { return new(login) },
		func() any { return new(any) },
		func() any { return new(map[string]int) },
		func() any { return new([]benchdata.Item) },
		func() any { return new(string) },
	}
}

// TestUnmarshalAsEncodingJSON: the same error (type and text) and the same
// decoded value as json.Unmarshal, for every input and target.
func TestUnmarshalAsEncodingJSON(t *testing.T) {
	for _, in := range badInputs {
		for _, target := range targets() {
			want, got := target(), target()
			wantErr := json.Unmarshal([]byte(in), want)
			gotErr := safejson.Unmarshal([]byte(in), got)
			name := fmt.Sprintf("%T %q", want, in)
			assertSameError(t, wantErr, gotErr, name)
			if wantErr == nil {
				assert.Equal(t, want, got, name)
			}
		}
	}
	var notPointer any = login{}
	//lint:ignore SA1014 on purpose: the *json.InvalidUnmarshalError
	assertSameError(t, json.Unmarshal([]byte(`{}`), notPointer), safejson.Unmarshal([]byte(`{}`), notPointer), "non-pointer")
}

func assertSameError(t *testing.T, want, got error, name string) {
	t.Helper()
	if want == nil {
		assert.NoError(t, got, name)
		return
	}
	require.Error(t, got, name)
	assert.Equal(t, want.Error(), got.Error(), name)
	assert.Equal(t, reflect.TypeOf(want), reflect.TypeOf(got), name)
}

type decoderFlags struct{ useNumber, strict bool }

func (f decoderFlags) std(r io.Reader) *json.Decoder {
	d := json.NewDecoder(r)
	if f.useNumber {
		d.UseNumber()
	}
	if f.strict {
		d.DisallowUnknownFields()
	}
	return d
}

func (f decoderFlags) ours(r io.Reader) *safejson.Decoder {
	d := safejson.NewDecoder(r)
	if f.useNumber {
		d.UseNumber()
	}
	if f.strict {
		d.DisallowUnknownFields()
	}
	return d
}

// TestDecoderAsEncodingJSON decodes streams of values, some bad, with both
// decoders, value after value: the same values, errors and error types,
// also when the bytes arrive one at a time.
func TestDecoderAsEncodingJSON(t *testing.T) {
	streams := append([]string{
		`{"user":"a"} {"user":"b"} {"user":1} {"user":"c"}`,
		`{"user":"a"}` + "\n" + `{"user":` + "\n",
		`{"user":"a"} [1] {"user":"b"}`,
		`1 2 3`,
		`{"extra":{"n":1.0}} {"extra":{"n":12345678901234567890}}`,
		`{"user":"a","unknown":true} {"user":"b"}`,
	}, badInputs...)
	for _, flags := range []decoderFlags{{}, {useNumber: true}, {strict: true}} {
		for _, s := range streams {
			for _, slow := range []bool{false, true} {
				reader := func() io.Reader {
					if slow {
						return iotest.OneByteReader(strings.NewReader(s))
					}
					return strings.NewReader(s)
				}
				std, ours := flags.std(reader()), flags.ours(reader())
				for i := range 5 {
					want, got := new(login), new(login)
					wantErr, gotErr := std.Decode(want), ours.Decode(got)
					name := fmt.Sprintf("%+v slow=%v %q value %d", flags, slow, s, i)
					assertSameError(t, wantErr, gotErr, name)
					if wantErr != nil {
						break
					}
					assert.Equal(t, want, got, name)
				}
			}
		}
	}
}

// TestDecoderReadError: an error of the reader (a body limit, a client gone)
// is returned as encoding/json returns it.
func TestDecoderReadError(t *testing.T) {
	errLimit := errors.New("http: request body too large")
	for _, n := range []int{0, 5, 20} {
		body := `{"user":"ada","count":3,"tags":["x","y"]}`
		r := func() io.Reader { return io.MultiReader(strings.NewReader(body[:n]), iotest.ErrReader(errLimit)) }
		wantErr := json.NewDecoder(r()).Decode(new(login))
		gotErr := safejson.NewDecoder(r()).Decode(new(login))
		require.ErrorIs(t, gotErr, errLimit, "after %d bytes", n)
		assertSameError(t, wantErr, gotErr, fmt.Sprint(n))
	}
}

// TestDecoderFlagsAfterStart: flags set between values apply to the next.
func TestDecoderFlagsAfterStart(t *testing.T) {
	d := safejson.NewDecoder(strings.NewReader(`{"extra":{"n":1}} {"extra":{"n":2}} {"user":"x","bad":1}`))
	var a, b, c login
	require.NoError(t, d.Decode(&a))
	assert.Equal(t, 1.0, a.Extra["n"])
	d.UseNumber()
	require.NoError(t, d.Decode(&b))
	assert.Equal(t, json.Number("2"), b.Extra["n"])
	d.DisallowUnknownFields()
	assert.EqualError(t, d.Decode(&c), `json: unknown field "bad"`)
}

// verdictEngine is an engine whose decoding gives a fixed verdict: it shows
// whose result Decoding keeps.
type verdictEngine struct {
	engine.Engine
	fail bool
}

func (e verdictEngine) Unmarshal(_ []byte, v any) error {
	if e.fail {
		return errors.New("engine: refused")
	}
	*v.(*string) = "from the engine"
	return nil
}

func (e verdictEngine) NewDecoder(r io.Reader) engine.Decoder {
	return verdictDecoder{Decoder: e.Engine.NewDecoder(r), e: e}
}

type verdictDecoder struct {
	engine.Decoder
	e verdictEngine
}

func (d verdictDecoder) Decode(v any) error {
	var skip json.RawMessage
	if err := d.Decoder.Decode(&skip); err != nil {
		return err
	}
	return d.e.Unmarshal(nil, v)
}

// TestDecodingKeepsTheEngineResult: the engine's result stands when it
// succeeds, encoding/json's when it fails.
func TestDecodingKeepsTheEngineResult(t *testing.T) {
	for _, fail := range []bool{false, true} {
		d := safejson.Options{Engine: enginehandle.Of(verdictEngine{Engine: engine.Default(), fail: fail})}
		want := "from the engine"
		if fail {
			want = "from encoding/json"
		}
		var s string
		require.NoError(t, d.Unmarshal([]byte(`"from encoding/json"`), &s))
		assert.Equal(t, want, s)

		dec := d.NewDecoder(strings.NewReader(`"from encoding/json" "from encoding/json"`))
		for range 2 {
			s = ""
			require.NoError(t, dec.Decode(&s))
			assert.Equal(t, want, s)
		}
	}
}

// BenchmarkDecodeBody decodes a request body of 20 bench items, as a
// framework's binding does, with json.Decoder and safejson.Decoder.
func BenchmarkDecodeBody(b *testing.B) {
	body, err := json.Marshal(benchdata.Items(20))
	if err != nil {
		b.Fatal(err)
	}
	b.Run("encoding-json", func(b *testing.B) {
		_ = json.NewDecoder(bytes.NewReader(body)).Decode(new([]benchdata.Item))
		b.SetBytes(int64(len(body)))
		b.ReportAllocs()
		for b.Loop() {
			var v []benchdata.Item
			if err := json.NewDecoder(bytes.NewReader(body)).Decode(&v); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("safejson", func(b *testing.B) {
		_ = safejson.NewDecoder(bytes.NewReader(body)).Decode(new([]benchdata.Item))
		b.SetBytes(int64(len(body)))
		b.ReportAllocs()
		for b.Loop() {
			var v []benchdata.Item
			if err := safejson.NewDecoder(bytes.NewReader(body)).Decode(&v); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// unfolded is a struct no engine quirk applies to (no float, no field name
// with an s), which every engine may decode.
type unfolded struct {
	ID    int      `json:"id"`
	Name  string   `json:"name"`
	Tag   []string `json:"tag"`
	Valid bool     `json:"valid"`
}

// BenchmarkUnmarshalUnfolded decodes 500 unfolded structs, the route where
// every engine is free to decode.
func BenchmarkUnmarshalUnfolded(b *testing.B) {
	v := make([]unfolded, 500)
	for i := range v {
		it := benchdata.NewItem(i)
		v[i] = unfolded{ID: it.ID, Name: it.Name, Tag: it.Tags, Valid: it.Active}
	}
	body, err := json.Marshal(v)
	if err != nil {
		b.Fatal(err)
	}
	decoders := map[string]func([]byte, any) error{"encoding-json": json.Unmarshal, "safejson": safejson.Unmarshal}
	for _, e := range engine.All() {
		if e != engine.Std() {
			decoders["raw-"+e.Name()] = e.Unmarshal
		}
	}
	for _, name := range slices.Sorted(maps.Keys(decoders)) {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(body)))
			b.ReportAllocs()
			for b.Loop() {
				var out []unfolded
				if err := decoders[name](body, &out); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkUnmarshal decodes the bench items with safejson.Unmarshal and
// json.Unmarshal and each raw engine compiled in: typed (an engine's route)
// and into any, 20 and 500 items.
func BenchmarkUnmarshal(b *testing.B) {
	for _, n := range []int{20, 500} {
		body, err := json.Marshal(benchdata.Items(n))
		if err != nil {
			b.Fatal(err)
		}
		for _, c := range []struct {
			name   string
			target func() any
		}{
			{"typed", func() any { return new([]benchdata.Item) }},
			{"any", func() any { return new(any) }},
		} {
			decoders := []struct {
				name      string
				unmarshal func([]byte, any) error
			}{{"encoding-json", json.Unmarshal}, {"safejson", safejson.Unmarshal}}
			for _, e := range engine.All() {
				if e != engine.Std() {
					decoders = append(decoders, struct {
						name      string
						unmarshal func([]byte, any) error
					}{"raw-" + e.Name(), e.Unmarshal})
				}
			}
			for _, d := range decoders {
				b.Run(fmt.Sprintf("items-%d/%s/%s", n, c.name, d.name), func(b *testing.B) {
					require.NoError(b, d.unmarshal(body, c.target()))
					b.SetBytes(int64(len(body)))
					b.ReportAllocs()
					for b.Loop() {
						if err := d.unmarshal(body, c.target()); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		}
	}
}

// TestUnmarshalZeroTarget: a zero target an engine decodes into unchecked is
// zero again after the engine's error, so the verdict and the target are
// encoding/json's; a -0.0 (zero to reflect, not in its bits) is kept.
func TestUnmarshalZeroTarget(t *testing.T) {
	type ab struct {
		A int `json:"a"`
		B int `json:"b"`
	}
	for _, in := range []string{`{"a":1}garbage`, `{"a":1,"b":"x"}`, `{"a":1,"b":2}`, `{"a":1,"b":2`, `[1]`} {
		var want, got ab
		wantErr := json.Unmarshal([]byte(in), &want)
		gotErr := safejson.Unmarshal([]byte(in), &got)
		assert.Equal(t, fmt.Sprint(wantErr), fmt.Sprint(gotErr), in)
		assert.Equal(t, reflect.TypeOf(wantErr), reflect.TypeOf(gotErr), in)
		assert.Equal(t, want, got, in)
	}
	f := math.Copysign(0, -1)
	require.Error(t, safejson.Unmarshal([]byte(`1x`), &f))
	assert.True(t, math.Signbit(f), "a -0.0 target is left as it was on a syntax error")
}
