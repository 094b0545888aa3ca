//go:build bench_full && goexperiment.jsonv2 && go1.27

package main

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/engine"
)

// TestV2CorpusTables: the json/v2 tables compare every peer with
// encoding/json/v2, map members in any order, and goccy/go-json/v2 gives
// its result on the seed's items.
func TestV2CorpusTables(t *testing.T) {
	assert.True(t, v2Same([]byte(`{"a":1,"b":{"c":2,"d":3}}`), []byte(`{"b":{"d":3,"c":2},"a":1}`)))
	assert.False(t, v2Same([]byte(`{"a":1}`), []byte(`{"a":2}`)))
	ref, ps := v2Peers()
	require.Equal(t, "encoding/json/v2", ref.Label)
	ins, err := corpusInputs()
	require.NoError(t, err)
	ins, err = selectInputs(ins, "^items-20/")
	require.NoError(t, err)
	rep := runCorpus(corpusConfig{Inputs: ins, Peers: ps, Ref: &ref, Same: v2Same, Engine: engine.Default(), Runs: 1, Batch: time.Millisecond})
	assert.Equal(t, "encoding/json/v2", rep.Reference)
	for _, rows := range [][]CorpusRow{rep.Encode, rep.Decode} {
		require.NotEmpty(t, rows)
		for _, row := range rows {
			for _, r := range row.Peers {
				assert.Empty(t, r.Err, "%s %s", row.Slug, r.Peer)
				assert.Empty(t, r.Differs, "%s %s", row.Slug, r.Peer)
			}
		}
	}
	var b strings.Builder
	writeCorpusMarkdown(&b, CorpusReport{Encode: rep.Encode, Decode: rep.Decode, Peers: rep.Peers, V2: &rep})
	assert.Contains(t, b.String(), "**The json/v2 API: the same rows through encoding/json/v2's functions, against encoding/json/v2")
	assert.Contains(t, b.String(), "safejson ÷ encoding/json/v2")
}
