package corpus

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/flavor"
)

// TestCorpus checks the corpus is well formed: enough cases, unique names, one
// expectation each, a location that exists, replacer keys exactly when there
// is a replacer.
func TestCorpus(t *testing.T) {
	cases := Cases()
	require.GreaterOrEqual(t, len(cases), 64)
	names := map[string]string{}
	for _, c := range cases {
		if prev, dup := names[c.Name]; dup {
			t.Errorf("%s: case name %q already used at %s", c.Where(), c.Name, prev)
		}
		names[c.Name] = c.Where()

		src, err := os.ReadFile(filepath.Base(c.File))
		require.NoError(t, err, "%s: %s", c.Name, c.Where())
		assert.Positive(t, c.Line, c.Name)
		assert.LessOrEqual(t, c.Line, bytes.Count(src, []byte("\n")), "%s: %s", c.Name, c.Where())

		switch c.Kind {
		case Same:
			assert.Nil(t, c.Err, "%s: %s", c.Name, c.Where())
		case Substitute:
			assert.Nil(t, c.Err, "%s: %s", c.Name, c.Where())
			assert.NotNil(t, c.Want, "%s: %s", c.Name, c.Where())
		case Error:
			assert.Nil(t, c.Want, "%s: %s", c.Name, c.Where())
		case Policy:
			assert.True(t, (c.Err == nil) != (c.Want == nil), "%s: %s: a policy case expects bytes or an error", c.Name, c.Where())
		case Panic:
			assert.NotEmpty(t, c.PanicValue, "%s: %s", c.Name, c.Where())
		default:
			t.Errorf("%s: %s: kind %v", c.Name, c.Where(), c.Kind)
		}
		assert.Equal(t, c.Options.Replacer != nil, c.ReplacerKeys != nil,
			"%s: %s: replacer keys are listed exactly when the case has a replacer", c.Name, c.Where())
		o := c.Options
		assert.NoError(t, o.Validate(), "%s: %s", c.Name, c.Where())
		assert.True(t, o.Engine == nil && o.API == "" && !o.LineBreaks && !o.NullForNonFinite,
			"%s: %s: a case sets only the fields of the public Options", c.Name, c.Where())
		if c.Strict != nil && c.Flavor == nil {
			assert.Equal(t, Substitute, c.Kind, "%s: %s: a Strict path is a substitute's", c.Name, c.Where())
		}
		if c.Engines {
			assert.True(t, c.DefaultOptions() && c.Kind == Same && len(c.Known) == 0,
				"%s: %s: a case for the engines is a Same case with no options and no known difference", c.Name, c.Where())
		}
		for _, k := range c.Known {
			assert.Contains(t, []string{"sonic", "goccy", "std"}, k.Engine, "%s: %s", c.Name, c.Where())
			assert.NotEmpty(t, k.Reason, "%s: %s", c.Name, c.Where())
		}
		if (c.Kind == Same || c.Kind == Substitute || (c.Kind == Policy && c.Want != nil)) && c.Want != nil && c.Options.Prefix == "" {
			assert.True(t, json.Valid(c.Want), "%s: %s: the expected bytes are not valid JSON: %q", c.Name, c.Where(), c.Want)
		}
	}
}

// TestFlavors checks the per-flavour expectations: each names a flavour
// there is, gives a reason, and says something other than the classic
// expectation (or that encoding/json dies there); CasesFor applies exactly
// the flavour asked for, and Cases the one in force.
func TestFlavors(t *testing.T) {
	classic, onV2 := CasesFor("v1"), CasesFor("v2")
	require.Equal(t, len(classic), len(onV2))
	n := 0
	for i, c := range classic {
		d := onV2[i]
		where := fmt.Sprintf("%s (%s)", c.Name, c.Where())
		assert.Nil(t, c.Flavor, where)
		assert.False(t, c.StdDies, where)
		for _, f := range c.Flavors {
			assert.Equal(t, "v2", f.Flavor, where)
			assert.NotEmpty(t, f.Reason, where)
			changed := f.StdDies || f.Kind != c.Kind || !bytes.Equal(f.Want, c.Want) || (f.Err == nil) != (c.Err == nil) ||
				(f.Err != nil && (f.Err.Msg != c.Err.Msg || f.Err.Type != c.Err.Type))
			assert.True(t, changed, "%s: the v2 expectation is the classic one", where)
		}
		if len(c.Flavors) == 0 {
			assert.Same(t, c, d, where)
			continue
		}
		n++
		require.NotNil(t, d.Flavor, where)
		assert.Equal(t, d.Flavor.Kind, d.Kind, where)
		assert.Equal(t, d.Flavor.Want, d.Want, where)
		assert.Equal(t, d.Flavor.StdDies, d.StdDies, where)
	}
	assert.Positive(t, n)
	for i, c := range Cases() {
		assert.Equal(t, CasesFor(flavor.Name)[i].Flavor != nil, c.Flavor != nil, c.Name)
	}
}

// TestKnownFor: a known difference applies to its engine, on every GOARCH or
// on the one it names.
func TestKnownFor(t *testing.T) {
	c := same("test/known", 1, `1`).known("std", "", "test", `2`)
	require.NotNil(t, c.KnownFor("std", "amd64"))
	assert.Equal(t, "2", string(c.KnownFor("std", "arm64").Got))
	assert.Nil(t, c.KnownFor("sonic", "amd64"))
	d := same("test/known-arch", 1, `1`).known("std", "no-such-arch", "test", `2`)
	assert.Nil(t, d.KnownFor("std", "amd64"))
	assert.NotNil(t, d.KnownFor("std", "no-such-arch"))
	assert.Equal(t, "internal/corpus/corpus_test.go", d.File, "the constructor's caller")
}
