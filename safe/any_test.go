package safe

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestMapAnyOrderMatchesStd compares the member order of map[string]any with
// encoding/json's on maps of 0 to 40 keys (sorted by insertion up to 12, by
// slices.SortFunc above) made of a few bytes, so that many share their first
// 8 bytes, differ only after them, or only by trailing zero bytes; nested
// maps share the scratch space.
func TestMapAnyOrderMatchesStd(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	alphabet := []string{"a", "b", "\x00", "\x01", "\x7f", "\xff", "é", "abcdefgh"}
	key := func() string {
		var sb strings.Builder
		for range r.IntN(14) {
			sb.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		return sb.String()
	}
	var value func(depth int) any
	value = func(depth int) any {
		if depth > 2 || r.IntN(3) > 0 {
			return float64(r.IntN(100))
		}
		m := map[string]any{}
		for range r.IntN(41) {
			m[key()] = value(depth + 1)
		}
		return m
	}
	for range 600 {
		v := value(0)
		want, err := json.Marshal(v)
		require.NoError(t, err)
		got, err := Marshal(v)
		require.NoError(t, err)
		require.Equal(t, string(want), string(got))
	}
}

// TestKeyPrefixOrdersAsKeys: where two keys' prefixes differ, they order as
// the keys; where they are equal, so are the keys' first 8 bytes, padded.
func TestKeyPrefixOrdersAsKeys(t *testing.T) {
	keys := []string{"", "\x00", "\x00\x00", "a", "a\x00", "a\x00b", "ab", "abcdefg", "abcdefgh", "abcdefgh\x00", "abcdefgi", "\xff", "\xff\xff\xff\xff\xff\xff\xff\xff\xff", "b"}
	for _, a := range keys {
		for _, b := range keys {
			pad := func(s string) string { return (s + strings.Repeat("\x00", 8))[:8] }
			if pa, pb := keyPrefix(a), keyPrefix(b); pa != pb {
				require.Equal(t, a < b, pa < pb, "%q %q", a, b)
			} else {
				require.Equal(t, pad(a), pad(b), "equal prefixes of %q %q", a, b)
			}
		}
	}
}

// TestKeyPrefixIsPaddedBytes checks keyPrefix against a byte-by-byte
// reference on random keys of every length from 0 to 10.
func TestKeyPrefixIsPaddedBytes(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	for range 20000 {
		b := make([]byte, r.IntN(11))
		for i := range b {
			b[i] = byte(r.IntN(256))
		}
		var want uint64
		for i := range min(8, len(b)) {
			want |= uint64(b[i]) << (56 - 8*i)
		}
		require.Equal(t, want, keyPrefix(string(b)), "% x", b)
	}
}

// TestMapKeysSortedWithSharedPrefixes: keys that share their first 8 or 16
// bytes, or differ only in zero bytes and length, are written in
// encoding/json's order, for objects sorted by insertion and by pdqsort.
func TestMapKeysSortedWithSharedPrefixes(t *testing.T) {
	stems := []string{"", "\x00", "a", "profile_", "profile_background_", "in_reply_to_status_", "abcdefgh\x00\x00\x00\x00\x00\x00\x00\x00"}
	tails := []string{"", "\x00", "\x00\x00", "x", "id", "id_str", "color", "image_url", "image_url_https", "\xff"}
	for _, n := range []int{5, 12, 13, 70} {
		m := map[string]any{}
		for i := 0; len(m) < n && i < len(stems)*len(tails); i++ {
			m[stems[(i*3)%len(stems)]+tails[i%len(tails)]] = i
		}
		want, err := json.Marshal(m)
		require.NoError(t, err)
		got, err := Marshal(m)
		require.NoError(t, err)
		require.Equal(t, string(want), string(got), "%d keys", len(m))
	}
}
