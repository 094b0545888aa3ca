package safejsonecho_test

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/labstack/echo/v5"
	"github.com/labstack/echo/v5/middleware"
	"github.com/safejson/safejson"
	safejsonecho "github.com/safejson/safejson/compat/echov5"
	"github.com/safejson/safejson/internal/compattest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// --- the servers ------------------------------------------------------------

// newServer starts echo with serializer s (nil: echo's default); expose is
// the exposeError flag of echo's DefaultHTTPErrorHandler.
// GET /json/:value, /pretty/:value (JSONPretty with a tab), /jsonp/:value;
// POST /bind binds the body and answers with what it got; POST /limited is
// /bind behind a 64-byte BodyLimit.
func newServer(t *testing.T, s echo.JSONSerializer, expose bool, values map[string]any) *httptest.Server {
	t.Helper()
	e := echo.NewWithConfig(echo.Config{
		Logger:           slog.New(slog.DiscardHandler),
		HTTPErrorHandler: echo.DefaultHTTPErrorHandler(expose),
		JSONSerializer:   s,
	})
	value := func(c *echo.Context) (any, error) {
		v, ok := values[c.Param("value")]
		if !ok {
			return nil, echo.ErrNotFound
		}
		return v, nil
	}
	e.GET("/json/:value", func(c *echo.Context) error {
		v, err := value(c)
		if err != nil {
			return err
		}
		return c.JSON(http.StatusOK, v)
	})
	e.GET("/pretty/:value", func(c *echo.Context) error {
		v, err := value(c)
		if err != nil {
			return err
		}
		return c.JSONPretty(http.StatusCreated, v, "\t")
	})
	e.GET("/jsonp/:value", func(c *echo.Context) error {
		v, err := value(c)
		if err != nil {
			return err
		}
		return c.JSONP(http.StatusOK, "cb", v)
	})
	bind := func(c *echo.Context) error {
		var in compattest.Login
		if err := c.Bind(&in); err != nil {
			return err
		}
		return c.JSON(http.StatusOK, in)
	}
	e.POST("/bind", bind)
	e.POST("/limited", bind, middleware.BodyLimit(64))
	srv := httptest.NewServer(e)
	t.Cleanup(srv.Close)
	return srv
}

// --- the tests --------------------------------------------------------------

// TestPlainDataAsDefault: same status, Content-Type and bytes as echo's
// DefaultJSONSerializer, for c.JSON (v5 ignores ?pretty), c.JSONPretty and
// c.JSONP.
func TestPlainDataAsDefault(t *testing.T) {
	values := compattest.PlainValues()
	std := newServer(t, nil, false, values)
	ours := newServer(t, safejsonecho.JSONSerializer{}, false, values)
	for v := range values {
		for _, p := range compattest.EchoPaths {
			path := fmt.Sprintf(p, v)
			want := compattest.Do(t, http.MethodGet, std.URL+path, "")
			require.Contains(t, []int{http.StatusOK, http.StatusCreated}, want.Status, path)
			require.True(t, strings.HasSuffix(want.Body, "\n") || strings.HasSuffix(want.Body, "\n);"), path)
			got := compattest.Do(t, http.MethodGet, ours.URL+path, "")
			assert.Equal(t, want, got, path)
		}
	}
}

// TestEcho runs the tests echo v4's and v5's adapters share
// (compattest.EchoSuite).
func TestEcho(t *testing.T) {
	compattest.EchoSuite{
		New: func(t *testing.T, ours, expose bool, values map[string]any) string {
			if ours {
				return newServer(t, safejsonecho.JSONSerializer{}, expose, values).URL
			}
			return newServer(t, nil, expose, values).URL
		},
		Pretty: func(_ testing.TB, _ any, want string) string { return want },
	}.Run(t)
}

// TestBind: c.Bind decodes JSON bodies as echo's default does, and its errors
// give the same status and message (exposeError shows the decoder's error
// too), body limit included.
func TestBind(t *testing.T) {
	bodies := append(compattest.LoginBodies(), `{"count":"3"}`, `nul`)
	for _, expose := range []bool{false, true} {
		std := newServer(t, nil, expose, nil)
		ours := newServer(t, safejsonecho.JSONSerializer{}, expose, nil)
		for _, body := range bodies {
			for _, path := range []string{"/bind", "/limited"} {
				compattest.AsDefault(t, http.MethodPost, std.URL, ours.URL, path, body)
			}
		}
	}
	ours := newServer(t, safejsonecho.JSONSerializer{}, true, nil)
	assert.Equal(t,
		compattest.Answer(http.StatusOK, "application/json", compattest.LoginEcho+"\n"),
		compattest.Do(t, http.MethodPost, ours.URL+"/bind", bodies[0]))
	assert.Equal(t,
		compattest.Answer(http.StatusBadRequest, "application/json", `{"error":"json: cannot unmarshal number into Go struct field Login.user of type string","message":"Bad Request"}`+"\n"),
		compattest.Do(t, http.MethodPost, ours.URL+"/bind", bodies[3]))
	assert.Equal(t,
		compattest.Answer(http.StatusBadRequest, "application/json", `{"error":"invalid character 't' after top-level value","message":"Bad Request"}`+"\n"),
		compattest.Do(t, http.MethodPost, ours.URL+"/bind", bodies[2]))
	assert.Equal(t,
		compattest.Answer(http.StatusRequestEntityTooLarge, "application/json", `{"error":"Request Entity Too Large","message":"Request Entity Too Large"}`+"\n"),
		compattest.Do(t, http.MethodPost, ours.URL+"/limited", bodies[0]))
}

// TestDeserializeErrors calls Deserialize directly: the error values are
// echo's, wrapping json.Unmarshal's own error types.
func TestDeserializeErrors(t *testing.T) {
	e := echo.New()
	for _, body := range []string{`{"user":1}`, `{"user" "x"}`, `{"user":"a"} x`, ``} {
		req := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(body))
		c := e.NewContext(req, httptest.NewRecorder())
		err := safejsonecho.JSONSerializer{}.Deserialize(c, new(compattest.Login))
		var he *echo.HTTPError
		require.ErrorAs(t, err, &he, body)
		assert.Equal(t, http.StatusBadRequest, he.Code)
		wantErr := json.Unmarshal([]byte(body), new(compattest.Login))
		require.Error(t, wantErr)
		assert.Equal(t, wantErr.Error(), he.Unwrap().Error(), body)
		assert.IsType(t, wantErr, he.Unwrap(), body)
	}
}

// TestOptions: a non-default policy is honoured.
func TestOptions(t *testing.T) {
	srv := newServer(t, safejsonecho.JSONSerializer{Options: safejson.Options{Circular: safejson.CircularPlaceholder}},
		false, map[string]any{"cycle": compattest.Cyclic()})
	assert.Equal(t,
		compattest.Answer(http.StatusOK, "application/json", `{"name":"a","parent":"[Circular]"}`+"\n"),
		compattest.Do(t, http.MethodGet, srv.URL+"/json/cycle", ""))
}
