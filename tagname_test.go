package safejson

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/engine"
	"github.com/safejson/safejson/internal/options"
)

// TestClassicTagNamesThroughEngines: tag names the classic encoding/json
// takes whole (flavor.ClassicName: letters of any script, digits, spaces and
// its punctuation) are written alike by both flavours and by every engine,
// with and without HTML escaping, so they are no odd names for the planner
// (featOddTagName) and such a type goes to an engine on json/v2 too.
func TestClassicTagNamesThroughEngines(t *testing.T) {
	v := struct {
		A int `json:"a b"`
		B int `json:"é"`
		C int `json:"名前"`
		D int `json:"a-b.c"`
		E int `json:"<x>"`
		F int `json:"a&b"`
		G int `json:"x:y,omitempty"`
		H int `json:"$%()*+/;=?@[]^_{|}~!#"`
	}{1, 2, 3, 4, 5, 6, 7, 8}
	want, err := json.Marshal(v)
	require.NoError(t, err)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	require.NoError(t, enc.Encode(v))
	wantRaw := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
	for _, e := range engine.All() {
		got, err := e.Append(nil, v, options.Output{})
		require.NoError(t, err, e.Name())
		assert.Equal(t, string(want), string(got), e.Name())
		got, err = e.Append(nil, v, options.Output{NoEscapeHTML: true})
		require.NoError(t, err, e.Name())
		assert.Equal(t, string(wantRaw), string(got), "%s, no HTML escaping", e.Name())
	}
	var o Options
	assert.NotNil(t, o.plan(v).Engine, "an engine writes it")
	got, err := Marshal(v)
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got))
}
