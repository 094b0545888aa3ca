//go:build bench_full

package main

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/bench/internal/corpus"
	"github.com/safejson/safejson/internal/engine"
)

func TestRouteNames(t *testing.T) {
	want := []string{Cases()[0].Slug}
	for _, f := range corpus.Files() {
		want = append(want, f.Name)
	}
	assert.Equal(t, want, routeNames, "-route's list: the seed's 20 objects, then every corpus file")
	_, err := routeCase("no-such-route")
	assert.ErrorContains(t, err, "want one of [items-20 canada_geometry")
}

func TestHTTPQuick(t *testing.T) {
	rep, err := runHTTP(httpConfig{Engine: engine.Default(), Duration: 200 * time.Millisecond, Rounds: 2, Conns: 2, Warmup: 10 * time.Millisecond})
	require.NoError(t, err)
	assert.Empty(t, rep.Notes, "every server answers encoding/json's bytes")
	require.Len(t, rep.Rows, 4)
	assert.Equal(t, []string{"std", "before", "engine", "after"},
		[]string{rep.Rows[0].Encoder, rep.Rows[1].Encoder, rep.Rows[2].Encoder, rep.Rows[3].Encoder})
	want, err := json.Marshal(Cases()[0].Value)
	require.NoError(t, err)
	assert.Equal(t, len(want), rep.Size)
	for _, r := range rep.Rows {
		assert.Positive(t, r.Requests, r.Server)
		assert.Zero(t, r.Errors, r.Server)
		assert.Positive(t, r.ReqPerSec, r.Server)
		assert.Positive(t, r.MedianUs, r.Server)
		assert.Positive(t, r.CPUUs, r.Server)
		assert.Len(t, r.RoundsReqPerSec, 2, r.Server)
		assert.Equal(t, median(r.RoundsReqPerSec), r.ReqPerSec, r.Server)
		assert.Positive(t, r.ElapsedNs, r.Server)
	}
	assert.InDelta(t, 1, rep.Rows[0].VsStd, 1e-9)
	assert.InDelta(t, 1, rep.Rows[2].VsEngine, 1e-9)
	assert.InDelta(t, 1, rep.Rows[2].CPUVsEngine, 1e-9)

	var md bytes.Buffer
	writeHTTPMarkdown(&md, rep)
	assert.Contains(t, md.String(), "| safejson | ")
	assert.Contains(t, md.String(), "| encoding/json | ")
}
