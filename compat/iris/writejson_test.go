package safejsoniris_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/kataras/iris/v12"
	"github.com/kataras/iris/v12/context"
	"github.com/safejson/safejson"
	safejsoniris "github.com/safejson/safejson/compat/iris"
	"github.com/safejson/safejson/internal/compattest"
	"github.com/safejson/safejson/safe"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// irisDefault is iris' own WriteJSON.
var irisDefault = context.WriteJSON

// jsonOptions are the iris.JSON options every value is sent with.
var jsonOptions = []iris.JSON{
	{},
	{UnescapeHTML: true},
	{Indent: "  "},
	{Indent: "\t", UnescapeHTML: true},
	{Secure: true},
	{Secure: true, Indent: "  "},
	{ASCII: true},
	{ASCII: true, UnescapeHTML: true},
	{Prefix: ")]}',\n"},
	{Prefix: "//", Indent: " ", Secure: true, ASCII: true, UnescapeHTML: true},
}

// newServer starts iris on 127.0.0.1. GET /json/{value} answers values[value]
// with ctx.JSON and jsonOptions[?o] (201 under ?created), /jsonp/{value} with
// ctx.JSONP. The request picks the encoder: ?safe for safejsoniris.WriteJSON,
// iris' own otherwise (iris' context.WriteJSON is set once, here, to choose
// between them per request).
func newServer(t *testing.T, values map[string]any) string {
	t.Helper()
	context.WriteJSON = func(ctx *context.Context, v any, options *context.JSON) error {
		if ctx.URLParamExists("safe") {
			return safejsoniris.WriteJSON(ctx, v, options)
		}
		return irisDefault(ctx, v, options)
	}
	t.Cleanup(func() { context.WriteJSON = irisDefault })

	app := iris.New()
	app.Logger().SetLevel("disable")
	value := func(ctx iris.Context) (any, bool) {
		v, ok := values[ctx.Params().Get("value")]
		if !ok {
			ctx.StatusCode(http.StatusNotFound)
			return nil, false
		}
		if ctx.URLParamExists("created") {
			ctx.StatusCode(http.StatusCreated)
		}
		return v, true
	}
	app.Get("/json/{value}", func(ctx iris.Context) {
		if v, ok := value(ctx); ok {
			_ = ctx.JSON(v, jsonOptions[ctx.URLParamIntDefault("o", 0)])
		}
	})
	app.Get("/jsonp/{value}", func(ctx iris.Context) {
		if v, ok := value(ctx); ok {
			_ = ctx.JSONP(v, iris.JSONP{Callback: "cb", Indent: ctx.URLParam("indent")})
		}
	})
	require.NoError(t, app.Build())
	srv := httptest.NewServer(app)
	t.Cleanup(srv.Close)
	return srv.URL
}

type response struct {
	status      int
	contentType string
	body        string
}

func get(t *testing.T, url string) response {
	t.Helper()
	resp, err := http.Get(url)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return response{resp.StatusCode, resp.Header.Get("Content-Type"), string(b)}
}

// urls returns the requests made for a value: every iris.JSON option set,
// JSONP with and without indent, with status 200 and 201.
func urls(base, name string) []string {
	var us []string
	for o := range jsonOptions {
		us = append(us, base+"/json/"+name+"?o="+strconv.Itoa(o))
	}
	us = append(us, base+"/json/"+name+"?created", base+"/jsonp/"+name+"?indent=", base+"/jsonp/"+name+"?indent=++")
	return us
}

// TestPlainDataAsDefault: for every option set, the same status,
// Content-Type and bytes as iris' own WriteJSON.
func TestPlainDataAsDefault(t *testing.T) {
	values := compattest.PlainValues()
	srv := newServer(t, values)
	for name := range values {
		for _, u := range urls(srv, name) {
			want := get(t, u)
			require.Contains(t, []int{http.StatusOK, http.StatusCreated}, want.status, u)
			assert.Equal(t, want, get(t, u+"&safe"), u)
		}
	}
	assert.Equal(t, response{http.StatusOK, "application/json; charset=utf-8", `{"html":"<b>&</b>","list":["ü",null,true],"n":1.5}` + "\n"},
		get(t, srv+"/json/map?o=1&safe"))
}

