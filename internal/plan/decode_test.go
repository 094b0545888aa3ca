package plan

import (
	"encoding/json"
	"fmt"
	"math/big"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/engine"
	"github.com/safejson/safejson/internal/flavor"
)

// TestEveryDecodeQuirkIsRouted: each decode quirk has its triggers, so a new
// one cannot go unrouted (decodeAvoid would refuse the engine altogether).
func TestEveryDecodeQuirkIsRouted(t *testing.T) {
	n := 0
	for i := range 64 {
		q := engine.DecodeQuirks(1) << i
		if strings.HasPrefix(q.String(), "DecodeQuirk(") {
			continue
		}
		n++
		_, ok := decodeQuirkTriggers[q]
		assert.True(t, ok, "%v has no triggers", q)
	}
	assert.Equal(t, n, len(decodeQuirkTriggers))
	assert.Equal(t, ^decodeFeatures(0), decodeAvoid(engine.DecodeQuirks(1)<<40), "an unknown quirk avoids everything")
}

type decFolded struct {
	Class string
	Count int `json:"cnt"`
}

type decPlain struct {
	Name  string    `json:"name"`
	Count int       `json:"count"`
	Elem  []int     `json:"elem"`
	Next  *decPlain `json:"next"`
}

type decEmbeds struct {
	decFolded
	X int
}

type decInner struct{ Y int }

// decUnexportedPtr embeds a pointer to a struct type that is not exported.
type decUnexportedPtr struct {
	*decInner
	X int
}

// decPromotedTwin has a member name equal but for case to one promoted
// from its embedded struct.
type decPromotedTwin struct {
	decInner
	Lower int `json:"y"`
}

type decStringOpt struct {
	N int `json:"n,string"`
}

type decCaseTwins struct {
	A int `json:"a"`
	B int `json:"A"`
}

type decNamedKey string

func TestDecodeFeatures(t *testing.T) {
	for _, c := range []struct {
		v    any
		want decodeFeatures
	}{
		{0, 0},
		{"", 0},
		{[]int{}, 0},
		{decPlain{}, 0}, // recursive through a pointer
		{map[decNamedKey][]bool{}, decMap},
		{1.5, decFloat},
		{[]float32{}, decFloat},
		{new(any), decInterface},
		{map[string]any{}, decInterface | decMap},
		{json.RawMessage{}, decRawMessage},
		{struct{ R json.RawMessage }{}, decRawMessage},
		{struct{ R *json.RawMessage }{}, decRawMessage},
		{map[string]json.RawMessage{}, decRawMessage | decMap},
		{time.Time{}, decTime},
		{[]*time.Time{}, decTime},
		{struct{ time.Time }{}, decMethods}, // the promoted method decodes the struct
		{big.Int{}, decMethods},
		{decFolded{}, decFold},
		{struct{ ID int }{}, decFold},
		{struct{ Cnt, Amount int }{}, 0},
		{decEmbeds{}, decEmbedded | decFold},
		{decUnexportedPtr{}, decEmbedded | decEmbeddedPointer | decUnexportedEmbedded},
		{decPromotedTwin{}, decEmbedded | decUnchecked},
		{decStringOpt{}, decQuotedNumber},
		{struct {
			Q string `json:"q,string"`
			B *bool  `json:",string"`
			//lint:ignore SA5008 a kind the option does not apply to, which encoding/json ignores it on
			L []int `json:"l,string"`
		}{}, decQuoted},
		{decCaseTwins{}, decUnchecked},
		{json.Number(""), decNumber},
		{struct {
			V bool `json:"\u2028"`
		}{}, decUnchecked},
		{struct {
			V bool `json:"a b"`
		}{}, 0},
		{struct {
			V bool `json:"!#$%&()*+-./:;<=>?@[]^_{|}~ "`
		}{}, 0},
		{struct {
			V bool `json:"日本"`
		}{}, decUnchecked},
		{struct {
			V bool `json:"the_value-2,omitempty"`
		}{}, 0},
		{[]byte{}, decBytes},
		{map[int]string{}, decMap},
		{map[uint8][]int64{}, decMap},
		{map[uintptr]string{}, decMap}, // an integer kind, as for the other integer keys (TestDecodeIntMapKeys)
		{map[float64]string{}, decUnchecked | decMap | decFloat},
		{map[bool]string{}, decUnchecked | decMap},
		{struct{ C chan int }{}, decUnchecked},
		{new(json.Marshaler), decInterface | decUnchecked},
		{[][][][][][][]int{}, decDeepNest},
		{struct {
			x int
			Y int `json:"-"`
		}{}, 0},
	} {
		assert.Equal(t, c.want, decodeFeaturesOf(reflect.TypeOf(c.v)), "%T", c.v)
	}
}

