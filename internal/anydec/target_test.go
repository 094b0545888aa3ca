package anydec_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/safejson/safejson/internal/anydec"
	"github.com/safejson/safejson/internal/testutil"
)

// TestLongInputVerdict: a long body, valid or broken anywhere (at the
// end, past the depth limit, a number out of range), gets encoding/json's
// verdict in every target anydec takes — the same error, with the same
// offset, and the target as encoding/json leaves it — though nothing checks
// it before the decode.
func TestLongInputVerdict(t *testing.T) {
	body := "[" + strings.Repeat(`{"a":[1,"x",{"b":null}],"c":-1.5e3},`, 3000) + `{}`
	tails := []string{"]", "", "]x", "] {}", ",]", `,{"a":tru}]`, `,{"a" 1}]`, ",\"\x01\"]", `,1.]`,
		`,` + strings.Repeat("[", 10001) + strings.Repeat("]", 10001) + `]`, `,1e400]`, `,1e400`, `,1e400,x]`,
		`,` + strings.Repeat("1", 400) + `]`}
	for _, tail := range tails {
		in := []byte(body + tail)
		var wantA, gotA any
		testutil.SameError(t, json.Unmarshal(in, &wantA), anydec.Unmarshal(in, &gotA, anydec.Mode{}), "%q into *any", tail)
		assert.Equal(t, wantA, gotA, "%q into *any", tail)
		var wantS, gotS []any
		testutil.SameError(t, json.Unmarshal(in, &wantS), anydec.Unmarshal(in, &gotS, anydec.Mode{}), "%q into *[]any", tail)
		assert.Equal(t, wantS, gotS, "%q into *[]any", tail)
		var wantM, gotM map[string]any
		testutil.SameError(t, json.Unmarshal(in, &wantM), anydec.Unmarshal(in, &gotM, anydec.Mode{}), "%q into *map[string]any", tail)
		assert.Equal(t, wantM, gotM, "%q into *map[string]any", tail)
		obj := []byte(`{"k":` + string(in) + "}")
		wantM, gotM = map[string]any{"z": 1.0}, map[string]any{"z": 1.0}
		testutil.SameError(t, json.Unmarshal(obj, &wantM), anydec.Unmarshal(obj, &gotM, anydec.Mode{}), "%q into a map holding members", tail)
		assert.Equal(t, wantM, gotM, "%q into a map holding members", tail)
	}
}