// TestUnsupportedValues: where iris' default answers 500, safejson answers
// the status set with the substitute, with every option.
func TestUnsupportedValues(t *testing.T) {
	values := map[string]any{}
	for name, c := range compattest.Unsupported() {
		values[name] = c.V
	}
	srv := newServer(t, values)
	const ct = "application/json; charset=utf-8"
	for name, c := range compattest.Unsupported() {
		_, stdErr := json.Marshal(c.V)
		require.Error(t, stdErr, "encoding/json must reject %s", name)
		sub, err := safe.Marshal(c.V)
		require.NoError(t, err, name)
		require.Equal(t, c.Want, string(sub), name)

		assert.Equal(t, response{http.StatusOK, ct, c.Want + "\n"}, get(t, srv+"/json/"+name+"?o=0&safe"), name)
		assert.Equal(t, response{http.StatusCreated, ct, c.Want + "\n"}, get(t, srv+"/json/"+name+"?created&safe"), name)
		assert.Equal(t, response{http.StatusOK, "text/javascript; charset=utf-8", "cb(" + c.Want + "\n);"}, get(t, srv+"/jsonp/"+name+"?indent=&safe"), name)
		indented, err := safejson.MarshalIndent(c.V, "", "  ")
		require.NoError(t, err)
		assert.Equal(t, response{http.StatusOK, ct, string(indented) + "\n"}, get(t, srv+"/json/"+name+"?o=2&safe"), name)
		secure := c.Want
		if strings.HasPrefix(secure, "[") {
			secure = "while(1);" + secure
		}
		assert.Equal(t, response{http.StatusOK, ct, secure}, get(t, srv+"/json/"+name+"?o=4&safe"), name)
		for _, u := range urls(srv, name) {
			got := get(t, u+"&safe")
			assert.Contains(t, []int{http.StatusOK, http.StatusCreated}, got.status, u)
			assert.NotEmpty(t, got.body, u)

			def := get(t, u)
			if strings.Contains(u, "/json/") {
				assert.Equal(t, response{http.StatusInternalServerError, ct, "Internal Server Error"}, def, "iris' default for %s", u)
			} else {
				assert.Equal(t, response{http.StatusOK, "text/javascript; charset=utf-8", "cb("}, def, "iris' default for %s: the callback, cut", u)
			}
		}
	}
}

// TestFailingMarshaler: an error of the user's own MarshalJSON reaches iris
// as with its own WriteJSON: the same answer, for every option set (500 for
// ctx.JSON; for ctx.JSONP, iris has written the callback already).
func TestFailingMarshaler(t *testing.T) {
	v := []any{compattest.Items(2000), compattest.Failing{}}
	srv := newServer(t, map[string]any{"fail": v})
	for _, u := range urls(srv, "fail") {
		want := get(t, u)
		if strings.Contains(u, "/json/") {
			assert.Equal(t, http.StatusInternalServerError, want.status, u)
		} else {
			assert.Equal(t, response{http.StatusOK, "text/javascript; charset=utf-8", "cb("}, want, u)
		}
		assert.Equal(t, want, get(t, u+"&safe"), u)
	}
}

// TestOptions: WriteJSONWith sets the substitute policy.
func TestOptions(t *testing.T) {
	context.WriteJSON = safejsoniris.WriteJSONWith(safejson.Options{Circular: safejson.CircularPlaceholder})
	defer func() { context.WriteJSON = irisDefault }()
	app := iris.New()
	app.Get("/", func(ctx iris.Context) { _ = ctx.JSON(compattest.Cyclic()) })
	app.Get("/secure", func(ctx iris.Context) { _ = ctx.JSON([]any{compattest.Cyclic()}, iris.JSON{Secure: true}) })
	require.NoError(t, app.Build())
	w := httptest.NewRecorder()
	app.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/", nil))
	assert.Equal(t, `{"name":"a","parent":"[Circular]"}`+"\n", w.Body.String())
	w = httptest.NewRecorder()
	app.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/secure", nil))
	assert.Equal(t, `while(1);[{"name":"a","parent":"[Circular]"}]`, w.Body.String())
}