// TestDecodeRoutes: the engine each target goes to, in this build.
func TestDecodeRoutes(t *testing.T) {
	var x any = &decPlain{}
	var notPointer []int
	cases := []struct {
		v         any
		quirkFree bool // no engine quirk applies: the fastest decoder of the build
		std       bool // encoding/json only
	}{
		{new([]int), true, false},
		{new(decPlain), true, false},
		{new(string), true, false},
		{new(float64), false, false},
		{new(any), false, false}, // sonic: DecodeQuirkInterfaceMemory, DecodeQuirkNegativeZero
		{new(decFolded), false, false},
		{new(map[string]int), false, false},
		{new([][][][][][][]int), false, false},
		{new(time.Time), true, false},
		{new(big.Int), false, false},          // sonic: DecodeQuirkMethodRetry
		{new(json.RawMessage), false, false},  // sonic: DecodeQuirkRawMessageUTF8
		{new(decEmbeds), false, false},        // sonic: DecodeQuirkUnicodeFold
		{new(decUnexportedPtr), false, false}, // sonic: DecodeQuirkUnexportedEmbedded
		{new(decPromotedTwin), false, true},
		{&x, false, true}, // an interface holding a pointer: decoded into
		{notPointer, false, true},
		{(*int)(nil), false, true},
	}
	def := decodeEngines[0]
	for _, c := range cases {
		got := DecodeEngine(nil, c.v)
		switch {
		case c.std || def == engine.Std():
			assert.Equal(t, "std", got.Name(), "%T", c.v)
		case c.quirkFree:
			assert.Equal(t, def.Name(), got.Name(), "%T", c.v)
		default:
			// An engine without the quirk, when the build has one (under
			// -tags safejson_sonic it has none but sonic).
			f := decodeFeaturesOf(reflect.TypeOf(c.v).Elem())
			free := false
			for _, e := range engine.All() {
				free = free || e != engine.Std() && f&decodeAvoid(engine.DecodeQuirksOf(e)) == 0
			}
			if !free {
				assert.Equal(t, "std", got.Name(), "%T: no engine of this build is free of its quirks", c.v)
				break
			}
			assert.NotEqual(t, "std", got.Name(), "%T: an engine without the quirk", c.v)
			assert.Zero(t, f&decodeAvoid(engine.DecodeQuirksOf(got)), "%T on %s", c.v, got.Name())
		}
	}
}

// TestRouteDecodeAllocs: planning a decode allocates nothing once the type is
// known.
func TestRouteDecodeAllocs(t *testing.T) {
	for _, v := range []any{new([]int), new(float64), new(any), new(time.Time)} {
		DecodeEngine(nil, v)
		assert.Zero(t, testing.AllocsPerRun(100, func() { DecodeEngine(nil, v) }), "%T", v)
	}
}

