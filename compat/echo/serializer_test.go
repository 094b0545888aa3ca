package safejsonecho_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"
	"github.com/safejson/safejson"
	safejsonecho "github.com/safejson/safejson/compat/echo"
	"github.com/safejson/safejson/internal/compattest"
	"github.com/safejson/safejson/safe"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// --- the data: shared with the other adapters (compat/compattest) -----------

type item = compattest.Item

type failing = compattest.Failing

var (
	items       = compattest.Items
	cyclic      = compattest.Cyclic
	unsupported = compattest.Unsupported
	plainValues = compattest.PlainValues
)

// --- the servers ------------------------------------------------------------

type login struct {
	User  string         `json:"user"`
	Count int            `json:"count"`
	Extra map[string]any `json:"extra"`
}

// newServer starts echo with serializer s (nil: echo's default).
// GET /json/:value, /pretty/:value (JSONPretty with a tab), /jsonp/:value;
// POST /bind binds the body and answers with what it got.
func newServer(t *testing.T, s echo.JSONSerializer, debug bool, values map[string]any) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(newEcho(s, debug, values))
	t.Cleanup(srv.Close)
	return srv
}

// newEcho is newServer's handler.
func newEcho(s echo.JSONSerializer, debug bool, values map[string]any) *echo.Echo {
	e := echo.New()
	e.HideBanner, e.HidePort, e.Debug = true, true, debug
	e.Logger.SetOutput(io.Discard)
	if s != nil {
		e.JSONSerializer = s
	}
	value := func(c echo.Context) (any, error) {
		v, ok := values[c.Param("value")]
		if !ok {
			return nil, echo.ErrNotFound
		}
		return v, nil
	}
	e.GET("/json/:value", func(c echo.Context) error {
		v, err := value(c)
		if err != nil {
			return err
		}
		return c.JSON(http.StatusOK, v)
	})
	e.GET("/pretty/:value", func(c echo.Context) error {
		v, err := value(c)
		if err != nil {
			return err
		}
		return c.JSONPretty(http.StatusCreated, v, "\t")
	})
	e.GET("/jsonp/:value", func(c echo.Context) error {
		v, err := value(c)
		if err != nil {
			return err
		}
		return c.JSONP(http.StatusOK, "cb", v)
	})
	e.POST("/bind", func(c echo.Context) error {
		var in login
		if err := c.Bind(&in); err != nil {
			return err
		}
		return c.JSON(http.StatusOK, in)
	})
	e.POST("/bindlist", func(c echo.Context) error {
		var in []item
		if err := c.Bind(&in); err != nil {
			return err
		}
		return c.NoContent(http.StatusOK)
	})
	return e
}

type response struct {
	status      int
	contentType string
	body        string
}

