package compat_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/safejson/safejson/compat"
	"github.com/safejson/safejson/internal/benchdata"
	"github.com/safejson/safejson/safe"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// plainValues are values encoding/json accepts: WriteJSON must write exactly
// what json.NewEncoder(w).Encode writes for them.
func plainValues() map[string]any {
	return map[string]any{
		"items":      benchdata.Items(20),
		"maps":       benchdata.Maps(5),
		"html":       map[string]string{"q": "<a href='x'>&</a>"},
		"unicode":    []string{"Tromsø", "Kraków", "\u2028\u2029", "\x00\x1f"},
		"nil":        nil,
		"empty":      struct{}{},
		"number":     1e21,
		"raw":        json.RawMessage(`{"b" : [1, 2]}`),
		"nil slice":  []int(nil),
		"byte slice": []byte("hello"),
	}
}

func TestWriteJSONPlainMatchesEncoder(t *testing.T) {
	for name, v := range plainValues() {
		t.Run(name, func(t *testing.T) {
			want, err := stdEncode(v, true)
			require.NoError(t, err)

			rec := httptest.NewRecorder()
			require.NoError(t, compat.WriteJSON(rec, http.StatusCreated, v))

			assert.Equal(t, http.StatusCreated, rec.Code)
			assert.Equal(t, "application/json", rec.Header().Get("Content-Type"))
			assert.Equal(t, string(want), rec.Body.String())
		})
	}
}

func TestWriteJSONKeepsContentType(t *testing.T) {
	rec := httptest.NewRecorder()
	rec.Header().Set("Content-Type", "application/problem+json")
	require.NoError(t, compat.WriteJSON(rec, http.StatusBadRequest, map[string]string{"title": "bad"}))
	assert.Equal(t, "application/problem+json", rec.Header().Get("Content-Type"))
	assert.Equal(t, http.StatusBadRequest, rec.Code)
	assert.Equal(t, "{\"title\":\"bad\"}\n", rec.Body.String())
}

func TestWriteJSONUnsupportedGivesSubstitute(t *testing.T) {
	for _, c := range unsupported() {
		t.Run(c.name, func(t *testing.T) {
			_, stdErr := json.Marshal(c.v)
			require.Error(t, stdErr, "encoding/json must reject this value for the test to mean anything")

			rec := httptest.NewRecorder()
			require.NoError(t, compat.WriteJSON(rec, http.StatusOK, c.v))

			assert.Equal(t, http.StatusOK, rec.Code)
			assert.Equal(t, "application/json", rec.Header().Get("Content-Type"))
			assert.Equal(t, c.want+"\n", rec.Body.String())
			want, err := safe.Marshal(c.v)
			require.NoError(t, err)
			assert.Equal(t, string(want)+"\n", rec.Body.String())
		})
	}
}

func TestWriteJSONBenchVariants(t *testing.T) {
	const n = 9
	plain := decode(t, mustStd(t, benchdata.Items(n)))
	cases := map[string]struct {
		v    any
		want []any // the plain items, decoded, with the substitute applied
	}{
		"NaN score": {benchdata.ItemsWithNaN(n), with(plain, n/2, "score", nil)},
		"func":      {benchdata.ItemsWithFunc(n), plain},
		"self":      {benchdata.ItemsWithSelf(n), plain},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			require.NoError(t, compat.WriteJSON(rec, http.StatusOK, c.v))
			require.True(t, json.Valid(rec.Body.Bytes()), rec.Body.String())
			assert.Equal(t, c.want, decode(t, rec.Body.Bytes()))
			want, err := safe.Marshal(c.v)
			require.NoError(t, err)
			assert.Equal(t, string(want)+"\n", rec.Body.String())
		})
	}
}

// recorder is an http.ResponseWriter that records every call, to prove that
// nothing at all was written.
type recorder struct {
	header      http.Header
	statusCalls []int
	body        []byte
	writeErr    error
}

func (r *recorder) Header() http.Header {
	if r.header == nil {
		r.header = http.Header{}
	}
	return r.header
}
func (r *recorder) WriteHeader(status int) { r.statusCalls = append(r.statusCalls, status) }
func (r *recorder) Write(p []byte) (int, error) {
	if r.writeErr != nil {
		return 0, r.writeErr
	}
	r.body = append(r.body, p...)
	return len(p), nil
}

