package safejson_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/safejson/safejson"
	"github.com/safejson/safejson/engine"
)

// Dynamic targets (any, map[string]any, []any) go to safejson's own decoder
// under the default plan: Unmarshal and a Decoder give encoding/json's
// verdict on streams mixing the kinds, bad values and numbers out of range,
// into fresh and existing targets, with and without UseNumber; a named
// engine gives the same.

var dynamicStreams = []string{
	`{"a":1} [1] {"b":2} "s" null {"c":[{"d":1e400}]} [1e400] 1e400 {"e":-0} [] {} [[]]`,
	`[{"a":"\ud800"},"\u00e9\uD83D\uDE00",1E+2,0.1e-400] {"a":{"x":1},"a":{"y":2}} x`,
	"{\"k\":\"\xff\"} [1,2",
	`{"a":1}}`,
	`[1] {"a" 1}`,
	`123456789012345678901234567890 -0.0 [true,false,null]`,
}

var dynamicTargets = []struct {
	name string
	new  func() any
}{
	{"any", func() any { return new(any) }},
	{"map", func() any { return new(map[string]any) }},
	{"existing map", func() any { m := map[string]any{"a": "kept", "z": 1.0}; return &m }},
	{"slice", func() any { return new([]any) }},
	{"any holding a value", func() any { v := any(map[string]any{"a": 1.0}); return &v }},
}

func TestDecodeDynamicTargets(t *testing.T) {
	named := map[string]safejson.Options{"default": {}}
	for _, e := range engine.All() {
		named[e.Name()] = safejson.Options{Engine: e}
	}
	for _, in := range dynamicStreams {
		for _, tg := range dynamicTargets {
			for oname, o := range named {
				// Unmarshal of each whole stream and of its first value.
				for _, data := range []string{in, in[:strings.IndexByte(in+" ", ' ')]} {
					want, got := tg.new(), tg.new()
					wantErr, gotErr := json.Unmarshal([]byte(data), want), o.Unmarshal([]byte(data), got)
					name := fmt.Sprintf("Unmarshal %q into %s, %s", data, tg.name, oname)
					assertSameError(t, wantErr, gotErr, name)
					assert.True(t, sameValue(want, got), "%s\nencoding/json %#v\nsafejson      %#v", name, want, got)
				}
				for _, useNumber := range []bool{false, true} {
					f := decoderFlags{useNumber: useNumber}
					std, ours := f.std(strings.NewReader(in)), f.ours(strings.NewReader(in))
					ours = oursWith(o, in, useNumber, ours)
					for i := range 20 {
						want, got := tg.new(), tg.new()
						wantErr, gotErr := std.Decode(want), ours.Decode(got)
						name := fmt.Sprintf("Decoder %q into %s, %s, useNumber %v, value %d", in, tg.name, oname, useNumber, i)
						assertSameError(t, wantErr, gotErr, name)
						assert.True(t, sameValue(want, got), "%s\nencoding/json %#v\nsafejson      %#v", name, want, got)
						assert.Equal(t, std.InputOffset(), ours.InputOffset(), name)
						if wantErr != nil && !isValueError(wantErr) {
							break
						}
					}
				}
			}
		}
	}
}

// oursWith returns a Decoder of o over in (d itself for the default plan).
func oursWith(o safejson.Options, in string, useNumber bool, d *safejson.Decoder) *safejson.Decoder {
	if o.Engine.IsZero() {
		return d
	}
	d = o.NewDecoder(strings.NewReader(in))
	if useNumber {
		d.UseNumber()
	}
	return d
}
