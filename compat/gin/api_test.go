package safejsongin_test

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/gin-gonic/gin"
	"github.com/gin-gonic/gin/binding"
	ginjson "github.com/gin-gonic/gin/codec/json"
	"github.com/safejson/safejson"
	safejsongin "github.com/safejson/safejson/compat/gin"
	"github.com/safejson/safejson/internal/compattest"
	"github.com/safejson/safejson/safe"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// --- the data ---------------------------------------------------------------

// The data is shared with the other adapters (internal/compattest).

type (
	address = compattest.Address
	item    = compattest.Item
	node    = compattest.Node
)

var items = compattest.Items

type failing = compattest.Failing

// --- the servers ------------------------------------------------------------

// ginjson.API and binding's decoder flags are globals of gin. Each request
// sets them under apiMu, for its whole handling, so that two servers with
// different codecs can run in one test binary without a data race.
var (
	apiMu      sync.Mutex
	defaultAPI = ginjson.API // gin's own: encoding/json (this module builds without gin's tags)
)

// renderers are gin's JSON renderers, by route.
var renderers = map[string]func(c *gin.Context, v any){
	"json":     func(c *gin.Context, v any) { c.JSON(http.StatusOK, v) },
	"indented": func(c *gin.Context, v any) { c.IndentedJSON(http.StatusOK, v) },
	"pure":     func(c *gin.Context, v any) { c.PureJSON(http.StatusOK, v) },
	"secure":   func(c *gin.Context, v any) { c.SecureJSON(http.StatusOK, v) },
	"ascii":    func(c *gin.Context, v any) { c.AsciiJSON(http.StatusOK, v) },
	"jsonp":    func(c *gin.Context, v any) { c.JSONP(http.StatusOK, v) },
}

type login struct {
	User  string         `json:"user" binding:"required"`
	Count int            `json:"count"`
	Extra map[string]any `json:"extra"`
}

type formWithJSON struct {
	Meta map[string]any `form:"meta"`
	At   address        `form:"at"`
}

// newServer starts a gin server whose requests run with api installed.
// GET /{renderer}/{value} renders values[value]; POST /bind binds the body
// with ShouldBindJSON and renders what it got; POST /form binds a form whose
// fields hold JSON. A render error is reported in the X-Render-Error header,
// which gin still lets a middleware set, since the failed render wrote nothing.
func newServer(t *testing.T, api ginjson.Core, values map[string]any) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(newRouter(api, values))
	t.Cleanup(srv.Close)
	return srv
}

// newRouter is newServer's handler.
func newRouter(api ginjson.Core, values map[string]any) *gin.Engine {
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.Use(func(c *gin.Context) {
		apiMu.Lock()
		defer apiMu.Unlock()
		ginjson.API = api
		binding.EnableDecoderUseNumber = c.Query("usenumber") != ""
		binding.EnableDecoderDisallowUnknownFields = c.Query("strict") != ""
		defer func() {
			ginjson.API = defaultAPI
			binding.EnableDecoderUseNumber, binding.EnableDecoderDisallowUnknownFields = false, false
		}()
		c.Next()
		if err := c.Errors.Last(); err != nil {
			c.Header("X-Render-Error", err.Error())
		}
	})
	r.GET("/:renderer/:value", func(c *gin.Context) {
		render, ok := renderers[c.Param("renderer")]
		v, found := values[c.Param("value")]
		if !ok || !found {
			c.Status(http.StatusNotFound)
			return
		}
		render(c, v)
	})
	r.GET("/sse", func(c *gin.Context) { c.SSEvent("msg", values["sse"]) })
	r.POST("/bind", func(c *gin.Context) {
		var in login
		if err := c.ShouldBindJSON(&in); err != nil {
			c.String(http.StatusBadRequest, "%s", err.Error())
			return
		}
		c.JSON(http.StatusOK, in)
	})
	r.POST("/bindlist", func(c *gin.Context) {
		var in []item
		if err := c.ShouldBindJSON(&in); err != nil {
			c.String(http.StatusBadRequest, "%s", err.Error())
			return
		}
		c.Status(http.StatusOK)
	})
	r.POST("/form", func(c *gin.Context) {
		var in formWithJSON
		if err := c.ShouldBind(&in); err != nil {
			c.String(http.StatusBadRequest, "%s", err.Error())
			return
		}
		c.JSON(http.StatusOK, in)
	})
	return r
}

