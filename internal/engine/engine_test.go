package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/options"
)

// stdAppend is what encoding/json writes for v under o: json.Encoder with
// SetEscapeHTML and SetIndent, without its trailing newline.
func stdAppend(v any, o options.Output) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(!o.NoEscapeHTML)
	enc.SetIndent(o.Prefix, o.Indent)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

func TestStdAppendIsMarshal(t *testing.T) {
	// The helper itself: compact and indented forms are json.Marshal's and
	// json.MarshalIndent's.
	for _, c := range ordinaryValues() {
		want, err := json.Marshal(c.v)
		require.NoError(t, err, c.name)
		got, err := stdAppend(c.v, options.Output{})
		require.NoError(t, err, c.name)
		require.Equal(t, string(want), string(got), c.name)
		want, err = json.MarshalIndent(c.v, ">", "  ")
		require.NoError(t, err, c.name)
		got, err = stdAppend(c.v, options.Output{Prefix: ">", Indent: "  "})
		require.NoError(t, err, c.name)
		require.Equal(t, string(want), string(got), c.name)
	}
}

func TestEnginesWriteWhatStdWrites(t *testing.T) {
	for _, e := range All() {
		for _, c := range ordinaryValues() {
			for _, o := range indentVariants {
				name := fmt.Sprintf("%s/%s/%+v", e.Name(), c.name, o)
				want, err := stdAppend(c.v, o)
				require.NoError(t, err, name)

				got, err := e.Append(nil, c.v, o)
				require.NoError(t, err, name)
				require.Equal(t, string(want), string(got), name)

				// Appending keeps what dst holds.
				dst := append(make([]byte, 0, 8), "prefix:"...)
				got, err = e.Append(dst, c.v, o)
				require.NoError(t, err, name)
				require.Equal(t, "prefix:"+string(want), string(got), name)
			}
		}
	}
}

func TestAppendLeavesDstOnError(t *testing.T) {
	bad := map[string]any{"a": []any{1, 2, func() {}}}
	for _, e := range All() {
		for _, o := range indentVariants {
			dst := make([]byte, 3, 64)
			copy(dst, "abc")
			got, err := e.Append(dst, bad, o)
			require.Error(t, err, e.Name())
			assert.Equal(t, "abc", string(got), e.Name())
			assert.Equal(t, 3, len(got), e.Name())
		}
	}
}

func TestAppendReturnsFreshBytes(t *testing.T) {
	// A result handed to the caller is never reused by a later call (fiber,
	// for one, keeps the slice it gets).
	for _, e := range All() {
		for _, o := range indentVariants {
			first, err := e.Append(nil, map[string]int{"first": 1}, o)
			require.NoError(t, err)
			keep := string(first)
			for i := range 50 {
				_, err := e.Append(nil, map[string]int{"second": i}, o)
				require.NoError(t, err)
			}
			assert.Equal(t, keep, string(first), "%s %+v", e.Name(), o)
		}
	}
}

type decodeTarget struct {
	A int               `json:"a"`
	B string            `json:"b"`
	C []float64         `json:"c"`
	D map[string]any    `json:"d"`
	E *decodeTarget     `json:"e"`
	F json.RawMessage   `json:"f"`
	G any               `json:"g"`
	H map[string]string `json:"h"`
}

const decodeInput = `{"a": 1, "B": "x\u00e9\n", "c": [1.5, -2e3], "d": {"k": [true, null, 12345678901234567890]},
	"e": {"a": 2}, "f": {"raw": [1, 2]}, "g": 3.25, "h": {"<": ">"}}`

