package stdjsonerr

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/flavor"
	"github.com/safejson/safejson/internal/testutil"
)

type badText struct{}

func (badText) MarshalText() ([]byte, error) { return nil, errors.New("boom") }

type badAppend struct{}

func (badAppend) AppendText(b []byte) ([]byte, error) { return b, errors.New("boom") }

type badJSON struct{}

func (badJSON) MarshalJSON() ([]byte, error) { return nil, errors.New("boom") }

type invalidJSON struct{}

func (invalidJSON) MarshalJSON() ([]byte, error) { return []byte(`{"a":}`), nil }

// named is the type encoding/json names for the top-level value of type t.
func named(t reflect.Type) reflect.Type { return flavor.MarshalerErrorType(t, t) }

func TestErrorsMatchEncodingJSON(t *testing.T) {
	boom := errors.New("boom")
	far := time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)
	_, farErr := far.MarshalJSON()
	require.Error(t, farErr)
	_, farTextErr := far.MarshalText()
	require.Error(t, farTextErr)
	cases := []struct {
		name string
		v    any
		got  error
	}{
		{"MarshalText", badText{}, MarshalTextError(named(reflect.TypeFor[badText]()), boom)},
		{"map key MarshalText", map[badText]int{{}: 1}, MapKeyError(reflect.TypeFor[map[badText]int](), reflect.TypeFor[badText](), false, boom)},
		{"MarshalJSON", badJSON{}, MarshalJSONError(named(reflect.TypeFor[badJSON]()), boom)},
		{"MarshalJSON through a pointer", &badJSON{}, MarshalJSONError(named(reflect.TypeFor[*badJSON]()), boom)},
		{"invalid MarshalJSON output", invalidJSON{}, MarshalJSONError(named(reflect.TypeFor[invalidJSON]()), Syntax([]byte(`{"a":}`)))},
		{"time out of range", far, MarshalJSONError(named(reflect.TypeFor[time.Time]()), farErr)},
		{"time out of range as map key", map[time.Time]int{far: 1}, MapKeyError(reflect.TypeFor[map[time.Time]int](), reflect.TypeFor[time.Time](), true, farTextErr)},
		{"invalid number", json.Number("1."), InvalidNumber("1.", false)},
		{"invalid number, string option", struct {
			N json.Number `json:",string"`
		}{"abc"}, InvalidNumber("abc", true)},
	}
	if flavor.TextAppender != nil { // encoding/json calls AppendText
		cases = append(cases, []struct {
			name string
			v    any
			got  error
		}{
			{"AppendText", badAppend{}, AppendTextError(named(reflect.TypeFor[badAppend]()), boom)},
			{"map key AppendText", map[badAppend]int{{}: 1}, MapKeyError(reflect.TypeFor[map[badAppend]int](), reflect.TypeFor[badAppend](), true, boom)},
		}...)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, want := json.Marshal(c.v)
			require.Error(t, want)
			testutil.SameError(t, want, c.got)
		})
	}
	assert.NoError(t, Syntax([]byte(`{"a":1}`)))
	var se *json.SyntaxError
	assert.ErrorAs(t, Syntax([]byte(`nope`)), &se)
}

func TestTooDeep(t *testing.T) {
	_, err := json.Marshal(testutil.NestedAny(10001, nil))
	if flavor.EncodeDepthLimit == 0 {
		require.NoError(t, err)
		assert.NoError(t, TooDeep())
		return
	}
	require.Error(t, err)
	assert.IsType(t, err, TooDeep())
	assert.Equal(t, err.Error(), TooDeep().Error())
	_, err = json.Marshal(testutil.NestedAny(flavor.EncodeDepthLimit, nil))
	assert.NoError(t, err)
}

func TestNonStringName(t *testing.T) {
	if !flavor.MapKeysByValue {
		_, err := json.Marshal(map[bool]int{true: 1})
		var ut *json.UnsupportedTypeError
		require.ErrorAs(t, err, &ut)
		return
	}
	for _, c := range []struct {
		v       any
		pointer string
		offset  int
	}{
		{map[bool]int{true: 1}, "", 1},
		{struct {
			X int
			M map[[1]int]int
		}{1, map[[1]int]int{{1}: 1}}, "/M", len(`{"X":1,"M":{`)},
		{[]any{"a~/b", map[string]any{"k/~": map[any]int{nil: 1}}}, "/1/k~1~0", len(`["a~/b",{"k/~":{`)},
	} {
		_, want := json.Marshal(c.v)
		require.Error(t, want)
		got := NonStringName(c.pointer, c.offset)
		testutil.SameError(t, want, got)
	}
}

// TestNonStringNamePointer: the JSON Pointer in NonStringName's message is
// json/v2's, shortened as it shortens a long one, for pointers of many
// lengths and segment sizes (multi-byte runes among them).
func TestNonStringNamePointer(t *testing.T) {
	if !flavor.MapKeysByValue {
		// The classic encoding/json rejects the map by its type, naming no
		// pointer: NonStringName is not used.
		_, err := json.Marshal(map[string]any{"a": map[bool]int{true: 1}})
		var ute *json.UnsupportedTypeError
		require.ErrorAs(t, err, &ute)
		assert.NotContains(t, err.Error(), "within")
		return
	}
	within := func(msg string) string {
		_, rest, ok := strings.Cut(msg, " within ")
		require.True(t, ok, msg)
		q, _, ok := strings.Cut(rest, " after offset ")
		require.True(t, ok, msg)
		return q
	}
	segs := []string{"a", "bb", "名前", "x/y", "0123456789", strings.Repeat("é", 30), strings.Repeat("k", 47), "~"}
	checked := 0
	for n := 1; n <= 14; n++ {
		for s := range segs {
			var v any = map[bool]int{true: 1}
			pointer := ""
			for i := n - 1; i >= 0; i-- {
				key := segs[(s+i*3)%len(segs)]
				v = map[string]any{key: v}
				pointer = "/" + strings.NewReplacer("~", "~0", "/", "~1").Replace(key) + pointer
			}
			_, err := json.Marshal(v)
			require.Error(t, err)
			assert.Equal(t, within(err.Error()), within(NonStringName(pointer, 0).Error()), "pointer %q (%d bytes)", pointer, len(pointer))
			checked++
		}
	}
	assert.Equal(t, 14*len(segs), checked)
}
