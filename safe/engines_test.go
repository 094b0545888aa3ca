package safe_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson"
	"github.com/safejson/safejson/internal/engine"
	"github.com/safejson/safejson/safe"
)

// TestDiffTableThroughEveryEngine runs every value of the differential table
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
					want, wantErr := vr.ref.Marshal(c.v)
					o := vr.opts
					o.Engine = engine.HandleOf(e)
					got, err := o.Marshal(c.v)
					if wantErr != nil {
						if assert.Error(t, err, c.name) {
							assert.Equal(t, wantErr.Error(), err.Error(), c.name)
							assert.Equal(t, reflect.TypeOf(wantErr), reflect.TypeOf(err), c.name)
						}
						continue
					}
					require.NoError(t, err, c.name)
					assert.Equal(t, string(want), string(got), c.name)
				}
			})
		}
	}
	// MarshalIndent with empty prefix and indent breaks lines, as
	// json.MarshalIndent does.
	for _, c := range diffCases() {
		if c.want != "" || c.userErr {
			continue
		}
		want, err := json.MarshalIndent(c.v, "", "")
		require.NoError(t, err)
		got, err := safejson.MarshalIndent(c.v, "", "")
		require.NoError(t, err, c.name)
		assert.Equal(t, string(want), string(got), c.name)
	}
}
