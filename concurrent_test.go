package safejson_test

import (
	"bytes"
	"encoding"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"reflect"
	"runtime"
	"runtime/debug"
	"slices"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson"
	"github.com/safejson/safejson/engine"
	"github.com/safejson/safejson/internal/randtype"
	"github.com/safejson/safejson/internal/testutil"
)

// Concurrent first use: engines compile an encoder and a decoder
// per type the first time they meet it (sonic's JIT, goccy's compiler, the
// planner's routes, encoding/json's caches), and the known engine crashes
// happened only there, under concurrency (bytedance/sonic#985: a SIGSEGV in
// the JIT decoder when goroutines decode a type for the first time at once;
// #536: a growslice panic under load). Here many goroutines meet many freshly
// made types at the same moment, on every engine, and every result is
// checked against encoding/json's, computed beforehand on one goroutine.

// firstUse is one fresh type, a value of it and what encoding/json makes of
// them.
type firstUse struct {
	s randtype.Sample
	// std is encoding/json's encoding of the value.
	std randtype.Outcome
	// inputs are texts to decode into the type: its encoding (encoding/json's,
	// or safejson's where encoding/json rejects the value), and that text cut
	// in half.
	inputs [][]byte
	// want is encoding/json's decoding of each input into a fresh *Type and
	// a fresh *any.
	want []decoded
	// many is an array of manyCopies copies of the encoding, to decode into
	// a fresh *[]Type (an engine's decoder runs long enough on it for the
	// collector to run meanwhile: sonic#985 crashed in GC metadata handling
	// while its JIT decoder ran); wantMany is encoding/json's decoding.
	many        []byte
	wantMany    any
	wantManyErr error
}

const manyCopies = 32

// decoded is one input decoded into a fresh *Type and a fresh *any by
// Unmarshal, and into a fresh *Type by a Decoder.
type decoded struct {
	typed, untyped, streamed          any
	typedErr, untypedErr, streamedErr error
}

// decoder is what decodeAll needs of json.Decoder and safejson.Decoder.
type decoder interface{ Decode(any) error }

func decodeAll(unmarshal func([]byte, any) error, newDecoder func([]byte) decoder, typ reflect.Type, in []byte) decoded {
	var d decoded
	d.typed = reflect.New(typ).Interface()
	d.typedErr = unmarshal(in, d.typed)
	d.untyped = new(any)
	d.untypedErr = unmarshal(in, d.untyped)
	d.streamed = reflect.New(typ).Interface()
	d.streamedErr = newDecoder(in).Decode(d.streamed)
	return d
}

func stdDecoder(in []byte) decoder { return json.NewDecoder(bytes.NewReader(in)) }

// freshTypes makes n samples whose types no earlier call made: the seeds of
// batch b are their own (reflect.StructOf returns the same type for the same
// fields, so a type is fresh to an engine only if its seed is).
func freshTypes(t *testing.T, batch, n int) []*firstUse {
	var out []*firstUse
	seed := make([]byte, 24)
	for i := 0; len(out) < n; i++ {
		binary.LittleEndian.PutUint64(seed, 0x5afe1800+uint64(batch))
		binary.LittleEndian.PutUint64(seed[8:], uint64(i))
		binary.LittleEndian.PutUint64(seed[16:], uint64(i)*0x9e3779b97f4a7c15)
		s := randtype.Config{NoChains: true, MaxDepth: 5, MaxBreadth: 4}.Generate(seed)
		if s.CrashesStd() {
			continue // Go 1.27's encoding/json dies on it
		}
		u := &firstUse{s: s, std: randtype.Run(func() ([]byte, error) { return json.Marshal(s.Value) })}
		text := u.std.Out
		if u.std.Err != nil || u.std.Panic != nil {
			text, _ = safejson.Marshal(s.Value)
		}
		if text != nil {
			u.inputs = [][]byte{text, text[:len(text)/2]}
		}
		for _, in := range u.inputs {
			u.want = append(u.want, decodeAll(json.Unmarshal, stdDecoder, s.Type, in))
		}
		if text != nil {
			u.many = append(append([]byte("["), bytes.Join(slices.Repeat([][]byte{text}, manyCopies), []byte(","))...), ']')
			u.wantMany = reflect.New(reflect.SliceOf(s.Type)).Interface()
			u.wantManyErr = json.Unmarshal(u.many, u.wantMany)
		}
		out = append(out, u)
	}
	return out
}