func TestWriteJSONFailingMarshalerWritesNothing(t *testing.T) {
	for name, v := range map[string]any{
		"top":    failing{},
		"nested": map[string]any{"ok": benchdata.Items(3), "bad": []any{1, failing{}}},
	} {
		t.Run(name, func(t *testing.T) {
			_, stdErr := json.Marshal(v)
			require.Error(t, stdErr)

			w := &recorder{}
			err := compat.WriteJSON(w, http.StatusOK, v)
			require.Error(t, err)
			var me *json.MarshalerError
			require.ErrorAs(t, err, &me)
			assert.ErrorIs(t, err, errBoom)
			assert.Equal(t, stdErr.Error(), err.Error())
			assert.Empty(t, w.statusCalls)
			assert.Empty(t, w.body)
			assert.Empty(t, w.header)
		})
	}
}

func TestWriteJSONInvalidStatus(t *testing.T) {
	for _, status := range []int{0, 99, 1000, -200} {
		w := &recorder{}
		err := compat.WriteJSON(w, status, 1)
		require.Error(t, err, "status %d", status)
		assert.Contains(t, err.Error(), fmt.Sprint(status))
		assert.Empty(t, w.statusCalls)
		assert.Empty(t, w.body)
	}
}

func TestWriteJSONReturnsWriteError(t *testing.T) {
	errWrite := errors.New("connection reset")
	w := &recorder{writeErr: errWrite}
	err := compat.WriteJSON(w, http.StatusOK, benchdata.Items(2))
	assert.ErrorIs(t, err, errWrite)
	assert.Equal(t, []int{http.StatusOK}, w.statusCalls)
}

// TestWriteJSONConcurrent checks, under -race, that pooled buffers are never
// shared: each response carries its own value.
func TestWriteJSONConcurrent(t *testing.T) {
	const workers, rounds = 8, 50
	var wg sync.WaitGroup
	errs := make(chan error, workers)
	for g := range workers {
		wg.Go(func() {
			for i := range rounds {
				v := benchdata.Items(1 + (g*rounds+i)%40)
				want, err := stdEncode(v, true)
				if err != nil {
					errs <- err
					return
				}
				rec := httptest.NewRecorder()
				if err := compat.WriteJSON(rec, http.StatusOK, v); err != nil {
					errs <- err
					return
				}
				if rec.Body.String() != string(want) {
					errs <- fmt.Errorf("worker %d round %d: body differs from encoding/json", g, i)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// TestWriteJSONOverHTTP runs a real server: plain, unsupported and failing
// values, the last answered with a 500 by the handler.
func TestWriteJSONOverHTTP(t *testing.T) {
	values := map[string]any{
		"/plain":  benchdata.Items(20),
		"/cyclic": cyclicNode(),
		"/nan":    nanFloats(),
		"/func":   withFunc{Name: "f", OnChange: func() {}},
		"/fail":   []any{failing{}},
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := compat.WriteJSON(w, http.StatusOK, values[r.URL.Path]); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
		}
	}))
	defer srv.Close()

	get := func(path string) (int, string, string) {
		resp, err := http.Get(srv.URL + path)
		require.NoError(t, err)
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		require.NoError(t, err)
		return resp.StatusCode, resp.Header.Get("Content-Type"), string(b)
	}

	plain, err := stdEncode(values["/plain"], true)
	require.NoError(t, err)
	for path, want := range map[string]string{
		"/plain":  string(plain),
		"/cyclic": cyclicNodeJSON + "\n",
		"/nan":    nanFloatsJSON + "\n",
		"/func":   withFuncJSON + "\n",
	} {
		status, ctype, body := get(path)
		assert.Equal(t, http.StatusOK, status, path)
		assert.Equal(t, "application/json", ctype, path)
		assert.Equal(t, want, body, path)
	}

	_, stdErr := json.Marshal(values["/fail"])
	status, ctype, body := get("/fail")
	assert.Equal(t, http.StatusInternalServerError, status)
	assert.Equal(t, "text/plain; charset=utf-8", ctype)
	assert.Equal(t, stdErr.Error()+"\n", body, "only the error text, no partial JSON")
}

func mustStd(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return b
}

func decode(t *testing.T, b []byte) []any {
	t.Helper()
	var v []any
	require.NoError(t, json.Unmarshal(b, &v), string(b))
	return v
}

// with returns a copy of items with items[i][key] set to v.
func with(items []any, i int, key string, v any) []any {
	out := make([]any, len(items))
	copy(out, items)
	m := map[string]any{}
	for k, x := range items[i].(map[string]any) {
		m[k] = x
	}
	m[key] = v
	out[i] = m
	return out
}
