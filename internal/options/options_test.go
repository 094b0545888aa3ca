package options_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson"
	"github.com/safejson/safejson/internal/options"
	"github.com/safejson/safejson/safe"
)

func TestNormalize(t *testing.T) {
	var o options.Options
	require.NoError(t, o.Normalize())
	assert.Equal(t, options.DefaultPlaceholder, o.Placeholder)
	assert.Equal(t, options.DefaultMaxDepth, o.MaxDepth)
	assert.False(t, o.Indented())
	assert.False(t, o.SafeOnly())

	o = options.Options{MaxDepth: options.HardMaxDepth, Circular: options.CircularPlaceholder, Placeholder: "x"}
	require.NoError(t, o.Normalize())
	assert.Equal(t, options.HardMaxDepth, o.MaxDepth)
	assert.Equal(t, "x", o.Placeholder)

	for _, bad := range []options.Options{
		{MaxDepth: -1}, {MaxDepth: options.HardMaxDepth + 1}, {MaxBreadth: -1}, {Circular: 3}, {Circular: -1}, {Placeholder: "x"},
		{Circular: options.CircularError, Placeholder: options.DefaultPlaceholder},
	} {
		before := bad
		assert.Error(t, bad.Normalize(), "%+v", before)
		assert.Equal(t, before.Validate(), bad.Normalize(), "%+v: one rule", before)
	}
}

func TestIndentedAndSafeOnly(t *testing.T) {
	for _, c := range []struct {
		o                  options.Options
		indented, safeOnly bool
	}{
		{options.Options{Output: options.Output{Indent: " "}}, true, false},
		{options.Options{Output: options.Output{Prefix: "//"}}, true, false},
		{options.Options{LineBreaks: true}, true, true},
		{options.Options{LineBreaks: true, Output: options.Output{Indent: "\t"}}, true, false},
		{options.Options{MaxBreadth: 3}, false, true},
		{options.Options{Replacer: func(_ string, v any) (any, bool) { return v, true }}, false, true},
	} {
		assert.Equal(t, c.indented, c.o.Indented(), "%+v", c.o)
		assert.Equal(t, c.safeOnly, c.o.SafeOnly(), "%+v", c.o)
		assert.Equal(t, c.o.Prefix != "" || c.o.Indent != "", c.o.Output.Indented(), "%+v: what an engine reads", c.o)
	}
	var o options.Options
	o.SetMarshalIndent("", "")
	assert.True(t, o.Indented() && o.SafeOnly(), "MarshalIndent's layout with an empty prefix and indent")
	assert.False(t, o.Output.Indented(), "an engine takes an empty prefix and indent for compact output")
	o.SetMarshalIndent(">", "\t")
	assert.Equal(t, options.Output{Prefix: ">", Indent: "\t"}, o.Output)
	assert.True(t, o.LineBreaks && !o.SafeOnly())
}

// TestEveryPublicFieldHasItsInternalOne: each field of the public Options
// types has a namesake here, so that a new setting cannot be dropped on
// the way in without this failing (Engine is safejson's).
func TestEveryPublicFieldHasItsInternalOne(t *testing.T) {
	in := reflect.TypeFor[options.Options]()
	for _, pub := range []reflect.Type{reflect.TypeFor[safe.Options](), reflect.TypeFor[safejson.Options]()} {
		for i := range pub.NumField() {
			name := pub.Field(i).Name
			_, ok := in.FieldByName(name)
			assert.True(t, ok, "%s.%s has no internal field", pub, pub.Field(i).Name)
		}
	}
}

// TestSameErrors: both public Validate methods give the internal rule's
// error, named for their own package, and Marshal returns it.
func TestSameErrors(t *testing.T) {
	want := (&options.Options{Placeholder: "p"}).Validate()
	require.Error(t, want)
	assert.True(t, strings.HasPrefix(want.Error(), "safejson: "), want.Error())
	wantSafe := (&options.Options{Placeholder: "p", API: "safe"}).Validate()
	assert.Equal(t, "safe: "+strings.TrimPrefix(want.Error(), "safejson: "), wantSafe.Error())

	assert.Equal(t, wantSafe, safe.Options{Placeholder: "p"}.Validate())
	assert.Equal(t, want, safejson.Options{Placeholder: "p"}.Validate())
	_, err := safejson.Options{Placeholder: "p"}.Marshal(1)
	assert.Equal(t, want, err)
	_, err = safe.Options{Placeholder: "p"}.Marshal(1)
	assert.Equal(t, wantSafe, err)
}
