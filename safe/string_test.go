package safe

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/flavor"
)

// stdString returns encoding/json's bytes for the string s, with or without
// HTML escaping.
func stdString(t testing.TB, s string, html bool) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(html)
	require.NoError(t, enc.Encode(s))
	return strings.TrimSuffix(buf.String(), "\n")
}

// requireStdString checks appendString against encoding/json on s, with and
// without HTML escaping, also after a prefix (so that s sits at every offset
// of the 8-byte scan).
func requireStdString(t testing.TB, s string) {
	for _, html := range []bool{false, true} {
		require.Equal(t, stdString(t, s, html), string(appendString(nil, s, html)), "%q html=%v", s, html)
	}
}

// refAppendString is appendString rune by rune, without HTML escaping, for
// the sequences too many to hand to encoding/json: TestAppendStringEveryByte
// shows they agree on every byte.
func refAppendString(b []byte, s string) []byte {
	b = append(b, '"')
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, flavor.InvalidUTF8...)
		case r < 0x20 || r == '"' || r == '\\' || r == '\u2028' || r == '\u2029':
			b = append(b, stdStringRune(r)...)
		default:
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return append(b, '"')
}

// stdStringRune returns what encoding/json writes for the rune r inside a
// string, for the runes refAppendString escapes.
func stdStringRune(r rune) string { return stdEscapes()[r] }

var stdEscapes = sync.OnceValue(func() map[rune]string {
	m := map[rune]string{}
	for _, r := range []rune{'"', '\\', '\u2028', '\u2029'} {
		m[r] = ""
	}
	for r := range rune(0x20) {
		m[r] = ""
	}
	for r := range m {
		b, err := json.Marshal(string(r))
		if err != nil {
			panic(err)
		}
		m[r] = string(b[1 : len(b)-1])
	}
	return m
})

// TestUTF8LenMatchesDecodeRune checks utf8Len against utf8.DecodeRuneInString,
// and appendString against refAppendString, on every sequence of 1 to 4 bytes whose first byte is from 0x80 up, each
// following byte taken from every value (second byte) or from the boundaries
// of the UTF-8 ranges (third and fourth), also cut short and followed by more.
func TestUTF8LenMatchesDecodeRune(t *testing.T) {
	edges := []byte{0x00, 0x41, 0x7f, 0x80, 0x81, 0x8f, 0x90, 0x9f, 0xa0, 0xa8, 0xa9, 0xbf, 0xc0, 0xc2, 0xe0, 0xf0, 0xff}
	var got, want []byte
	check := func(s string) {
		size := 0
		if r, n := utf8.DecodeRuneInString(s); r != utf8.RuneError || n != 1 {
			size = n
		}
		if n := utf8Len(s, 0); n != size {
			t.Fatalf("utf8Len(% x) = %d, DecodeRuneInString says %d", s, n, size)
		}
		got, want = appendString(got[:0], s, false), refAppendString(want[:0], s)
		if !bytes.Equal(got, want) {
			t.Fatalf("appendString(% x) = %q, want %q", s, got, want)
		}
	}
	for c0 := 0x80; c0 < 0x100; c0++ {
		check(string([]byte{byte(c0)}))
		for c1 := range 0x100 {
			check(string([]byte{byte(c0), byte(c1)}))
			for _, c2 := range edges {
				check(string([]byte{byte(c0), byte(c1), c2}))
				c3s := edges
				if c0 < 0xf0 { // no 4-byte rune: what follows matters less
					c3s = []byte{0x41, 0x80}
				}
				for _, c3 := range c3s {
					check(string([]byte{byte(c0), byte(c1), c2, c3}))
					check(string([]byte{byte(c0), byte(c1), c2, c3, 'a'}))
				}
			}
		}
	}
}

