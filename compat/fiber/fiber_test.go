package safejsonfiber_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/safejson/safejson"
	"github.com/safejson/safejson/internal/compattest"
	"github.com/safejson/safejson/safe"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// --- the data: shared with the other adapters (compat/compattest) -----------

type failing = compattest.Failing

var (
	items       = compattest.Items
	unsupported = compattest.Unsupported
	plainValues = compattest.PlainValues
)

// --- the servers ------------------------------------------------------------

type login struct {
	User  string         `json:"user"`
	Count int            `json:"count"`
	Extra map[string]any `json:"extra"`
}

// safeConfig is the installation this package documents.
var safeConfig = fiber.Config{JSONEncoder: safejson.Marshal, JSONDecoder: safejson.Unmarshal}

// newServer starts fiber with cfg on its own listener on 127.0.0.1.
// GET /json/:value and /jsonp/:value render values; GET /two/:value renders
// the value and then encodes another one before the response is sent;
// POST /bind parses the body and answers with what it got.
func newServer(t *testing.T, cfg fiber.Config, values map[string]any) string {
	t.Helper()
	cfg.DisableStartupMessage = true
	app := fiber.New(cfg)
	value := func(c *fiber.Ctx) (any, error) {
		v, ok := values[c.Params("value")]
		if !ok {
			return nil, fiber.ErrNotFound
		}
		return v, nil
	}
	app.Get("/json/:value", func(c *fiber.Ctx) error {
		v, err := value(c)
		if err != nil {
			return err
		}
		return c.JSON(v)
	})
	app.Get("/jsonp/:value", func(c *fiber.Ctx) error {
		v, err := value(c)
		if err != nil {
			return err
		}
		return c.JSONP(v, "cb")
	})
	app.Get("/two/:value", func(c *fiber.Ctx) error {
		v, err := value(c)
		if err != nil {
			return err
		}
		if err := c.JSON(v); err != nil {
			return err
		}
		// A second encode while fiber still holds the first body: it must
		// not write into that body.
		_, err = app.Config().JSONEncoder(map[string]string{"other": strings.Repeat("x", 4096)})
		return err
	})
	app.Post("/bind", func(c *fiber.Ctx) error {
		var in login
		if err := c.BodyParser(&in); err != nil {
			return err
		}
		return c.JSON(in)
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	done := make(chan error, 1)
	go func() { done <- app.Listener(ln) }()
	t.Cleanup(func() {
		// Idle keep-alive connections would hold a graceful shutdown.
		http.DefaultClient.CloseIdleConnections()
		assert.NoError(t, app.ShutdownWithTimeout(5*time.Second))
		assert.NoError(t, <-done)
	})
	return "http://" + ln.Addr().String()
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
	if method == http.MethodPost {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return response{resp.StatusCode, resp.Header.Get("Content-Type"), string(b)}
}

// --- the tests --------------------------------------------------------------

// TestPlainDataAsDefault: c.JSON and c.JSONP answer plain data with the same
// status, Content-Type and bytes as fiber's default encoder.
func TestPlainDataAsDefault(t *testing.T) {
	values := plainValues()
	std := newServer(t, fiber.Config{}, values)
	ours := newServer(t, safeConfig, values)
	for v := range values {
		for _, p := range []string{"/json/", "/jsonp/", "/two/"} {
			want := do(t, http.MethodGet, std+p+v, "")
			require.Equal(t, http.StatusOK, want.status, p+v)
			got := do(t, http.MethodGet, ours+p+v, "")
			assert.Equal(t, want, got, p+v)
		}
	}
}

// TestUnsupportedValues: where fiber's default answers 500, safejson answers
// 200 with the substitute.
func TestUnsupportedValues(t *testing.T) {
	values := map[string]any{}
	for name, c := range unsupported() {
		values[name] = c.V
	}
	std := newServer(t, fiber.Config{}, values)
	ours := newServer(t, safeConfig, values)
	for name, c := range unsupported() {
		_, stdErr := json.Marshal(c.V)
		require.Error(t, stdErr, "encoding/json must reject %s", name)
		sub, err := safe.Marshal(c.V)
		require.NoError(t, err, name)
		require.Equal(t, c.Want, string(sub), name)

		assert.Equal(t, response{http.StatusOK, "application/json", c.Want}, do(t, http.MethodGet, ours+"/json/"+name, ""), name)
		assert.Equal(t, response{http.StatusOK, "text/javascript; charset=utf-8", "cb(" + c.Want + ");"}, do(t, http.MethodGet, ours+"/jsonp/"+name, ""), name)
		assert.Equal(t,
			response{http.StatusInternalServerError, "text/plain; charset=utf-8", stdErr.Error()},
			do(t, http.MethodGet, std+"/json/"+name, ""), "fiber's default for %s", name)
	}
}

// TestFailingMarshaler: an error of the user's own code takes fiber's error
// handler with either encoder: 500 with the error text, no partial body.
func TestFailingMarshaler(t *testing.T) {
	values := map[string]any{"fail": []any{items(2000), failing{}}}
	std := newServer(t, fiber.Config{}, values)
	ours := newServer(t, safeConfig, values)
	for _, p := range []string{"/json/", "/jsonp/"} {
		want := do(t, http.MethodGet, std+p+"fail", "")
		got := do(t, http.MethodGet, ours+p+"fail", "")
		assert.Equal(t, want, got, p)
		assert.Equal(t, response{http.StatusInternalServerError, "text/plain; charset=utf-8",
			compattest.FailingMessage()}, got, p)
	}
}

// TestBodyParser: JSON bodies parse as with fiber's default decoder, errors
// included.
func TestBodyParser(t *testing.T) {
	std := newServer(t, fiber.Config{}, nil)
	ours := newServer(t, safeConfig, nil)
	bodies := []string{
		`{"user":"ada","count":3,"extra":{"big":12345678901234567890,"s":"<x>"}}`,
		`{"user":"ada","unknown":1}`,
		`{"user":"ada"} trailing`,
		`{"user":1}`,
		`{"user":`,
		`{"user" "x"}`,
		`[1,2]`,
	}
	for _, body := range bodies {
		want := do(t, http.MethodPost, std+"/bind", body)
		got := do(t, http.MethodPost, ours+"/bind", body)
		assert.Equal(t, want, got, body)
	}
	assert.Equal(t,
		response{http.StatusOK, "application/json", `{"user":"ada","count":3,"extra":{"big":12345678901234567000,"s":"\u003cx\u003e"}}`},
		do(t, http.MethodPost, ours+"/bind", bodies[0]))
}

// TestFreshSliceEveryCall: fiber keeps the encoder's slice as the body, so
// safejson.Marshal must never hand out the same memory twice. Many clients
// at once each get their own value, under the race detector.
func TestFreshSliceEveryCall(t *testing.T) {
	a, err := safejson.Marshal(items(50))
	require.NoError(t, err)
	keep := string(a)
	b, err := safejson.Marshal(items(60))
	require.NoError(t, err)
	assert.Equal(t, keep, string(a), "a second Marshal changed the first result")
	assert.NotEqual(t, string(a), string(b))

	values := map[string]any{}
	want := map[string]string{}
	for i := range 16 {
		k := fmt.Sprint(i)
		values[k] = items(1 + i*7)
		w, err := json.Marshal(values[k])
		require.NoError(t, err)
		want[k] = string(w)
	}
	srv := newServer(t, safeConfig, values)
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for g := range 8 {
		wg.Go(func() {
			for i := range 20 {
				k := fmt.Sprint((g*5 + i) % 16)
				resp, err := http.Get(srv + "/two/" + k)
				if err != nil {
					errs <- err
					return
				}
				body, err := io.ReadAll(resp.Body)
				resp.Body.Close()
				if err != nil {
					errs <- err
					return
				}
				if string(body) != want[k] {
					errs <- fmt.Errorf("value %s: body differs", k)
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
