package flavor

import (
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestV2MatchesEncodingJSON checks the constant against encoding/json itself:
// v1 on v2 writes invalid UTF-8 as a raw U+FFFD, the classic one as \ufffd.
func TestV2MatchesEncodingJSON(t *testing.T) {
	b, err := json.Marshal("\xff")
	require.NoError(t, err)
	if V2 {
		require.Equal(t, "\"\uFFFD\"", string(b))
	} else {
		require.Equal(t, `"\ufffd"`, string(b))
	}
}

// TestParseTagMatchesEncodingJSON reads tags with ParseTag and with
// encoding/json, through a struct of one int field F with that tag.
func TestParseTagMatchesEncodingJSON(t *testing.T) {
	tags := []string{
		"", "a", "a,omitempty", ",omitempty", ",string", "a,string,omitzero", "-,", "a b",
		"日本", "a·b±", "<a&b>", "!#$%&()*+-./:;<=>?@[]^_{|}~", "a\"b", `a\b`, "a'b", "'a,b'", "`a`",
		"a\"b,omitempty", "a,omitempty ", "a,omit-empty,string", "a,,string", "a,string,", "\xffa",
		"\u2028", "a\"omitempty", "_x1,string", "1a\"b", "a,'string'", "a,str1ng", "a,string2,omitempty",
	}
	for _, tag := range tags {
		typ := reflect.StructOf([]reflect.StructField{{Name: "F", Type: reflect.TypeFor[int](), Tag: reflect.StructTag(`json:` + strconv.Quote(tag))}})
		require.Equal(t, tag, typ.Field(0).Tag.Get("json"), "tag %q", tag)
		pt := ParseTag(tag)
		name, opts := pt.Name, pt.Opts
		written, _, _ := strings.Cut(tag, ",")
		require.Equal(t, written, pt.Written, "tag %q", tag)
		if pt.Plain {
			require.Equal(t, written, name, "tag %q: a plain name is the name on both flavours", tag)
		}
		if name == "" {
			name = "F"
		}
		for _, n := range []int{0, 7} {
			v := reflect.New(typ).Elem()
			v.Field(0).SetInt(int64(n))
			got, err := json.Marshal(v.Interface())
			require.NoError(t, err)
			var m map[string]any
			require.NoError(t, json.Unmarshal(got, &m), "%s", got)
			if n == 0 && (opts.OmitEmpty || opts.OmitZero) {
				assert.Empty(t, m, "tag %q: %s", tag, got)
				continue
			}
			require.Contains(t, m, name, "tag %q: %s", tag, got)
			if opts.String {
				assert.Equal(t, strconv.Itoa(n), m[name], "tag %q: %s", tag, got)
			} else {
				assert.Equal(t, float64(n), m[name], "tag %q: %s", tag, got)
			}
		}
	}
}