// TestSpecialFindsFirstByte checks the 8-byte scan against the table: for
// words made of plain bytes and one or two others at every position, the
// lowest byte special reports is the first one plain does not mark.
func TestSpecialFindsFirstByte(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	for _, html := range []bool{false, true} {
		table := &plain[0]
		if html {
			table = &plain[1]
		}
		var plainBytes []byte
		for c := range 256 {
			if table[c] {
				plainBytes = append(plainBytes, byte(c))
			}
		}
		for c := range 256 {
			for pos := range 8 {
				for range 20 {
					w := make([]byte, 8)
					for i := range w {
						w[i] = plainBytes[r.IntN(len(plainBytes))]
					}
					w[pos] = byte(c)
					if r.IntN(2) == 0 {
						w[pos+r.IntN(8-pos)] = byte(r.IntN(256)) // a second byte after it, maybe special
					}
					want := -1
					for i, b := range w {
						if !table[b] {
							want = i
							break
						}
					}
					m := special(word(string(w), 0), html)
					got := -1
					if m != 0 {
						got = 0
						for m&0x80 == 0 {
							m >>= 8
							got++
						}
					}
					require.Equal(t, want, got, "% x html=%v", w, html)
				}
			}
		}
	}
}

// TestAppendStringEveryByte: each byte 0..255 alone, at every offset of a run
// of plain ASCII, and followed by each byte, as encoding/json writes it.
func TestAppendStringEveryByte(t *testing.T) {
	for c := range 256 {
		for pre := range 17 {
			s := strings.Repeat("a", pre) + string([]byte{byte(c)}) + "bcdefghij"
			requireStdString(t, s)
		}
		for d := range 256 {
			requireStdString(t, string([]byte{byte(c), byte(d)}))
		}
	}
}

// TestAppendStringRandom compares appendString with encoding/json on random
// strings weighted towards the bytes that matter: plain ASCII, the escaped
// ones, UTF-8 lead and continuation bytes, valid runes of every length,
// U+2028, U+2029, U+FFFD and invalid sequences.
func TestAppendStringRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 2))
	pieces := []string{"a", "Z", " ", "~", "\x7f", "\"", "\\", "<", ">", "&", "\n", "\t", "\x00", "\x1f",
		"é", "ß", "€", "日本", "😀", "\u2028", "\u2029", "\u2027", "\u202a", "\uFFFD", "\xe2\x80", "\xe2",
		"\x80", "\xbf", "\xc0\x80", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xf0\x9f", "\xff", "\xef\xbf\xbd"}
	for range 20000 {
		var sb strings.Builder
		for range r.IntN(24) {
			if r.IntN(3) == 0 {
				sb.WriteString(pieces[r.IntN(len(pieces))])
			} else {
				sb.WriteString(strings.Repeat("x", r.IntN(12)))
			}
		}
		requireStdString(t, sb.String())
	}
	for range 5000 { // random bytes
		b := make([]byte, r.IntN(40))
		for i := range b {
			b[i] = byte(r.IntN(256))
		}
		requireStdString(t, string(b))
	}
}

// FuzzAppendString compares appendString with encoding/json on any string.
func FuzzAppendString(f *testing.F) {
	for _, s := range []string{"", "abc", "a\"b\\c", "<&>", "\u2028\u2029", "\xff\xfe", "日本語のテキスト", "\xed\xa0\x80", "0123456789abcdef\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { requireStdString(t, s) })
}

// BenchmarkAppendString times appendString alone on 4 KB strings: ASCII
// text, 3-byte runes (CJK), 2-byte runes (Cyrillic), and text that is half
// escapes.
func BenchmarkAppendString(b *testing.B) {
	for _, c := range []struct{ name, unit string }{
		{"ascii", "the quick brown fox "}, {"cjk", "日本語の文字列です"}, {"cyrillic", "строка текста "}, {"escaped", "a\"b\\c\nd<e>"},
	} {
		s := strings.Repeat(c.unit, 4096/len(c.unit))
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(s)))
			buf := make([]byte, 0, 3*len(s))
			for b.Loop() {
				buf = appendString(buf[:0], s, true)
			}
		})
	}
}
