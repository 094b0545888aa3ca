package safejsonfiber_test

import (
	"net"
	"net/http"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v2"
	"github.com/safejson/safejson"
	"github.com/safejson/safejson/internal/compattest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// --- the server ------------------------------------------------------------

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
		var in compattest.Login
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
		assert.NoError(t, app.Shutdown())
		assert.NoError(t, <-done)
	})
	return "http://" + ln.Addr().String()
}

// --- the tests --------------------------------------------------------------

// TestFiber runs the tests fiber v2's and v3's adapters share
// (compattest.FiberSuite).
func TestFiber(t *testing.T) {
	compattest.FiberSuite{
		New: func(t *testing.T, ours bool, values map[string]any) string {
			if ours {
				return newServer(t, safeConfig, values)
			}
			return newServer(t, fiber.Config{}, values)
		},
		JSONType: "application/json",
	}.Run(t)
}
