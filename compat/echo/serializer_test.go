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

// --- the servers ------------------------------------------------------------

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
		var in compattest.Login
		if err := c.Bind(&in); err != nil {
			return err
		}
		return c.JSON(http.StatusOK, in)
	})
	e.POST("/bindlist", func(c echo.Context) error {
		var in []compattest.Item
		if err := c.Bind(&in); err != nil {
			return err
		}
		return c.NoContent(http.StatusOK)
	})
	return e
}

// --- the tests --------------------------------------------------------------

// TestPlainDataAsDefault: same status, Content-Type and bytes as echo's
// DefaultJSONSerializer, for c.JSON, ?pretty, c.JSONPretty and c.JSONP, with
// echo in normal and Debug mode (where every c.JSON is indented).
func TestPlainDataAsDefault(t *testing.T) {
	for _, debug := range []bool{false, true} {
		values := compattest.PlainValues()
		std := newServer(t, nil, debug, values)
		ours := newServer(t, safejsonecho.JSONSerializer{}, debug, values)
		for v := range values {
			for _, p := range compattest.EchoPaths {
				path := fmt.Sprintf(p, v)
				want := compattest.Do(t, http.MethodGet, std.URL+path, "")
				require.Contains(t, []int{http.StatusOK, http.StatusCreated}, want.Status, path)
				require.True(t, strings.HasSuffix(want.Body, "\n") || strings.HasSuffix(want.Body, "\n);"), path)
				got := compattest.Do(t, http.MethodGet, ours.URL+path, "")
				assert.Equal(t, want, got, "debug=%v %s", debug, path)
			}
		}
	}
}

// TestEcho runs the tests echo v4's and v5's adapters share
// (compattest.EchoSuite).
func TestEcho(t *testing.T) {
	compattest.EchoSuite{
		New: func(t *testing.T, ours, debug bool, values map[string]any) string {
			if ours {
				return newServer(t, safejsonecho.JSONSerializer{}, debug, values).URL
			}
			return newServer(t, nil, debug, values).URL
		},
		Pretty: func(t testing.TB, v any, _ string) string {
			b, err := safe.MarshalIndent(v, "", "  ")
			require.NoError(t, err)
			return string(b)
		},
	}.Run(t)
}

// TestBind: c.Bind decodes JSON bodies as echo's default does, and its errors
// give the same status and message (Debug mode shows the decoder's error too).
func TestBind(t *testing.T) {
	bodies := append(compattest.LoginBodies(), `{"count":"3"}`, `nul`)
	for _, debug := range []bool{false, true} {
		std := newServer(t, nil, debug, nil)
		ours := newServer(t, safejsonecho.JSONSerializer{}, debug, nil)
		for _, body := range bodies {
			compattest.AsDefault(t, http.MethodPost, std.URL, ours.URL, "/bind", body)
		}
	}
	ours := newServer(t, safejsonecho.JSONSerializer{}, false, nil)
	assert.Equal(t,
		compattest.Answer(http.StatusOK, "application/json", compattest.LoginEcho+"\n"),
		compattest.Do(t, http.MethodPost, ours.URL+"/bind", bodies[0]))
	assert.Equal(t,
		compattest.Answer(http.StatusBadRequest, "application/json", `{"message":"Unmarshal type error: expected=string, got=number, field=user, offset=9"}`+"\n"),
		compattest.Do(t, http.MethodPost, ours.URL+"/bind", bodies[3]))
	assert.Equal(t,
		compattest.Answer(http.StatusBadRequest, "application/json", `{"message":"unexpected EOF"}`+"\n"),
		compattest.Do(t, http.MethodPost, ours.URL+"/bind", bodies[4]))
	assert.Equal(t,
		compattest.Answer(http.StatusBadRequest, "application/json", `{"message":"Syntax error: offset=9, error=invalid character '\"' after object key"}`+"\n"),
		compattest.Do(t, http.MethodPost, ours.URL+"/bind", bodies[5]))
}

// TestDeserializeErrors calls Deserialize directly: the error values are
// echo's, with the decoder's error inside.
func TestDeserializeErrors(t *testing.T) {
	e := echo.New()
	for body, code := range map[string]int{`{"user":1}`: http.StatusBadRequest, `{"user" "x"}`: http.StatusBadRequest} {
		req := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(body))
		c := e.NewContext(req, httptest.NewRecorder())
		var in compattest.Login
		err := safejsonecho.JSONSerializer{}.Deserialize(c, &in)
		var he *echo.HTTPError
		require.ErrorAs(t, err, &he, body)
		assert.Equal(t, code, he.Code)
		wantErr := json.NewDecoder(strings.NewReader(body)).Decode(new(compattest.Login))
		assert.Equal(t, wantErr.Error(), he.Internal.Error())
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