type response struct {
	status      int
	contentType string
	renderErr   string
	body        string
}

func do(t *testing.T, req *http.Request) response {
	t.Helper()
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return response{resp.StatusCode, resp.Header.Get("Content-Type"), resp.Header.Get("X-Render-Error"), string(b)}
}

func get(t *testing.T, srv *httptest.Server, path string) response {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, srv.URL+path, nil)
	require.NoError(t, err)
	return do(t, req)
}

func post(t *testing.T, srv *httptest.Server, path, contentType, body string) response {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, srv.URL+path, strings.NewReader(body))
	require.NoError(t, err)
	req.Header.Set("Content-Type", contentType)
	return do(t, req)
}

// --- the tests --------------------------------------------------------------

func plainValues() map[string]any {
	return map[string]any{
		"items":  items(20),
		"one":    items(3)[2],
		"map":    map[string]any{"html": "<b>&</b>", "n": 1.5, "list": []any{"ü", nil, true}},
		"string": "Tromsø <&> \u2028",
		"null":   nil,
		"raw":    json.RawMessage(`{"a" : [1, 2]}`),
	}
}

// TestPlainDataAsGinDefault: every renderer answers plain data with the same
// status, Content-Type and bytes as gin's default codec.
func TestPlainDataAsGinDefault(t *testing.T) {
	values := plainValues()
	std := newServer(t, defaultAPI, values)
	ours := newServer(t, safejsongin.API{}, values)
	for r := range renderers {
		for v := range values {
			for _, q := range []string{"", "?callback=cb.x"} {
				path := "/" + r + "/" + v + q
				want := get(t, std, path)
				got := get(t, ours, path)
				require.Equal(t, http.StatusOK, want.status, path)
				require.Empty(t, want.renderErr, path)
				assert.Equal(t, want, got, path)
			}
		}
	}
}

// TestUnsupportedValues: where gin's default codec answers 200 with an empty
// body, safejson answers 200 with the substitute, through every renderer.
func TestUnsupportedValues(t *testing.T) {
	values := compattest.UnsupportedValues()
	std := newServer(t, defaultAPI, values)
	ours := newServer(t, safejsongin.API{}, values)

	for name, c := range compattest.Unsupported() {
		indented, err := safe.MarshalIndent(c.V, "", "    ")
		require.NoError(t, err, name)
		secure := c.Want
		if strings.HasPrefix(c.Want, "[") {
			secure = "while(1);" + c.Want
		}
		wants := map[string]struct{ ctype, body string }{
			"json":     {"application/json; charset=utf-8", c.Want},
			"indented": {"application/json; charset=utf-8", string(indented)},
			"pure":     {"application/json; charset=utf-8", c.WantNoEscapeHTML + "\n"},
			"secure":   {"application/json; charset=utf-8", secure},
			"ascii":    {"application/json", strings.ReplaceAll(c.Want, "é", `\u00e9`)},
			"jsonp":    {"application/javascript; charset=utf-8", "cb(" + c.Want + ");"},
		}
		for r, want := range wants {
			path := "/" + r + "/" + name
			if r == "jsonp" {
				path += "?callback=cb"
			}
			got := get(t, ours, path)
			assert.Equal(t, response{http.StatusOK, want.ctype, "", want.body}, got, path)

			// gin's pitfall, unchanged for the values safejson cannot help
			// with: the default codec fails, gin answers 200 with no body.
			def := get(t, std, path)
			assert.Equal(t, http.StatusOK, def.status, path)
			assert.Empty(t, def.body, path)
			assert.Contains(t, def.renderErr, "json: unsupported", path)
		}
	}
}

