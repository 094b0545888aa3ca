package safejsonhertz_test

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cloudwego/hertz/pkg/app"
	"github.com/cloudwego/hertz/pkg/app/server"
	"github.com/cloudwego/hertz/pkg/app/server/render"
	"github.com/cloudwego/hertz/pkg/common/hlog"
	hjson "github.com/cloudwego/hertz/pkg/common/json"
	"github.com/safejson/safejson"
	"github.com/safejson/safejson/internal/compattest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// marshal is what render.ResetJSONMarshal is given for these tests: it calls
// the marshaler the current test has stored, hertz's default (sonic) or
// safejson.Marshal, so that a server can be asked with either without
// writing hertz's package variable while the server reads it (a data race).
var marshal atomic.Pointer[render.JSONMarshaler]

func use(fn render.JSONMarshaler) { marshal.Store(&fn) }

var (
	hertzDefault = render.JSONMarshaler(hjson.Marshal)
	safeMarshal  = render.JSONMarshaler(safejson.Marshal) // the line this package documents
)

func init() {
	hlog.SetLevel(hlog.LevelFatal) // no start-up lines, no Recovery stack traces
	use(hertzDefault)
	render.ResetJSONMarshal(func(v any) ([]byte, error) { return (*marshal.Load())(v) })
}

// newServer starts hertz (server.Default: with its Recovery middleware) on
// 127.0.0.1. GET /json/:value renders values[value] with c.JSON (201 under
// ?created), /indented/:value with c.IndentedJSON, /pure/:value with
// c.PureJSON.
func newServer(t *testing.T, values map[string]any) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	h := server.Default(server.WithListener(ln), server.WithExitWaitTime(time.Second), server.WithDisablePrintRoute(true))
	value := func(c *app.RequestContext) (any, int, bool) {
		v, ok := values[c.Param("value")]
		if !ok {
			c.String(http.StatusNotFound, "no such value")
			return nil, 0, false
		}
		if c.Query("created") != "" {
			return v, http.StatusCreated, true
		}
		return v, http.StatusOK, true
	}
	h.GET("/json/:value", func(_ context.Context, c *app.RequestContext) {
		if v, status, ok := value(c); ok {
			c.JSON(status, v)
		}
	})
	h.GET("/indented/:value", func(_ context.Context, c *app.RequestContext) {
		if v, status, ok := value(c); ok {
			c.IndentedJSON(status, v)
		}
	})
	h.GET("/pure/:value", func(_ context.Context, c *app.RequestContext) {
		if v, status, ok := value(c); ok {
			c.PureJSON(status, v)
		}
	})
	done := make(chan error, 1)
	go func() { done <- h.Run() }()
	t.Cleanup(func() {
		http.DefaultClient.CloseIdleConnections()
		assert.NoError(t, h.Shutdown(context.Background()))
		<-done
	})
	url := "http://" + ln.Addr().String()
	compattest.WaitUp(url + "/json/missing")
	return url
}

// getWith asks url with hertz's encoder set to fn.
func getWith(t *testing.T, fn render.JSONMarshaler, url string) compattest.Response {
	t.Helper()
	use(fn)
	defer use(hertzDefault)
	return compattest.Get(t, url)
}

// TestPlainDataAsDefault: c.JSON, c.IndentedJSON and c.PureJSON answer plain
// data with the same status, Content-Type and bytes as with hertz's default
// encoder.
func TestPlainDataAsDefault(t *testing.T) {
	values := compattest.PlainValues()
	srv := newServer(t, values)
	for name := range values {
		for _, p := range []string{"/json/", "/indented/", "/pure/"} {
			for _, q := range []string{"", "?created=1"} {
				url := srv + p + name + q
				want := getWith(t, hertzDefault, url)
				require.Contains(t, []int{http.StatusOK, http.StatusCreated}, want.Status, url)
				assert.Equal(t, want, getWith(t, safeMarshal, url), url)
			}
		}
	}
	assert.Equal(t, compattest.Answer(http.StatusOK, "application/json; charset=utf-8", `{"html":"\u003cb\u003e\u0026\u003c/b\u003e","list":["ü",null,true],"n":1.5}`),
		getWith(t, safeMarshal, srv+"/json/map"))
}

// TestUnsupportedValues: where hertz's default answers 500 with an empty
// body, safejson answers the status given to c.JSON with the substitute.
// c.PureJSON, which calls encoding/json directly, still answers 500.
func TestUnsupportedValues(t *testing.T) {
	values := compattest.UnsupportedValues()
	srv := newServer(t, values)
	for name, c := range compattest.Unsupported() {
		indented, err := safejson.MarshalIndent(c.V, "", "    ")
		require.NoError(t, err, name)

		const ct = "application/json; charset=utf-8"
		assert.Equal(t, compattest.Answer(http.StatusOK, ct, c.Want), getWith(t, safeMarshal, srv+"/json/"+name), name)
		assert.Equal(t, compattest.Answer(http.StatusCreated, ct, c.Want), getWith(t, safeMarshal, srv+"/json/"+name+"?created=1"), name)
		assert.Equal(t, compattest.Answer(http.StatusOK, ct, string(indented)), getWith(t, safeMarshal, srv+"/indented/"+name), name)

		for _, p := range []string{"/json/", "/indented/"} {
			assert.Equal(t, compattest.Answer(http.StatusInternalServerError, ct, ""), getWith(t, hertzDefault, srv+p+name), "hertz's default for %s%s", p, name)
		}
		assert.Equal(t, compattest.Answer(http.StatusInternalServerError, ct, ""), getWith(t, safeMarshal, srv+"/pure/"+name), "c.PureJSON for %s", name)
	}
}

// TestFailingMarshaler: an error of the user's own MarshalJSON reaches hertz
// as with its default encoder: it panics with the error (which is the user's)
// and Recovery answers 500 with an empty body.
func TestFailingMarshaler(t *testing.T) {
	v := []any{compattest.Items(2000), compattest.Failing{}}
	srv := newServer(t, map[string]any{"fail": v})
	for _, p := range []string{"/json/", "/indented/"} {
		want := getWith(t, hertzDefault, srv+p+"fail")
		assert.Equal(t, compattest.Answer(http.StatusInternalServerError, "application/json; charset=utf-8", ""), want, p)
		assert.Equal(t, want, getWith(t, safeMarshal, srv+p+"fail"), p)
	}
	_, err := safeMarshal(v)
	assert.ErrorIs(t, err, compattest.ErrBoom)
	_, stdErr := json.Marshal(v)
	assert.EqualError(t, err, stdErr.Error())
}

// TestNoCopyNeeded: hertz appends the returned bytes to the response body;
// safejson.Marshal returns a fresh slice every call, so a later encode never
// writes into a body not yet sent.
func TestNoCopyNeeded(t *testing.T) {
	a, err := safejson.Marshal(compattest.Items(50))
	require.NoError(t, err)
	keep := string(a)
	_, err = safejson.Marshal(map[string]string{"other": strings.Repeat("x", 4096)})
	require.NoError(t, err)
	assert.Equal(t, keep, string(a))
}
