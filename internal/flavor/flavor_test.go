package flavor

import (
	"encoding/json"
	"testing"

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