// TestDecodeOrder: without Options.Engine a decode tries the engines by
// decode speed, encoding/json last; with it, that engine or encoding/json.
func TestDecodeOrder(t *testing.T) {
	names := func(es []engine.Engine) (n []string) {
		for _, e := range es {
			n = append(n, e.Name())
		}
		return n
	}
	assert.Equal(t, "std", decodeEngines[len(decodeEngines)-1].Name())
	assert.ElementsMatch(t, names(engine.All()), names(decodeEngines))
	if g, ok := engine.ByName("goccy"); ok {
		assert.Equal(t, g, decodeEngines[0], "goccy decodes fastest")
		assert.Equal(t, g, DecodeEngine(nil, new([]int)))
	}
	for _, e := range engine.All() {
		assert.Equal(t, e, DecodeEngine(e, new([]int)), "%s: the named engine", e.Name())
		q := engine.DecodeQuirksOf(e)
		if q&engine.DecodeQuirkNegativeZero != 0 {
			assert.Equal(t, engine.Std(), DecodeEngine(e, new(float64)), "%s: a named engine with a quirk for the type: encoding/json, never another engine", e.Name())
		}
	}
	assert.Equal(t, []string{"goccy", "sonic", "a", "z", "std"}, names(decodeOrder([]engine.Engine{
		engine.Std(), named{name: "a"}, named{name: "sonic"}, named{name: "z"}, named{name: "goccy"},
	})))
}

// named is an engine of that name, for decodeOrder.
type named struct {
	engine.Engine
	name string
}

func (n named) Name() string { return n.name }

// TestDecodeTagNames: every engine decodes a field whose tag name holds
// the punctuation the classic encoding/json takes (flavor.ClassicTagPunct)
// as encoding/json does, by exact and by case-folded key.
func TestDecodeTagNames(t *testing.T) {
	for _, c := range flavor.ClassicTagPunct {
		name, lead := "a"+string(c)+"b", string(c)+"x"
		typ := reflect.StructOf([]reflect.StructField{
			{Name: "V", Type: reflect.TypeFor[int](), Tag: reflect.StructTag(fmt.Sprintf(`json:%q`, name))},
			{Name: "W", Type: reflect.TypeFor[int](), Tag: reflect.StructTag(fmt.Sprintf(`json:%q`, lead))},
			{Name: "Ab", Type: reflect.TypeFor[int]()},
		})
		require.True(t, flavor.ParseTag(name).Plain && flavor.ParseTag(lead).Plain && asciiName(name) && asciiName(lead), "%q", c)
		for _, in := range []string{
			fmt.Sprintf(`{%q:1}`, name), fmt.Sprintf(`{%q:1}`, "A"+string(c)+"B"), fmt.Sprintf(`{%q:2}`, lead),
			fmt.Sprintf(`{%q:2}`, strings.ToUpper(lead)), `{"V":3,"W":4}`, `{"ab":4}`, `{"a\u0020b":5}`,
			fmt.Sprintf(`{%q:1,"V":2,%q:3}`, name, name),
		} {
			want := reflect.New(typ)
			wantErr := json.Unmarshal([]byte(in), want.Interface())
			require.NoError(t, wantErr, in)
			for _, e := range engine.All() {
				got := reflect.New(typ)
				require.NoError(t, e.Unmarshal([]byte(in), got.Interface()), "%s: %s", e.Name(), in)
				assert.Equal(t, want.Elem().Interface(), got.Elem().Interface(), "%s: %s", e.Name(), in)
			}
		}
	}
}

