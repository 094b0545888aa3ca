package safejsonhuma_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humago"
	"github.com/safejson/safejson"
	"github.com/safejson/safejson/internal/compattest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// format is the format this package documents.
var format = huma.Format{
	Marshal: func(w io.Writer, v any) error {
		return safejson.Options{NoEscapeHTML: true}.NewEncoder(w).Encode(v)
	},
	Unmarshal: safejson.Unmarshal,
}

type output struct {
	Status int
	Body   any
}

type login struct {
	User  string         `json:"user"`
	Count int            `json:"count,omitempty"`
	Extra map[string]any `json:"extra,omitempty"`
}

type server struct {
	url string

	mu     sync.Mutex
	panics []any // what huma panicked with, per request
}

// recorded returns what huma has panicked with so far. The server records a
// panic before it closes the connection, so a client that saw the close
// finds it here.
func (s *server) recorded() []any {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]any(nil), s.panics...)
}

// newServer starts huma (humago, on net/http's ServeMux) with json as its JSON
// format on 127.0.0.1. GET /v/{name} answers values[name] with status 200, or
// 201 under ?created; POST /login answers the decoded body. A panic of huma's
// is recorded and the connection aborted, as net/http does.
func newServer(t *testing.T, jsonFormat huma.Format, values map[string]any) *server {
	t.Helper()
	cfg := huma.DefaultConfig("test", "1.0.0")
	cfg.Formats = map[string]huma.Format{"application/json": jsonFormat, "json": jsonFormat}
	mux := http.NewServeMux()
	api := humago.New(mux, cfg)
	huma.Get(api, "/v/{name}", func(_ context.Context, in *struct {
		Name    string `path:"name"`
		Created bool   `query:"created"`
	}) (*output, error) {
		v, ok := values[in.Name]
		if !ok {
			return nil, huma.Error404NotFound("no such value")
		}
		status := http.StatusOK
		if in.Created {
			status = http.StatusCreated
		}
		return &output{Status: status, Body: v}, nil
	})
	huma.Post(api, "/login", func(_ context.Context, in *struct{ Body login }) (*output, error) {
		return &output{Status: http.StatusOK, Body: in.Body}, nil
	})
	s := &server{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if p := recover(); p != nil {
				s.mu.Lock()
				s.panics = append(s.panics, p)
				s.mu.Unlock()
				panic(http.ErrAbortHandler) // what net/http does with any panic, without the log line
			}
		}()
		mux.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	s.url = srv.URL
	return s
}

func do(t *testing.T, method, url, body string) (compattest.Response, error) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	require.NoError(t, err)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return compattest.Response{}, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return compattest.Response{}, err
	}
	// huma's $schema links name the server: one name for both servers.
	b = []byte(strings.ReplaceAll(string(b), "http://"+req.URL.Host, "http://server"))
	return compattest.Answer(resp.StatusCode, resp.Header.Get("Content-Type"), string(b)), nil
}

func get(t *testing.T, url string) compattest.Response {
	t.Helper()
	r, err := do(t, http.MethodGet, url, "")
	require.NoError(t, err, url)
	return r
}

// TestPlainDataAsDefault: same status, Content-Type and bytes as huma's
// default JSON format, HTML left unescaped as huma does.
func TestPlainDataAsDefault(t *testing.T) {
	values := compattest.PlainValues()
	delete(values, "null") // huma itself panics on a nil body, whatever the format
	std := newServer(t, huma.DefaultJSONFormat, values)
	ours := newServer(t, format, values)
	for name := range values {
		for _, q := range []string{"", "?created=true"} {
			want := get(t, std.url+"/v/"+name+q)
			require.Contains(t, []int{http.StatusOK, http.StatusCreated}, want.Status, name)
			assert.Equal(t, want, get(t, ours.url+"/v/"+name+q), name+q)
		}
	}
	assert.Equal(t, compattest.Answer(http.StatusOK, "application/json", `{"html":"<b>&</b>","list":["ü",null,true],"n":1.5}`+"\n"),
		get(t, ours.url+"/v/map"))
	assert.Equal(t, get(t, std.url+"/v/missing"), get(t, ours.url+"/v/missing"))
	assert.Empty(t, std.recorded())
	assert.Empty(t, ours.recorded())
}

// TestUnsupportedValues: where huma's default writes "error marshaling
// response" and panics (the client sees the connection close), safejson
// answers the operation's status with the substitute.
func TestUnsupportedValues(t *testing.T) {
	values := compattest.UnsupportedValues()
	std := newServer(t, huma.DefaultJSONFormat, values)
	ours := newServer(t, format, values)
	for name, c := range compattest.Unsupported() {
		stdErr := c.StdErr()
		want := c.WantNoEscapeHTML // huma does not escape HTML

		assert.Equal(t, compattest.Answer(http.StatusOK, "application/json", want+"\n"), get(t, ours.url+"/v/"+name), name)
		assert.Equal(t, compattest.Answer(http.StatusCreated, "application/json", want+"\n"), get(t, ours.url+"/v/"+name+"?created=true"), name)

		_, err := do(t, http.MethodGet, std.url+"/v/"+name, "")
		assert.Error(t, err, "huma's default for %s: the connection closes", name)
		panics := std.recorded()
		require.NotEmpty(t, panics, name)
		last := panics[len(panics)-1].(error)
		assert.Equal(t, "error marshaling response for GET /v/{name} 200: "+stdErr.Error(), last.Error(), name)
	}
	assert.Empty(t, ours.recorded())
}

// TestFailingMarshaler: an error of the user's own MarshalJSON reaches huma
// as with its default format: huma writes "error marshaling response" and
// panics with the same error, wrapping the user's.
func TestFailingMarshaler(t *testing.T) {
	values := map[string]any{"fail": []any{compattest.Items(2000), compattest.Failing{}}}
	std := newServer(t, huma.DefaultJSONFormat, values)
	ours := newServer(t, format, values)
	for _, s := range []*server{std, ours} {
		_, err := do(t, http.MethodGet, s.url+"/v/fail", "")
		assert.Error(t, err, "the connection closes")
		require.Len(t, s.recorded(), 1)
	}
	stdErr := json.NewEncoder(io.Discard).Encode(values["fail"])
	require.Error(t, stdErr)
	stdPanic, ourPanic := std.recorded()[0].(error), ours.recorded()[0].(error)
	assert.Equal(t, stdPanic.Error(), ourPanic.Error())
	assert.Equal(t, "error marshaling response for GET /v/{name} 200: "+stdErr.Error(), ourPanic.Error())
	assert.True(t, errors.Is(ourPanic, compattest.ErrBoom))
}

// TestDecode: request bodies decode as with huma's default format, errors
// included.
func TestDecode(t *testing.T) {
	std := newServer(t, huma.DefaultJSONFormat, nil)
	ours := newServer(t, format, nil)
	for _, body := range compattest.LoginBodies() {
		want, err := do(t, http.MethodPost, std.url+"/login", body)
		require.NoError(t, err, body)
		got, err := do(t, http.MethodPost, ours.url+"/login", body)
		require.NoError(t, err, body)
		assert.Equal(t, want, got, body)
	}
}
