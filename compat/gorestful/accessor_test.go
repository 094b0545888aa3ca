package safejsonrestful_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	restful "github.com/emicklei/go-restful/v3"
	"github.com/safejson/safejson"
	"github.com/safejson/safejson/compat/gorestful"
	"github.com/safejson/safejson/internal/compattest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// accessors are go-restful's default JSON accessor and the line's.
var accessors = map[string]restful.EntityReaderWriter{
	"std":  restful.NewEntityAccessorJSON(restful.MIME_JSON),
	"ours": safejsonrestful.NewEntityAccessor(restful.MIME_JSON),
}

// with runs fn with the JSON accessor registered (the registry is global;
// the tests do not run in parallel).
func with(name string, fn func()) {
	restful.RegisterEntityAccessor(restful.MIME_JSON, accessors[name])
	defer restful.RegisterEntityAccessor(restful.MIME_JSON, accessors["std"])
	fn()
}

// values are what the server answers, by the name in the path.
func values() map[string]any {
	values := compattest.PlainValues()
	for name, v := range compattest.UnsupportedValues() {
		values[name] = v
	}
	values["failing"] = []any{compattest.Items(1), compattest.Failing{}}
	return values
}

// serve starts a real go-restful container on 127.0.0.1: GET /v/NAME answers
// values()[NAME] with WriteEntity (pretty unless ?pretty=0) and, when that
// fails, 500 with the error's text (WriteErrorString); POST /login reads a
// Login with ReadEntity and answers it, or 400 with the error.
func serve(t *testing.T) string {
	vs := values()
	ws := new(restful.WebService)
	ws.Produces(restful.MIME_JSON).Consumes(restful.MIME_JSON)
	ws.Route(ws.GET("/v/{name}").To(func(req *restful.Request, resp *restful.Response) {
		resp.PrettyPrint(req.QueryParameter("pretty") != "0")
		if err := resp.WriteEntity(vs[req.PathParameter("name")]); err != nil {
			_ = resp.WriteErrorString(http.StatusInternalServerError, err.Error())
		}
	}))
	ws.Route(ws.POST("/login").To(func(req *restful.Request, resp *restful.Response) {
		var l compattest.Login
		if err := req.ReadEntity(&l); err != nil {
			_ = resp.WriteErrorString(http.StatusBadRequest, fmt.Sprintf("%T %v", err, err))
			return
		}
		_ = resp.WriteEntity(l)
	}))
	c := restful.NewContainer()
	c.Add(ws)
	srv := httptest.NewServer(c)
	t.Cleanup(srv.Close)
	return srv.URL
}

// get answers GET path with each accessor.
func get(t *testing.T, url, path string) map[string]compattest.Response {
	answers := map[string]compattest.Response{}
	for name := range accessors {
		with(name, func() { answers[name] = compattest.Get(t, url+path) })
	}
	return answers
}

// TestPlainDataAsDefault: plain data is answered byte for byte as by
// go-restful's accessor, pretty and not.
func TestPlainDataAsDefault(t *testing.T) {
	url := serve(t)
	for name := range compattest.PlainValues() {
		for _, q := range []string{"", "?pretty=0"} {
			a := get(t, url, "/v/"+name+q)
			assert.Equal(t, a["std"], a["ours"], name+q)
			assert.Equal(t, http.StatusOK, a["ours"].Status, name+q)
		}
	}
	a := get(t, url, "/v/map")
	assert.Equal(t, "{\n \"html\": \"\\u003cb\\u003e\\u0026\\u003c/b\\u003e\",\n \"list\": [\n  \"ü\",\n  null,\n  true\n ],\n \"n\": 1.5\n}", a["ours"].Body)
}

// TestUnsupportedValues: go-restful's default returns encoding/json's error
// (pretty: before writing, so the handler's 500 gets through; not pretty:
// after the status and Content-Type, so the error text arrives under a 200);
// safejson answers 200 with the substitute.
func TestUnsupportedValues(t *testing.T) {
	url := serve(t)
	for name, c := range compattest.Unsupported() {
		a := get(t, url, "/v/"+name)
		assert.Equal(t, compattest.Answer(http.StatusInternalServerError, "text/plain; charset=utf-8", c.StdErr().Error()), a["std"], name)
		want, err := safejson.MarshalIndent(c.V, "", " ")
		require.NoError(t, err)
		assert.Equal(t, compattest.Answer(http.StatusOK, restful.MIME_JSON, string(want)), a["ours"], name)

		a = get(t, url, "/v/"+name+"?pretty=0")
		assert.Equal(t, compattest.Answer(http.StatusOK, restful.MIME_JSON, c.StdErr().Error()), a["std"], name)
		assert.Equal(t, compattest.Answer(http.StatusOK, restful.MIME_JSON, c.Want+"\n"), a["ours"], name)
	}
}

// TestFailingMarshaler: an error of the user's own MarshalJSON is returned
// before anything is written, pretty or not: the handler's 500 gets through.
func TestFailingMarshaler(t *testing.T) {
	url := serve(t)
	msg := compattest.FailingMessage()
	a := get(t, url, "/v/failing")
	assert.Equal(t, a["std"], a["ours"])
	assert.Equal(t, compattest.Answer(http.StatusInternalServerError, "text/plain; charset=utf-8", msg), a["ours"])
	a = get(t, url, "/v/failing?pretty=0")
	assert.Equal(t, compattest.Answer(http.StatusOK, restful.MIME_JSON, msg), a["std"])
	assert.Equal(t, compattest.Answer(http.StatusInternalServerError, "text/plain; charset=utf-8", msg), a["ours"])
}

// TestReadVerdict: ReadEntity gives go-restful's default verdict (value, or
// error type and message) on every login body.
func TestReadVerdict(t *testing.T) {
	url := serve(t)
	for _, body := range compattest.LoginBodies() {
		answers := map[string]compattest.Response{}
		for name := range accessors {
			with(name, func() { answers[name] = compattest.Do(t, http.MethodPost, url+"/login", body) })
		}
		assert.Equal(t, answers["std"], answers["ours"], body)
	}
}