func TestUnmarshalAsStd(t *testing.T) {
	var want decodeTarget
	require.NoError(t, json.Unmarshal([]byte(decodeInput), &want))
	var wantAny any
	require.NoError(t, json.Unmarshal([]byte(decodeInput), &wantAny))
	for _, e := range All() {
		var got decodeTarget
		require.NoError(t, e.Unmarshal([]byte(decodeInput), &got), e.Name())
		assert.Equal(t, want, got, e.Name())
		var gotAny any
		require.NoError(t, e.Unmarshal([]byte(decodeInput), &gotAny), e.Name())
		assert.Equal(t, wantAny, gotAny, e.Name())

		// Edge cases of decoding into any and into a struct.
		for _, in := range []string{`{"a":1,"a":2}`, `"\ud800x"`, "\"\xff\xfe\"", `"\u00e9\u2028"`, `[1e400]`, `-0`,
			`{"A":5,"b":"B","E":null}`, `[null,{"":""}]`, `123456789012345678901`} {
			var wantAny, gotAny any
			wantErr := json.Unmarshal([]byte(in), &wantAny)
			gotErr := e.Unmarshal([]byte(in), &gotAny)
			require.Equal(t, wantErr == nil, gotErr == nil, "%s %s: %v / %v", e.Name(), in, wantErr, gotErr)
			if wantErr == nil { // what is left after an error differs
				assert.Equal(t, wantAny, gotAny, "%s %s", e.Name(), in)
			}
			var wantT, gotT decodeTarget
			wantErr = json.Unmarshal([]byte(in), &wantT)
			gotErr = e.Unmarshal([]byte(in), &gotT)
			if wantErr == nil {
				require.NoError(t, gotErr, "%s %s", e.Name(), in)
				assert.Equal(t, wantT, gotT, "%s %s", e.Name(), in)
			} else {
				assert.Error(t, gotErr, "%s %s", e.Name(), in)
			}
		}

		// Failures fail on every engine (their error types differ).
		for _, bad := range []string{`{"a": }`, `[1, 2`, `{"a": "x"}`, ``, `{"a":1} x`} {
			var v decodeTarget
			require.Error(t, json.Unmarshal([]byte(bad), &v), bad)
			assert.Error(t, e.Unmarshal([]byte(bad), &v), "%s %q", e.Name(), bad)
		}
	}
}

// decodeAll reads every value of a stream as the decoder d gives them.
func decodeAll(t *testing.T, d Decoder) []any {
	t.Helper()
	var out []any
	for {
		var v any
		err := d.Decode(&v)
		if err == io.EOF {
			return out
		}
		require.NoError(t, err)
		out = append(out, v)
	}
}

func TestDecoderAsStd(t *testing.T) {
	const stream = `{"n": 12345678901234567890, "f": 1.5} [1, 2] "s" 7 null`
	for _, e := range All() {
		want := decodeAll(t, json.NewDecoder(strings.NewReader(stream)))
		got := decodeAll(t, e.NewDecoder(strings.NewReader(stream)))
		assert.Equal(t, want, got, e.Name())

		sd := json.NewDecoder(strings.NewReader(stream))
		sd.UseNumber()
		ed := e.NewDecoder(strings.NewReader(stream))
		ed.UseNumber()
		assert.Equal(t, decodeAll(t, sd), decodeAll(t, ed), "%s UseNumber", e.Name())

		// DisallowUnknownFields: "zz" is no field of decodeTarget.
		var v decodeTarget
		d := e.NewDecoder(strings.NewReader(`{"a": 1, "zz": 2}`))
		d.DisallowUnknownFields()
		sd = json.NewDecoder(strings.NewReader(`{"a": 1, "zz": 2}`))
		sd.DisallowUnknownFields()
		require.Error(t, sd.Decode(&decodeTarget{}), "encoding/json itself")
		assert.Error(t, d.Decode(&v), "%s DisallowUnknownFields", e.Name())
		d = e.NewDecoder(strings.NewReader(`{"a": 1, "zz": 2}`))
		require.NoError(t, d.Decode(&v), e.Name())
		assert.Equal(t, 1, v.A, e.Name())

		// More and Buffered.
		d = e.NewDecoder(strings.NewReader(`{"a":1} rest`))
		assert.True(t, d.More(), e.Name())
		require.NoError(t, d.Decode(&v), e.Name())
		rest, err := io.ReadAll(d.Buffered())
		require.NoError(t, err)
		wantRest := " rest"
		if e.Name() == "sonic" {
			// sonic's stream decoder consumes the whitespace after a value
			// (documented on sonicEngine); this fails when it stops.
			wantRest = "rest"
		}
		assert.Equal(t, wantRest, string(rest), e.Name())
	}
}