// TestDecodeIntMapKeys: an engine that takes an integer map key takes it as
// encoding/json does (the same value, never a key encoding/json refuses);
// keys it refuses go to encoding/json on the error path.
func TestDecodeIntMapKeys(t *testing.T) {
	keys := []string{"1", "-1", "+1", "01", "-0", "0", "00", "1.0", "1e2", " 1", "1 ", "0x1", "127", "128", "-128",
		"-129", "255", "256", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
		"-9223372036854775809", "18446744073709551615", "18446744073709551616", "", `\u0031`, "1_0", "１"}
	for _, kt := range []reflect.Type{reflect.TypeFor[int8](), reflect.TypeFor[int64](), reflect.TypeFor[uint8](),
		reflect.TypeFor[uint64](), reflect.TypeFor[int](), reflect.TypeFor[uint](), reflect.TypeFor[uintptr](),
		reflect.TypeFor[decNamedInt]()} {
		mt := reflect.MapOf(kt, reflect.TypeFor[int]())
		require.True(t, engineMapKey(kt), "%v", kt)
		for _, k := range keys {
			in := fmt.Sprintf(`{"%s":1,"7":2}`, k)
			want := reflect.New(mt)
			wantErr := json.Unmarshal([]byte(in), want.Interface())
			for _, e := range engine.All() {
				got := reflect.New(mt)
				err := e.Unmarshal([]byte(in), got.Interface())
				if k == "1" {
					require.NoError(t, err, "%s: a plain key", e.Name())
				}
				if err != nil {
					continue
				}
				require.NoError(t, wantErr, "%s takes %s into %v", e.Name(), in, mt)
				assert.Equal(t, want.Elem().Interface(), got.Elem().Interface(), "%s: %s into %v", e.Name(), in, mt)
			}
		}
	}
}

type decNamedInt int16

// decHidden is embedded under the tag "-", which leaves it out.
type decHidden struct {
	Name int
	More []int `json:"more"`
}

type decDashEmbeds struct {
	decHidden `json:"-"`
	*decPlain `json:"-"`
	Name      string `json:"name"`
}

// TestDecodeEmbeddedDash: an embedded field tagged "-" is no field to
// encoding/json, nor to the engines, so it does not keep a type from them.
func TestDecodeEmbeddedDash(t *testing.T) {
	assert.Zero(t, decodeFeaturesOf(reflect.TypeFor[decDashEmbeds]())&decodeStdOnly)
	for _, in := range []string{`{"name":"a","Name":"b","more":[1],"count":2,"decHidden":{"Name":1}}`, `{"Name":"x","NAME":"y"}`, `{}`} {
		var want decDashEmbeds
		require.NoError(t, json.Unmarshal([]byte(in), &want), in)
		for _, e := range engine.All() {
			var got decDashEmbeds
			require.NoError(t, e.Unmarshal([]byte(in), &got), "%s: %s", e.Name(), in)
			assert.Equal(t, want, got, "%s: %s", e.Name(), in)
		}
	}
}

// TestRouteDecodeFacts: a quirk the type triggers and an input fact cures
// makes the route conditional on that fact, with encoding/json (or, for the
// default plan, a later engine that needs none) for the other inputs.
func TestRouteDecodeFacts(t *testing.T) {
	for _, e := range engine.All() {
		q := engine.DecodeQuirksOf(e)
		r := RouteDecode(e, new(decFolded))
		if q.Has(engine.DecodeQuirkUnicodeFold) {
			assert.Equal(t, DecodeRoute{Eng: e, Needs: engine.FactKeysASCII, Else: engine.Std()}, r, e.Name())
		} else {
			assert.Equal(t, DecodeRoute{Eng: e, Else: e}, r, e.Name())
		}
		r = RouteDecode(e, new(map[string]any))
		switch {
		case q&(engine.DecodeQuirkInterfaceMemory|engine.DecodeQuirkNegativeZero|engine.DecodeQuirkMapValueMerge) != 0:
			assert.Equal(t, stdRoute, r, "%s: a quirk no fact cures", e.Name())
		default:
			assert.Equal(t, DecodeRoute{Eng: e, Else: e}, r, e.Name())
		}
		if r != stdRoute {
			assert.Equal(t, e, r.Pick(r.Needs), e.Name())
		}
		assert.Equal(t, r.Else, DecodeEngine(e, new(map[string]any)), "%s: no facts known", e.Name())
	}
	if g, ok := engine.ByName("goccy"); ok {
		assert.Equal(t, DecodeRoute{Eng: g, Else: g}, RouteDecode(nil, new(any)), "goccy decodes interfaces unscanned")
		assert.Equal(t, DecodeRoute{Eng: g, Else: g}, RouteDecode(nil, new(decFolded)), "goccy folds as encoding/json")
	}
}
