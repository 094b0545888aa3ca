package compat_test

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"math"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson"
	"github.com/safejson/safejson/compat"
)

type routeNode struct {
	ID   string     `json:"id"`
	Next *routeNode `json:"next,omitempty"`
	Rank float64    `json:"rank"`
}

// TestWriteJSONOptionsRoute: a handler logs each substitute of its response
// with the request's route, through one SubstituteLogger.
func TestWriteJSONOptionsRoute(t *testing.T) {
	var logs bytes.Buffer
	substitutes := safejson.NewSubstituteLogger(slog.New(slog.NewJSONHandler(&logs, nil)), time.Minute, 0)
	mux := http.NewServeMux()
	mux.HandleFunc("GET /nodes/{id}", func(w http.ResponseWriter, r *http.Request) {
		n := &routeNode{ID: r.PathValue("id"), Rank: math.NaN()}
		n.Next = n
		_ = compat.WriteJSONOptions(w, http.StatusOK, n, safejson.Options{OnSubstitute: substitutes.With("route", r.Pattern)})
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()

	for range 3 {
		resp, err := http.Get(srv.URL + "/nodes/7")
		require.NoError(t, err)
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		require.NoError(t, err)
		assert.Equal(t, "{\"id\":\"7\",\"rank\":null}\n", string(body))
		assert.Equal(t, compat.ContentType, resp.Header.Get("Content-Type"))
	}
	var lines []map[string]any
	dec := json.NewDecoder(&logs)
	for dec.More() {
		var m map[string]any
		require.NoError(t, dec.Decode(&m))
		delete(m, "time")
		lines = append(lines, m)
	}
	assert.Equal(t, []map[string]any{
		{"level": "WARN", "msg": "safejson: substitute written", "path": "/next", "reason": "cycle", "type": "*compat_test.routeNode", "route": "GET /nodes/{id}"},
		{"level": "WARN", "msg": "safejson: substitute written", "path": "/rank", "reason": "non-finite number", "type": "float64", "route": "GET /nodes/{id}"},
	}, lines, "each once, though three requests wrote them")
}

// TestWriteJSONUnchanged: WriteJSON writes what WriteJSONOptions writes with
// the zero Options.
func TestWriteJSONUnchanged(t *testing.T) {
	v := map[string]any{"a": []any{1, math.Inf(1), "<b>"}}
	a, b := httptest.NewRecorder(), httptest.NewRecorder()
	require.NoError(t, compat.WriteJSON(a, http.StatusTeapot, v))
	require.NoError(t, compat.WriteJSONOptions(b, http.StatusTeapot, v, safejson.Options{}))
	assert.Equal(t, a.Body.String(), b.Body.String())
	assert.Equal(t, a.Code, b.Code)
}
