package plan

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/engine"
	"github.com/safejson/safejson/internal/flavor"
)

// foldVariants returns s with each rune replaced, one at a time and all at
// once, by the other runes of its simple-fold orbit, and s upper- and
// lower-cased.
func foldVariants(s string) []string {
	out := []string{s, strings.ToUpper(s), strings.ToLower(s)}
	rs := []rune(s)
	all := make([]rune, len(rs))
	for i, r := range rs {
		all[i] = r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			v := append([]rune(nil), rs...)
			v[i] = f
			out = append(out, string(v))
			all[i] = f
		}
	}
	return append(out, string(all))
}

// TestDecodeNonASCIITagNames shows why asciiName is a rule: tag names of
// letters outside ASCII (which both flavours take whole, flavor.ClassicName),
// decoded by exact and by case-folded keys, decode in sonic otherwise than
// in encoding/json; goccy decodes them as encoding/json does.
func TestDecodeNonASCIITagNames(t *testing.T) {
	names := []string{"é", "Éa", "日本", "σς", "ǅx", "straße", "ſa", "\u212Aa", "\u212Bb", "١٢", "ΣΑ", "ǈǉ", "ﬃ", "ΐ", "ß"}
	differs := map[string]bool{}
	for _, name := range names {
		require.True(t, flavor.ParseTag(name).Plain, "%q", name)
		require.False(t, asciiName(name), "%q", name)
		typ := reflect.StructOf([]reflect.StructField{
			{Name: "V", Type: reflect.TypeFor[int](), Tag: reflect.StructTag(fmt.Sprintf(`json:%q`, name))},
			{Name: "W", Type: reflect.TypeFor[int]()},
		})
		for _, k := range foldVariants(name) {
			in := fmt.Sprintf(`{%q:1,"W":2}`, k)
			want := reflect.New(typ)
			require.NoError(t, json.Unmarshal([]byte(in), want.Interface()), in)
			for _, e := range engine.All() {
				got := reflect.New(typ)
				require.NoError(t, e.Unmarshal([]byte(in), got.Interface()), "%s: %s", e.Name(), in)
				if !reflect.DeepEqual(want.Elem().Interface(), got.Elem().Interface()) {
					differs[e.Name()] = true
				}
			}
		}
	}
	for _, e := range engine.All() {
		switch e.Name() {
		case "sonic":
			assert.True(t, differs["sonic"], "sonic folds non-ASCII names as encoding/json now: asciiName may go")
		default:
			assert.False(t, differs[e.Name()], "%s", e.Name())
		}
	}
}

// TestRouteDecodeNonASCIINames: a struct whose member names (from a tag or
// the Go field name) hold letters outside ASCII decodes, through the engine
// each route picks for the input, as encoding/json decodes it.
func TestRouteDecodeNonASCIINames(t *testing.T) {
	types := []reflect.Type{
		reflect.TypeFor[struct{ ΣΑ, W int }](),
		reflect.TypeFor[struct{ Straße, W int }](),
		reflect.TypeFor[struct {
			V int `json:"σς"`
			W int
		}](),
		reflect.TypeFor[struct {
			V int `json:"ſa"`
			W int
		}](),
	}
	for _, typ := range types {
		name := typ.Field(0).Tag.Get("json")
		if name == "" {
			name = typ.Field(0).Name
		}
		for _, k := range foldVariants(name) {
			in := []byte(fmt.Sprintf(`{%q:1,"W":2}`, k))
			want := reflect.New(typ)
			require.NoError(t, json.Unmarshal(in, want.Interface()), "%s", in)
			for _, e := range append([]engine.Engine{nil}, engine.All()...) {
				r := RouteDecode(e, reflect.New(typ).Interface())
				facts, ok := engine.Scan(in, r.Needs)
				require.True(t, ok)
				got := reflect.New(typ)
				eng := r.Pick(facts)
				require.NoError(t, eng.Unmarshal(in, got.Interface()), "%s: %s", eng.Name(), in)
				assert.Equal(t, want.Elem().Interface(), got.Elem().Interface(), "%s: %v, key %q", eng.Name(), typ, k)
			}
		}
	}
}
