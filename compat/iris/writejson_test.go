package safejsoniris_test

import (
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
			want := compattest.Get(t, u)
			require.Contains(t, []int{http.StatusOK, http.StatusCreated}, want.Status, u)
			assert.Equal(t, want, compattest.Get(t, u+"&safe"), u)
		}
	}
	assert.Equal(t, compattest.Answer(http.StatusOK, "application/json; charset=utf-8", `{"html":"<b>&</b>","list":["ü",null,true],"n":1.5}`+"\n"),
		compattest.Get(t, srv+"/json/map?o=1&safe"))
}

// TestUnsupportedValues: where iris' default answers 500, safejson answers
// the status set with the substitute, with every option.
func TestUnsupportedValues(t *testing.T) {
	values := compattest.UnsupportedValues()
	srv := newServer(t, values)
	const ct = "application/json; charset=utf-8"
	for name, c := range compattest.Unsupported() {
		assert.Equal(t, compattest.Answer(http.StatusOK, ct, c.Want+"\n"), compattest.Get(t, srv+"/json/"+name+"?o=0&safe"), name)
		assert.Equal(t, compattest.Answer(http.StatusCreated, ct, c.Want+"\n"), compattest.Get(t, srv+"/json/"+name+"?created&safe"), name)
		assert.Equal(t, compattest.Answer(http.StatusOK, "text/javascript; charset=utf-8", "cb("+c.Want+"\n);"), compattest.Get(t, srv+"/jsonp/"+name+"?indent=&safe"), name)
		indented, err := safejson.MarshalIndent(c.V, "", "  ")
		require.NoError(t, err)
		assert.Equal(t, compattest.Answer(http.StatusOK, ct, string(indented)+"\n"), compattest.Get(t, srv+"/json/"+name+"?o=2&safe"), name)
		secure := c.Want
		if strings.HasPrefix(secure, "[") {
			secure = "while(1);" + secure
		}
		assert.Equal(t, compattest.Answer(http.StatusOK, ct, secure), compattest.Get(t, srv+"/json/"+name+"?o=4&safe"), name)
		for _, u := range urls(srv, name) {
			got := compattest.Get(t, u+"&safe")
			assert.Contains(t, []int{http.StatusOK, http.StatusCreated}, got.Status, u)
			assert.NotEmpty(t, got.Body, u)

			def := compattest.Get(t, u)
			if strings.Contains(u, "/json/") {
				assert.Equal(t, compattest.Answer(http.StatusInternalServerError, ct, "Internal Server Error"), def, "iris' default for %s", u)
			} else {
				assert.Equal(t, compattest.Answer(http.StatusOK, "text/javascript; charset=utf-8", "cb("), def, "iris' default for %s: the callback, cut", u)
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
		want := compattest.Get(t, u)
		if strings.Contains(u, "/json/") {
			assert.Equal(t, http.StatusInternalServerError, want.Status, u)
		} else {
			assert.Equal(t, compattest.Answer(http.StatusOK, "text/javascript; charset=utf-8", "cb("), want, u)
		}
		assert.Equal(t, want, compattest.Get(t, u+"&safe"), u)
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
