package safejsongozero_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"testing"

	safejsongozero "github.com/safejson/safejson/compat/gozero"
	"github.com/safejson/safejson/internal/compattest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/zeromicro/go-zero/core/conf"
	"github.com/zeromicro/go-zero/rest"
	"github.com/zeromicro/go-zero/rest/httpx"
)

// newServer starts go-zero's rest server on 127.0.0.1, configured as a
// go-zero service is, from YAML. GET /ok/:value answers values[value] with
// httpx.OkJsonCtx; GET /write/:value with httpx.WriteJsonCtx and status 201,
// the value wrapped with safejsongozero.Body under ?body=safe.
func newServer(t *testing.T, values map[string]any) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	port := ln.Addr().(*net.TCPAddr).Port
	require.NoError(t, ln.Close()) // go-zero listens itself, on the port given

	var c rest.RestConf
	require.NoError(t, conf.LoadFromYamlBytes([]byte(fmt.Sprintf(
		"Name: test\nHost: 127.0.0.1\nPort: %d\nLog:\n  Mode: console\n  Level: severe\n  Stat: false\n", port)), &c))
	srv, err := rest.NewServer(c)
	require.NoError(t, err)
	value := func(w http.ResponseWriter, r *http.Request) (any, bool) {
		var req struct {
			Value string `path:"value"`
		}
		if err := httpx.ParsePath(r, &req); err != nil {
			httpx.ErrorCtx(r.Context(), w, err)
			return nil, false
		}
		v, ok := values[req.Value]
		if !ok {
			http.NotFound(w, r)
		}
		return v, ok
	}
	srv.AddRoutes([]rest.Route{
		{Method: http.MethodGet, Path: "/ok/:value", Handler: func(w http.ResponseWriter, r *http.Request) {
			if v, ok := value(w, r); ok {
				httpx.OkJsonCtx(r.Context(), w, v)
			}
		}},
		{Method: http.MethodGet, Path: "/write/:value", Handler: func(w http.ResponseWriter, r *http.Request) {
			if v, ok := value(w, r); ok {
				if r.URL.Query().Get("body") == "safe" {
					v = safejsongozero.Body(v)
				}
				httpx.WriteJsonCtx(r.Context(), w, http.StatusCreated, v)
			}
		}},
	})
	go srv.Start()
	t.Cleanup(srv.Stop)
	url := fmt.Sprintf("http://127.0.0.1:%d", port)
	compattest.WaitUp(url + "/ok/missing")
	return url
}

// getOk asks url with safejsongozero.OkHandler set when withSafejson, and
// with go-zero's default (none) otherwise. httpx guards its ok handler with a
// lock, so it can change between requests.
func getOk(t *testing.T, withSafejson bool, url string) compattest.Response {
	t.Helper()
	if withSafejson {
		httpx.SetOkHandler(safejsongozero.OkHandler)
		defer httpx.SetOkHandler(nil)
	}
	return compattest.Get(t, url)
}

// TestPlainDataAsDefault: OkJsonCtx and WriteJsonCtx answer plain data with
// the same status, Content-Type and bytes as without safejson, HTML left
// unescaped as go-zero does.
func TestPlainDataAsDefault(t *testing.T) {
	values := compattest.PlainValues()
	srv := newServer(t, values)
	for name := range values {
		want := getOk(t, false, srv+"/ok/"+name)
		require.Equal(t, http.StatusOK, want.Status, name)
		assert.Equal(t, want, getOk(t, true, srv+"/ok/"+name), name)

		want = compattest.Get(t, srv+"/write/"+name)
		require.Equal(t, http.StatusCreated, want.Status, name)
		assert.Equal(t, want, compattest.Get(t, srv+"/write/"+name+"?body=safe"), name)
	}
	assert.Equal(t, compattest.Answer(http.StatusOK, "application/json; charset=utf-8", `{"html":"<b>&</b>","list":["ü",null,true],"n":1.5}`),
		getOk(t, true, srv+"/ok/map"))
}

// TestUnsupportedValues: where go-zero answers 500 text/plain with
// encoding/json's error, safejson answers the status with the substitute.
func TestUnsupportedValues(t *testing.T) {
	values := compattest.UnsupportedValues()
	srv := newServer(t, values)
	for name, c := range compattest.Unsupported() {
		stdErr := c.StdErr()
		want := c.WantNoEscapeHTML // go-zero does not escape HTML

		const ct = "application/json; charset=utf-8"
		assert.Equal(t, compattest.Answer(http.StatusOK, ct, want), getOk(t, true, srv+"/ok/"+name), name)
		assert.Equal(t, compattest.Answer(http.StatusCreated, ct, want), compattest.Get(t, srv+"/write/"+name+"?body=safe"), name)

		stdAnswer := compattest.Answer(http.StatusInternalServerError, "text/plain; charset=utf-8", stdErr.Error()+"\n")
		assert.Equal(t, stdAnswer, getOk(t, false, srv+"/ok/"+name), "go-zero's default for %s", name)
		assert.Equal(t, stdAnswer, compattest.Get(t, srv+"/write/"+name), "go-zero's default for %s", name)
	}
}

// TestFailingMarshaler: an error of the user's own MarshalJSON reaches httpx
// as without safejson: 500 with the error text.
func TestFailingMarshaler(t *testing.T) {
	v := []any{compattest.Items(2000), compattest.Failing{}}
	srv := newServer(t, map[string]any{"fail": v})
	stdErr := json.NewEncoder(io.Discard).Encode(v)
	require.Error(t, stdErr)
	want := compattest.Answer(http.StatusInternalServerError, "text/plain; charset=utf-8", stdErr.Error()+"\n")
	assert.Equal(t, want, getOk(t, false, srv+"/ok/fail"))
	assert.Equal(t, want, getOk(t, true, srv+"/ok/fail"))
	assert.Equal(t, want, compattest.Get(t, srv+"/write/fail"))
	assert.Equal(t, want, compattest.Get(t, srv+"/write/fail?body=safe"))
	assert.Equal(t, v, safejsongozero.Body(v), "Body hands the value back")
}