// check encodes and decodes u with o and returns what differs from
// encoding/json, "" for nothing.
func (u *firstUse) check(o safejson.Options) string {
	got := randtype.Run(func() ([]byte, error) { return o.Marshal(u.s.Value) })
	if err := u.s.Compare(u.std, got, json.Valid); err != nil {
		return fmt.Sprintf("Marshal: %v\nencoding/json: %.300v\nsafejson: %.300v\n%.2000s", err, u.std.String(), got.String(), u.s.Desc)
	}
	var buf bytes.Buffer
	enc := randtype.Run(func() ([]byte, error) {
		err := o.NewEncoder(&buf).Encode(u.s.Value)
		return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), err
	})
	if got.Err == nil && enc.Err == nil && !bytes.Equal(got.Out, enc.Out) {
		return fmt.Sprintf("Encoder and Marshal differ:\n%s\n%s", enc.Out, got.Out)
	}
	for i, in := range u.inputs {
		want := u.want[i]
		d := decodeAll(o.Unmarshal, func(in []byte) decoder { return o.NewDecoder(bytes.NewReader(in)) }, u.s.Type, in)
		if msg := sameOutcome(want.typedErr, d.typedErr, want.typed, d.typed); msg != "" {
			return fmt.Sprintf("Unmarshal %s into %v: %s", cut(in), u.s.Type, msg)
		}
		if msg := sameOutcome(want.untypedErr, d.untypedErr, want.untyped, d.untyped); msg != "" {
			return fmt.Sprintf("Unmarshal %s into any: %s", cut(in), msg)
		}
		if msg := sameOutcome(want.streamedErr, d.streamedErr, want.streamed, d.streamed); msg != "" {
			return fmt.Sprintf("Decoder %s into %v: %s", cut(in), u.s.Type, msg)
		}
	}
	if u.many != nil {
		v := reflect.New(reflect.SliceOf(u.s.Type)).Interface()
		err := o.Unmarshal(u.many, v)
		if msg := sameOutcome(u.wantManyErr, err, u.wantMany, v); msg != "" {
			return fmt.Sprintf("Unmarshal %s into []%v: %s", cut(u.many), u.s.Type, msg)
		}
	}
	return ""
}

// cut quotes b, or its first 300 bytes.
func cut(b []byte) string {
	if len(b) > 300 {
		return fmt.Sprintf("%q…(%d bytes)", b[:300], len(b))
	}
	return fmt.Sprintf("%q", b)
}

// sameOutcome compares a decode with encoding/json's: the same error
// (testutil.ErrorDiff), or the same value.
func sameOutcome(wantErr, gotErr error, want, got any) string {
	switch {
	case testutil.ErrorDiff(wantErr, gotErr) != "":
		return testutil.ErrorDiff(wantErr, gotErr)
	case wantErr == nil && !sameValue(want, got):
		return fmt.Sprintf("value %.300v, encoding/json's %.300v", fmt.Sprintf("%#v", got), fmt.Sprintf("%#v", want))
	}
	return ""
}

// TestConcurrentFirstUseRandomTypes: per engine (the default plan and each
// named one), a batch of fresh types, and goroutines that start together, in
// groups that walk the batch in the same order (so that a group meets each
// type for the first time at the same moment) from different starting points
// (so that other groups meet other types then), with the collector set to
// run at every 5% of heap growth.
func TestConcurrentFirstUseRandomTypes(t *testing.T) {
	types, groups, perGroup := 80, 4, 4
	if testutil.Reduced() {
		types, groups = 30, 2
	}
	workers := groups * perGroup
	engines := append([]engine.Engine{{}}, engine.All()...)
	for b, e := range engines {
		t.Run(e.String(), func(t *testing.T) {
			batch := freshTypes(t, b, types)
			o := safejson.Options{Engine: e}
			var (
				start   = make(chan struct{})
				wg      sync.WaitGroup
				mu      sync.Mutex
				fails   []string
				checked int
			)
			for w := range workers {
				wg.Go(func() {
					<-start
					from := (w / perGroup) * len(batch) / groups
					n := 0
					for i := range batch {
						u := batch[(from+i)%len(batch)]
						msg := u.check(o)
						n++
						if msg != "" {
							mu.Lock()
							if len(fails) < 5 {
								fails = append(fails, msg)
							}
							mu.Unlock()
						}
						if w%perGroup == 0 {
							runtime.Gosched() // groups drift apart a little
						}
					}
					mu.Lock()
					checked += n
					mu.Unlock()
				})
			}
			defer debug.SetGCPercent(debug.SetGCPercent(5))
			close(start)
			wg.Wait()
			assert.Equal(t, workers*len(batch), checked)
			for _, f := range fails {
				t.Error(f)
			}
		})
	}
}

// textAndJSON has both marshal methods.
type textAndJSON int

func (v textAndJSON) MarshalJSON() ([]byte, error) { return fmt.Appendf(nil, `"json-%d"`, int(v)), nil }
func (v textAndJSON) MarshalText() ([]byte, error) { return fmt.Appendf(nil, "text-%d", int(v)), nil }

// TestTextMarshalerInterfaceHoldingMarshaler (found by
// TestConcurrentFirstUseRandomTypes on Go 1.27): a value with both methods
// held in an encoding.TextMarshaler is written by MarshalText by the classic
// encoding/json and by MarshalJSON on json/v2; sonic and goccy write the
// classic bytes (engine.QuirkInterfaceMethods), so on json/v2 the planner
// keeps such types from them.
func TestTextMarshalerInterfaceHoldingMarshaler(t *testing.T) {
	type field struct{ X encoding.TextMarshaler }
	v := textAndJSON(7)
	for _, val := range []any{field{v}, &field{&v}, []encoding.TextMarshaler{v, nil}, map[string]encoding.TextMarshaler{"k": v},
		[]any{field{v}}, struct{ M json.Marshaler }{v}} {
		want, err := json.Marshal(val)
		require.NoError(t, err)
		for _, e := range append([]engine.Engine{{}}, engine.All()...) {
			got, err := safejson.Options{Engine: e}.Marshal(val)
			require.NoError(t, err)
			assert.Equal(t, string(want), string(got), "%T on %s", val, e)
		}
	}
}
