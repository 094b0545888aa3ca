package safe_test

import (
	"encoding/json"
	"testing"

	"github.com/safejson/safejson/internal/testutil"
	"github.com/safejson/safejson/safe"
)

// TestMarshalJSONSyntaxErrorOffset: the *json.SyntaxError for invalid
// MarshalJSON output deep in a value, compact and indented (with a prefix
// and an indent that are not white space too), is encoding/json's, Offset
// included (flavor.SyntaxOffsetInOutput).
func TestMarshalJSONSyntaxErrorOffset(t *testing.T) {
	for _, raw := range []string{"[1,]", "", "{bad", "[1]]", `"\x"`} {
		v := map[string]any{
			"a": []any{1, "x:y \"q\" {", map[string]any{"b": true, "c": json.RawMessage(raw)}},
			"b": 2,
		}
		_, want := json.Marshal(v)
		_, got := safe.Marshal(v)
		testutil.SameError(t, want, got, "Marshal %q", raw)
		for _, pi := range [][2]string{{"", "  "}, {" ", "\t"}, {">", "<>"}} {
			_, want := json.MarshalIndent(v, pi[0], pi[1])
			_, got := safe.MarshalIndent(v, pi[0], pi[1])
			testutil.SameError(t, want, got, "MarshalIndent %q %q", raw, pi)
		}
	}
}