func do(t *testing.T, method, url, body string) response {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	require.NoError(t, err)
	if body != "" || method == http.MethodPost {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return response{resp.StatusCode, resp.Header.Get("Content-Type"), string(b)}
}

var paths = []string{"/json/%s", "/json/%s?pretty", "/pretty/%s", "/jsonp/%s"}

// --- the tests --------------------------------------------------------------

// TestPlainDataAsDefault: same status, Content-Type and bytes as echo's
// DefaultJSONSerializer, for c.JSON, ?pretty, c.JSONPretty and c.JSONP, with
// echo in normal and Debug mode (where every c.JSON is indented).
func TestPlainDataAsDefault(t *testing.T) {
	for _, debug := range []bool{false, true} {
		values := plainValues()
		std := newServer(t, nil, debug, values)
		ours := newServer(t, safejsonecho.JSONSerializer{}, debug, values)
		for v := range values {
			for _, p := range paths {
				path := fmt.Sprintf(p, v)
				want := do(t, http.MethodGet, std.URL+path, "")
				require.Contains(t, []int{http.StatusOK, http.StatusCreated}, want.status, path)
				require.True(t, strings.HasSuffix(want.body, "\n") || strings.HasSuffix(want.body, "\n);"), path)
				got := do(t, http.MethodGet, ours.URL+path, "")
				assert.Equal(t, want, got, "debug=%v %s", debug, path)
			}
		}
	}
}

// TestUnsupportedValues: where echo's default answers 500, safejson answers
// 200 with the substitute.
func TestUnsupportedValues(t *testing.T) {
	values := map[string]any{}
	for name, c := range unsupported() {
		values[name] = c.V
	}
	std := newServer(t, nil, false, values)
	ours := newServer(t, safejsonecho.JSONSerializer{}, false, values)
	for name, c := range unsupported() {
		_, err := json.Marshal(c.V)
		require.Error(t, err, "encoding/json must reject %s", name)
		sub, err := safe.Marshal(c.V)
		require.NoError(t, err, name)
		require.Equal(t, c.Want, string(sub), name)
		pretty, err := safe.MarshalIndent(c.V, "", "  ")
		require.NoError(t, err, name)
		tabbed, err := safe.MarshalIndent(c.V, "", "\t")
		require.NoError(t, err, name)

		wants := map[string]response{
			"/json/%s":        {http.StatusOK, "application/json", c.Want + "\n"},
			"/json/%s?pretty": {http.StatusOK, "application/json", string(pretty) + "\n"},
			"/pretty/%s":      {http.StatusCreated, "application/json", string(tabbed) + "\n"},
			"/jsonp/%s":       {http.StatusOK, "application/javascript; charset=UTF-8", "cb(" + c.Want + "\n);"},
		}
		for p, want := range wants {
			path := fmt.Sprintf(p, name)
			assert.Equal(t, want, do(t, http.MethodGet, ours.URL+path, ""), path)
		}
		// What echo's default does with these values.
		assert.Equal(t,
			response{http.StatusInternalServerError, "application/json", `{"message":"Internal Server Error"}` + "\n"},
			do(t, http.MethodGet, std.URL+"/json/"+name, ""), name)
	}
}

// TestFailingMarshaler: an error of the user's own code takes echo's error
// path with either serializer: a 500 from the error handler and no partial
// body, even when the failing value comes after a large prefix. c.JSONP is
// echo's exception: it has written "cb(" before serializing, with both.
func TestFailingMarshaler(t *testing.T) {
	values := map[string]any{"fail": []any{items(2000), failing{}}}
	for _, debug := range []bool{false, true} {
		std := newServer(t, nil, debug, values)
		ours := newServer(t, safejsonecho.JSONSerializer{}, debug, values)
		for _, p := range paths {
			path := fmt.Sprintf(p, "fail")
			want := do(t, http.MethodGet, std.URL+path, "")
			got := do(t, http.MethodGet, ours.URL+path, "")
			assert.Equal(t, want, got, "debug=%v %s", debug, path)
			if p == "/jsonp/%s" {
				assert.Equal(t, response{http.StatusOK, "application/javascript; charset=UTF-8", "cb("}, got)
				continue
			}
			assert.Equal(t, http.StatusInternalServerError, got.status, path)
			assert.NotContains(t, got.body, "User 001", "no partial body")
			if debug {
				var m map[string]string
				require.NoError(t, json.Unmarshal([]byte(got.body), &m))
				assert.Equal(t, compattest.FailingMessage(), m["error"])
			}
		}
	}
}

// TestBind: c.Bind decodes JSON bodies as echo's default does, and its errors
// give the same status and message (Debug mode shows the decoder's error too).
func TestBind(t *testing.T) {
	bodies := []string{
		`{"user":"ada","count":3,"extra":{"big":12345678901234567890,"s":"<x>"}}`,
		`{"user":"ada","unknown":1}`,
		`{"user":"ada"} trailing`,
		`{"user":1}`,
		`{"count":"3"}`,
		`{"user":`,
		`{"user" "x"}`,
		`[1,2]`,
		`nul`,
	}
	for _, debug := range []bool{false, true} {
		std := newServer(t, nil, debug, nil)
		ours := newServer(t, safejsonecho.JSONSerializer{}, debug, nil)
		for _, body := range bodies {
			want := do(t, http.MethodPost, std.URL+"/bind", body)
			got := do(t, http.MethodPost, ours.URL+"/bind", body)
			assert.Equal(t, want, got, "debug=%v %s", debug, body)
		}
	}
	ours := newServer(t, safejsonecho.JSONSerializer{}, false, nil)
	assert.Equal(t,
		response{http.StatusOK, "application/json", `{"user":"ada","count":3,"extra":{"big":12345678901234567000,"s":"\u003cx\u003e"}}` + "\n"},
		do(t, http.MethodPost, ours.URL+"/bind", bodies[0]))
	assert.Equal(t,
		response{http.StatusBadRequest, "application/json", `{"message":"Unmarshal type error: expected=string, got=number, field=user, offset=9"}` + "\n"},
		do(t, http.MethodPost, ours.URL+"/bind", bodies[3]))
	assert.Equal(t,
		response{http.StatusBadRequest, "application/json", `{"message":"unexpected EOF"}` + "\n"},
		do(t, http.MethodPost, ours.URL+"/bind", bodies[5]))
	assert.Equal(t,
		response{http.StatusBadRequest, "application/json", `{"message":"Syntax error: offset=9, error=invalid character '\"' after object key"}` + "\n"},
		do(t, http.MethodPost, ours.URL+"/bind", bodies[6]))
}

// TestDeserializeErrors calls Deserialize directly: the error values are
// echo's, with the decoder's error inside.
func TestDeserializeErrors(t *testing.T) {
	e := echo.New()
	for body, code := range map[string]int{`{"user":1}`: http.StatusBadRequest, `{"user" "x"}`: http.StatusBadRequest} {
		req := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(body))
		c := e.NewContext(req, httptest.NewRecorder())
		var in login
		err := safejsonecho.JSONSerializer{}.Deserialize(c, &in)
		var he *echo.HTTPError
		require.ErrorAs(t, err, &he, body)
		assert.Equal(t, code, he.Code)
		wantErr := json.NewDecoder(strings.NewReader(body)).Decode(new(login))
		assert.Equal(t, wantErr.Error(), he.Internal.Error())
	}
}

// TestOptions: a non-default policy is honoured.
func TestOptions(t *testing.T) {
	srv := newServer(t, safejsonecho.JSONSerializer{Options: safejson.Options{Circular: safejson.CircularPlaceholder}},
		false, map[string]any{"cycle": cyclic()})
	assert.Equal(t,
		response{http.StatusOK, "application/json", `{"name":"a","parent":"[Circular]"}` + "\n"},
		do(t, http.MethodGet, srv.URL+"/json/cycle", ""))
}