// TestFailingMarshalerKeepsGinBehaviour: an error of the user's own code
// takes gin's normal path with either codec: the error lands in c.Errors, the
// status given to the renderer is sent, and the body is empty.
func TestFailingMarshalerKeepsGinBehaviour(t *testing.T) {
	values := map[string]any{"fail": []any{items(2), failing{}}}
	std := newServer(t, defaultAPI, values)
	ours := newServer(t, safejsongin.API{}, values)
	for r := range renderers {
		path := "/" + r + "/fail"
		want := get(t, std, path)
		got := get(t, ours, path)
		require.Equal(t, http.StatusOK, want.status, path)
		require.Empty(t, want.body, path)
		require.Contains(t, want.renderErr, compattest.FailingMessage(), path)
		assert.Equal(t, want, got, path)
	}
}

// TestBinding: ShouldBindJSON and the JSON-in-form binding decode as gin's
// default codec does, errors included, with and without gin's decoder flags.
func TestBinding(t *testing.T) {
	std := newServer(t, defaultAPI, nil)
	ours := newServer(t, safejsongin.API{}, nil)
	bodies := []string{
		`{"user":"ada","count":3,"extra":{"big":12345678901234567890,"f":1.5,"s":"<x>"}}`,
		`{"user":"ada","unknown":1}`,
		`{"user":"ada"} trailing`,
		`{"count":1}`,
		`{"user":1}`,
		`{"user":"ada","count":"3"}`,
		`{"user":`,
		`[1,2]`,
		``,
	}
	for _, q := range []string{"", "?usenumber=1", "?strict=1"} {
		for _, body := range bodies {
			want := post(t, std, "/bind"+q, "application/json", body)
			got := post(t, ours, "/bind"+q, "application/json", body)
			assert.Equal(t, want, got, "%s %s", q, body)
		}
	}
	ok := post(t, ours, "/bind?usenumber=1", "application/json", bodies[0])
	assert.Equal(t, `{"user":"ada","count":3,"extra":{"big":12345678901234567890,"f":1.5,"s":"\u003cx\u003e"}}`, ok.body)

	form := url.Values{"meta": {`{"k":[1,"two"]}`}, "at": {`{"city":"Oslo","zip":"0150"}`}}.Encode()
	bad := url.Values{"meta": {`{"k":`}}.Encode()
	for _, body := range []string{form, bad} {
		want := post(t, std, "/form", "application/x-www-form-urlencoded", body)
		got := post(t, ours, "/form", "application/x-www-form-urlencoded", body)
		assert.Equal(t, want, got, body)
	}
	assert.Equal(t, `{"Meta":{"k":[1,"two"]},"At":{"city":"Oslo","zip":"0150"}}`,
		post(t, ours, "/form", "application/x-www-form-urlencoded", form).body)
}

// counting is a Core that counts the calls gin makes, to show which of gin's
// paths go through ginjson.API.
type counting struct {
	mu    sync.Mutex
	calls map[string]int
	next  ginjson.Core
}

func (c *counting) count(name string) {
	c.mu.Lock()
	c.calls[name]++
	c.mu.Unlock()
}

func (c *counting) take() map[string]int {
	c.mu.Lock()
	defer c.mu.Unlock()
	m := c.calls
	c.calls = map[string]int{}
	return m
}

func (c *counting) Marshal(v any) ([]byte, error) { c.count("Marshal"); return c.next.Marshal(v) }
func (c *counting) Unmarshal(b []byte, v any) error {
	c.count("Unmarshal")
	return c.next.Unmarshal(b, v)
}
func (c *counting) MarshalIndent(v any, p, i string) ([]byte, error) {
	c.count("MarshalIndent")
	return c.next.MarshalIndent(v, p, i)
}
func (c *counting) NewEncoder(w io.Writer) ginjson.Encoder {
	c.count("NewEncoder")
	return c.next.NewEncoder(w)
}
func (c *counting) NewDecoder(r io.Reader) ginjson.Decoder {
	c.count("NewDecoder")
	return c.next.NewDecoder(r)
}

