package jsonwire

import (
	"encoding/json"
	"math/rand/v2"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// stringEdges are string contents (between the quotes) on both sides of
// each rule: escapes, control characters, UTF-8, the eight-byte loop.
var stringEdges = []string{
	"", "a", `\"`, `\\`, `\/`, `\b\f\n\r\t`, `\u0000`, `\u0041`, `\uABCD`, `\uabcd`, `\u00e9`, `\u2028`,
	`\x`, `\u12`, `\u12G4`, `\'`, `\U0041`, `\`, `\u`, "\x01", "a\x1fb", "\x7f", "\x00",
	"\xff", "a\xffb", "\xed\xa0\x80", "\xed\x9f\xbf", "\xc0\xaf", "\xc2\x80", "\xdf\xbf", "\xe0\x9f\xbf", "\xe0\xa0\x80",
	"\xef\xbf\xbf", "\xf0\x8f\xbf\xbf", "\xf0\x90\x80\x80", "\xf4\x8f\xbf\xbf", "\xf4\x90\x80\x80", "\xe2\x82", "\xe2\x82\xac",
	`\ud800`, `\udc00`, `\udc00\ud800`, `\ud83d\ude00`, `\ud83d\u0041`, `\ud83d\ud83d\ude00`, `\ud83dx`, `\ud83d\u12`,
	"0123456789abcdef\x01", "0123456789abcdef", `01234567\n89abcdef`, "01234567\xe9\x01",
	"é日本語€😀 long enough for the eight-byte loop", "\u2028\u2029<>&", "01234567890123456789\xff0123456789",
}

// TestSkipString: a string's end and verdict are json.Valid's, and its
// decoded text (AppendUnquote) is json.Unmarshal's.
func TestSkipString(t *testing.T) {
	for _, body := range stringEdges {
		for _, in := range []string{`"` + body + `"`, `"` + body, `"` + body + `"x`, `"` + body + `" `} {
			data := []byte(in)
			end, ok := SkipString(data, 1)
			valid := ok && SkipSpace(data, end) == len(data)
			require.Equal(t, json.Valid(data), valid, "%q", in)

			got, uend, uok := AppendUnquote([]byte("prefix"), data, 1)
			require.Equal(t, ok, uok, "%q", in)
			if !ok {
				assert.Equal(t, end, uend, "%q: the index of the error", in)
				continue
			}
			assert.Equal(t, end, uend, "%q", in)
			var want string
			require.NoError(t, json.Unmarshal(data[:end], &want), "%q", in)
			assert.Equal(t, "prefix"+want, string(got), "%q", in)
		}
	}
}

// TestSkipVerbatim: the verbatim run ends at the first byte a decoded
// string does not hold as it is.
func TestSkipVerbatim(t *testing.T) {
	for _, s := range stringEdges {
		b := []byte(s)
		end := SkipVerbatim(b, 0)
		require.True(t, utf8.Valid(b[:end]), "%q", s)
		for _, c := range b[:end] {
			require.True(t, c >= 0x20 && c != '"' && c != '\\', "%q", s)
		}
		if end < len(b) {
			c := b[end]
			stop := c < 0x20 || c == '"' || c == '\\' || c >= utf8.RuneSelf && !utf8.FullRune(b[end:]) ||
				c >= utf8.RuneSelf && func() bool { r, n := utf8.DecodeRune(b[end:]); return r == utf8.RuneError && n == 1 }()
			assert.True(t, stop, "%q stops at %d", s, end)
		}
	}
}

// TestHex4 reads four hex digits of either case, and nothing else.
func TestHex4(t *testing.T) {
	assert.Equal(t, rune(0xABCD), Hex4([]byte("abCD"), 0))
	assert.Equal(t, rune(0x0019), Hex4([]byte("x0019"), 1))
	for _, s := range []string{"", "abc", "abcg", "-123", " 123", "12\x00a"} {
		assert.Equal(t, rune(-1), Hex4([]byte(s), 0), "%q", s)
	}
	assert.Equal(t, rune(-1), Hex4([]byte("1234"), -1))
	for c := range 256 {
		_, err := json.Marshal(json.RawMessage(`"\u000` + string(rune(c)) + `"`))
		assert.Equal(t, err == nil && c < 0x80, IsHex(byte(c)), "%q", c)
	}
}

// TestUTF8Len: utf8Len agrees with utf8.DecodeRune on every sequence of
// up to three bytes, and on random four-byte ones.
func TestUTF8Len(t *testing.T) {
	want := func(b []byte) int {
		if r, n := utf8.DecodeRune(b); r != utf8.RuneError || n != 1 {
			return n
		}
		return 0
	}
	for c0 := 0x80; c0 < 0x100; c0++ {
		for c1 := range 0x100 {
			b := []byte{byte(c0), byte(c1)}
			require.Equal(t, want(b), utf8Len(b, 0), "% x", b)
			for c2 := range 0x100 {
				if b := []byte{byte(c0), byte(c1), byte(c2)}; want(b) != utf8Len(b, 0) {
					require.Equal(t, want(b), utf8Len(b, 0), "% x", b)
				}
			}
		}
		require.Equal(t, want([]byte{byte(c0)}), utf8Len([]byte{byte(c0)}, 0))
	}
	r := rand.New(rand.NewPCG(9, 9))
	for range 100000 {
		b := []byte{byte(0xF0 + r.IntN(16)), byte(r.Uint32()), byte(r.Uint32()), byte(r.Uint32())}
		require.Equal(t, want(b), utf8Len(b, 0), "% x", b)
	}
}
