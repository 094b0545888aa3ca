package safe_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson"
	"github.com/safejson/safejson/internal/corpus"
	"github.com/safejson/safejson/internal/engine"
	"github.com/safejson/safejson/internal/enginehandle"
	"github.com/safejson/safejson/internal/testutil"
	"github.com/safejson/safejson/safe"
)

// TestDiffTableThroughEveryEngine runs every value of the differential table
// (diffCases: the corpus's cases with no options)
// through safejson on every engine this binary has: whichever path a value
// takes (engine, pre-scan, fallback), the bytes are the reference encoder's,
// and so are the errors, by type and message. It lives here, in package
// safe_test, to share the table; safejson imports safe, so it can.
func TestDiffTableThroughEveryEngine(t *testing.T) {
	variants := []struct {
		name string
		opts safejson.Options
		ref  safe.Options
	}{
		{"compact", safejson.Options{}, safe.Options{}},
		{"no-escape-indent", safejson.Options{NoEscapeHTML: true, Prefix: ">", Indent: "\t"}, safe.Options{NoEscapeHTML: true, Prefix: ">", Indent: "\t"}},
		{"strict", safejson.Options{Strict: true}, safe.Options{Strict: true}},
	}
	for _, e := range engine.All() {
		for _, vr := range variants {
			t.Run(e.Name()+"/"+vr.name, func(t *testing.T) {
				for _, c := range diffCases() {
					want, wantErr := vr.ref.Marshal(c.Value)
					o := vr.opts
					o.Engine = enginehandle.Of(e)
					got, err := o.Marshal(c.Value)
					if wantErr != nil {
						testutil.SameError(t, wantErr, err, "%s (%s)", c.Name, c.Where())
						continue
					}
					require.NoError(t, err, "%s (%s)", c.Name, c.Where())
					assert.Equal(t, string(want), string(got), "%s (%s)", c.Name, c.Where())
				}
			})
		}
	}
	// MarshalIndent with empty prefix and indent breaks lines, as
	// json.MarshalIndent does.
	for _, c := range diffCases() {
		if c.Kind != corpus.Same {
			continue
		}
		want, err := json.MarshalIndent(c.Value, "", "")
		require.NoError(t, err)
		got, err := safejson.MarshalIndent(c.Value, "", "")
		require.NoError(t, err, "%s (%s)", c.Name, c.Where())
		assert.Equal(t, string(want), string(got), "%s (%s)", c.Name, c.Where())
	}
}