// TestEveryJSONPathUsesTheAPI: each renderer and binding reaches the installed
// Core (and, in TestUnsupportedValues, safejson's output proves it is used);
// c.SSEvent does not: gin-contrib/sse calls encoding/json itself.
func TestEveryJSONPathUsesTheAPI(t *testing.T) {
	api := &counting{calls: map[string]int{}, next: safejsongin.API{}}
	srv := newServer(t, api, map[string]any{"items": items(2), "sse": items(1)})
	for path, want := range map[string]string{
		"/json/items":              "Marshal",
		"/indented/items":          "MarshalIndent",
		"/pure/items":              "NewEncoder",
		"/secure/items":            "Marshal",
		"/ascii/items":             "Marshal",
		"/jsonp/items?callback=cb": "Marshal",
	} {
		require.Equal(t, http.StatusOK, get(t, srv, path).status, path)
		assert.Equal(t, map[string]int{want: 1}, api.take(), path)
	}
	require.Equal(t, http.StatusOK, post(t, srv, "/bind", "application/json", `{"user":"u"}`).status)
	assert.Equal(t, map[string]int{"NewDecoder": 1, "Marshal": 1}, api.take())
	require.Equal(t, http.StatusOK, post(t, srv, "/form", "application/x-www-form-urlencoded", "meta=%7B%7D").status)
	assert.Equal(t, map[string]int{"Unmarshal": 1, "Marshal": 1}, api.take())

	sse := get(t, srv, "/sse")
	require.Equal(t, http.StatusOK, sse.status)
	assert.Contains(t, sse.body, `"name":"User 001"`)
	assert.Empty(t, api.take(), "c.SSEvent bypasses ginjson.API")
}

// TestOptions: a non-default policy is honoured through gin.
func TestOptions(t *testing.T) {
	n := &node{Name: "a"}
	n.Parent = n
	srv := newServer(t, safejsongin.API{Options: safejson.Options{Circular: safejson.CircularPlaceholder}},
		map[string]any{"cycle": n})
	got := get(t, srv, "/json/cycle")
	assert.Equal(t, response{http.StatusOK, "application/json; charset=utf-8", "", `{"name":"a","parent":"[Circular]"}`}, got)
}

// renderErrorsAs500 is the middleware docs/frameworks.md suggests for gin's
// pitfall: a render that failed has written nothing, so the status can still
// change.
func renderErrorsAs500(c *gin.Context) {
	c.Next()
	if len(c.Errors) > 0 && !c.Writer.Written() {
		c.AbortWithStatus(http.StatusInternalServerError)
	}
}

// TestRenderErrorRecipe: with docs/frameworks.md's middleware, a failing MarshalJSON
// gives a 500 with no body; answers that were written stay as they are.
func TestRenderErrorRecipe(t *testing.T) {
	apiMu.Lock()
	ginjson.API = safejsongin.API{}
	apiMu.Unlock()
	t.Cleanup(func() { apiMu.Lock(); ginjson.API = defaultAPI; apiMu.Unlock() })

	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.Use(renderErrorsAs500)
	r.GET("/fail", func(c *gin.Context) { c.JSON(http.StatusOK, []any{items(2), failing{}}) })
	r.GET("/cycle", func(c *gin.Context) { c.JSON(http.StatusOK, compattest.Cyclic()) })
	r.GET("/written", func(c *gin.Context) {
		c.String(http.StatusAccepted, "done")
		_ = c.Error(errors.New("logged after the answer"))
	})
	srv := httptest.NewServer(r)
	defer srv.Close()

	assert.Equal(t, response{http.StatusInternalServerError, "application/json; charset=utf-8", "", ""}, get(t, srv, "/fail"))
	assert.Equal(t, response{http.StatusOK, "application/json; charset=utf-8", "", `{"name":"a"}`}, get(t, srv, "/cycle"))
	assert.Equal(t, response{http.StatusAccepted, "text/plain; charset=utf-8", "", "done"}, get(t, srv, "/written"))
}
