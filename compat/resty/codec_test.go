package safejsonresty_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/go-resty/resty/v2"
	"github.com/safejson/safejson/compat/resty"
	"github.com/safejson/safejson/internal/compattest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// recorder is a real HTTP server on 127.0.0.1 that records the body of each
// request it receives and answers 204.
type recorder struct {
	*httptest.Server
	mu     sync.Mutex
	bodies []string
}

func newRecorder(t *testing.T) *recorder {
	r := &recorder{}
	r.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		b, _ := io.ReadAll(req.Body)
		r.mu.Lock()
		r.bodies = append(r.bodies, string(b))
		r.mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(r.Close)
	return r
}

// last returns the body of the last request and forgets it; "" when none
// arrived since.
func (r *recorder) last() (string, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.bodies) == 0 {
		return "", false
	}
	b := r.bodies[len(r.bodies)-1]
	r.bodies = nil
	return b, true
}

// clients are resty's default and the lines, by how HTML is escaped.
func clients(srv *recorder) map[string]*resty.Client {
	return map[string]*resty.Client{
		"std":               resty.New().SetBaseURL(srv.URL),
		"std noescape":      resty.New().SetBaseURL(srv.URL).SetJSONEscapeHTML(false),
		"safejson":          resty.New().SetBaseURL(srv.URL).SetJSONMarshaler(safejsonresty.Marshal).SetJSONUnmarshaler(safejsonresty.Unmarshal),
		"safejson noescape": resty.New().SetBaseURL(srv.URL).SetJSONMarshaler(safejsonresty.MarshalNoEscapeHTML).SetJSONUnmarshaler(safejsonresty.Unmarshal),
		// The line that does not hold: the marshaler is set, but resty's
		// no-escape path calls encoding/json instead.
		"bypassed": resty.New().SetBaseURL(srv.URL).SetJSONMarshaler(safejsonresty.MarshalNoEscapeHTML).SetJSONEscapeHTML(false),
	}
}

// post sends v as a JSON body and returns the body the server received (ok
// false when no request reached it) and resty's error.
func post(srv *recorder, c *resty.Client, v any) (body string, sent bool, err error) {
	_, err = c.R().SetHeader("Content-Type", "application/json").SetBody(v).Post("/")
	body, sent = srv.last()
	return body, sent, err
}

// TestPlainDataAsDefault: plain data reaches the server byte for byte as
// with resty's default, HTML escaped (json.Marshal's bytes) or not (the
// no-escape path's: encoding/json's Encoder with SetEscapeHTML(false)).
func TestPlainDataAsDefault(t *testing.T) {
	srv := newRecorder(t)
	cs := clients(srv)
	for name, v := range compattest.PlainValues() {
		for _, pair := range [][2]string{{"std", "safejson"}, {"std noescape", "safejson noescape"}, {"std noescape", "bypassed"}} {
			want, wantSent, wantErr := post(srv, cs[pair[0]], v)
			got, sent, err := post(srv, cs[pair[1]], v)
			assert.Equal(t, wantErr, err, "%s %s", name, pair[1])
			assert.Equal(t, wantSent, sent, "%s %s", name, pair[1])
			assert.Equal(t, want, got, "%s %s", name, pair[1])
		}
		if m, ok := v.(map[string]any); ok {
			b, err := json.Marshal(m)
			require.NoError(t, err)
			got, _, _ := post(srv, cs["safejson"], v)
			assert.Equal(t, string(b), got)
			got, _, _ = post(srv, cs["safejson noescape"], v)
			assert.Equal(t, `{"html":"<b>&</b>","list":["ü",null,true],"n":1.5}`+"\n", got)
		}
	}
}

// TestUnsupportedValues: where resty's default fails the request before it
// is sent, with encoding/json's error, safejson sends the substitute; the
// bypassed line fails as the default does.
func TestUnsupportedValues(t *testing.T) {
	srv := newRecorder(t)
	cs := clients(srv)
	for name, c := range compattest.Unsupported() {
		for _, client := range []string{"std", "std noescape", "bypassed"} {
			_, sent, err := post(srv, cs[client], c.V)
			require.Error(t, err, "%s %s", name, client)
			assert.Contains(t, err.Error(), c.StdErr().Error(), "%s %s", name, client)
			assert.False(t, sent, "%s %s", name, client)
		}
		got, sent, err := post(srv, cs["safejson"], c.V)
		require.NoError(t, err, name)
		assert.True(t, sent, name)
		assert.Equal(t, c.Want, got, name)
		got, _, err = post(srv, cs["safejson noescape"], c.V)
		require.NoError(t, err, name)
		assert.Equal(t, c.WantNoEscapeHTML+"\n", got, name)
	}
}

// TestFailingMarshaler: an error of the user's own MarshalJSON fails the
// request as with resty's default.
func TestFailingMarshaler(t *testing.T) {
	srv := newRecorder(t)
	cs := clients(srv)
	v := []any{compattest.Items(1), compattest.Failing{}}
	_, _, stdErr := post(srv, cs["std"], v)
	_, sent, err := post(srv, cs["safejson"], v)
	require.Error(t, stdErr)
	require.Error(t, err)
	assert.False(t, sent)
	assert.ErrorIs(t, err, compattest.ErrBoom)
	assert.Equal(t, stdErr.Error(), err.Error())
}

// TestResponseVerdict: a JSON response decoded into SetResult gives what
// resty's default gives: encoding/json's value, or its error.
func TestResponseVerdict(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, req.URL.Query().Get("body"))
	}))
	defer srv.Close()
	cs := clients(&recorder{Server: srv})
	get := func(c *resty.Client) func(string, *compattest.Login) error {
		return func(body string, v *compattest.Login) error {
			_, err := c.R().SetQueryParam("body", body).SetResult(v).Get("/")
			return err
		}
	}
	compattest.SameLoginVerdicts(t, get(cs["std"]), get(cs["safejson"]), nil)
}
