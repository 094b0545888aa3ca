package safejsongokit_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync"
	"testing"

	"github.com/go-kit/kit/endpoint"
	httptransport "github.com/go-kit/kit/transport/http"
	"github.com/safejson/safejson/compat/gokit"
	"github.com/safejson/safejson/internal/compattest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const contentType = "application/json; charset=utf-8"

// Created is a response with a status and a header of its own.
type Created struct {
	ID string `json:"id"`
}

func (Created) StatusCode() int      { return http.StatusCreated }
func (Created) Headers() http.Header { return http.Header{"Location": {"/items/<1>"}} }

// Empty is a 204 response.
type Empty struct{ V any }

func (Empty) StatusCode() int { return http.StatusNoContent }

// values are what the servers' endpoint answers, by the name in the path.
func values() map[string]any {
	values := compattest.PlainValues()
	for name, v := range compattest.UnsupportedValues() {
		values[name] = v
	}
	values["created"] = Created{ID: "<1>"}
	values["empty"] = Empty{V: compattest.Cyclic()}
	values["failing"] = []any{compattest.Items(1), compattest.Failing{}}
	return values
}

// serve starts a real go-kit server on 127.0.0.1 answering GET /NAME with
// values()[NAME] through enc, and returns its URL.
func serve(t *testing.T, enc httptransport.EncodeResponseFunc) string {
	vs := values()
	e := func(_ context.Context, req any) (any, error) { return vs[req.(string)], nil }
	dec := func(_ context.Context, r *http.Request) (any, error) { return r.URL.Path[1:], nil }
	srv := httptest.NewServer(httptransport.NewServer(endpoint.Endpoint(e), dec, enc))
	t.Cleanup(srv.Close)
	return srv.URL
}

// TestPlainDataAsDefault: plain data, statuses and headers are answered as
// by go-kit's EncodeJSONResponse, byte for byte.
func TestPlainDataAsDefault(t *testing.T) {
	std, ours := serve(t, httptransport.EncodeJSONResponse), serve(t, safejsongokit.EncodeJSONResponse)
	for name := range compattest.PlainValues() {
		got := compattest.AsDefault(t, http.MethodGet, std, ours, "/"+name, "")
		assert.Equal(t, http.StatusOK, got.Status, name)
	}
	assert.Equal(t, compattest.Answer(http.StatusCreated, contentType, `{"id":"\u003c1\u003e"}`+"\n"),
		compattest.AsDefault(t, http.MethodGet, std, ours, "/created", ""))
	resp, err := http.Get(ours + "/created")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, "/items/<1>", resp.Header.Get("Location"))
	// 204: no body, whatever the response holds.
	assert.Equal(t, compattest.Answer(http.StatusNoContent, contentType, ""), compattest.AsDefault(t, http.MethodGet, std, ours, "/empty", ""))
}

// TestUnsupportedValues: go-kit's default writes 200 before it encodes, and
// its error encoder then appends encoding/json's error text to that 200;
// safejson answers 200 with the substitute.
func TestUnsupportedValues(t *testing.T) {
	std, ours := serve(t, httptransport.EncodeJSONResponse), serve(t, safejsongokit.EncodeJSONResponse)
	for name, c := range compattest.Unsupported() {
		assert.Equal(t, compattest.Answer(http.StatusOK, contentType, c.StdErr().Error()), compattest.Get(t, std+"/"+name), name)
		assert.Equal(t, compattest.Answer(http.StatusOK, contentType, c.Want+"\n"), compattest.Get(t, ours+"/"+name), name)
	}
}

// TestFailingMarshaler: an error of the user's own MarshalJSON reaches
// go-kit's error encoder before anything is written: 500 and its text, where
// go-kit's default answers 200 and the text.
func TestFailingMarshaler(t *testing.T) {
	std, ours := serve(t, httptransport.EncodeJSONResponse), serve(t, safejsongokit.EncodeJSONResponse)
	msg := compattest.FailingMessage()
	assert.Equal(t, compattest.Answer(http.StatusOK, contentType, msg), compattest.Get(t, std+"/failing"))
	assert.Equal(t, compattest.Answer(http.StatusInternalServerError, "text/plain; charset=utf-8", msg), compattest.Get(t, ours+"/failing"))
}

// TestClient: a go-kit HTTP client sends plain data as with go-kit's
// EncodeJSONRequest, and the substitute where the default fails the call
// before sending.
func TestClient(t *testing.T) {
	var mu sync.Mutex
	var got []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		mu.Lock()
		got = append(got, r.Header.Get("Content-Type")+" "+string(b))
		mu.Unlock()
	}))
	defer srv.Close()
	u, err := url.Parse(srv.URL)
	require.NoError(t, err)
	dec := func(context.Context, *http.Response) (any, error) { return nil, nil }
	call := func(enc httptransport.EncodeRequestFunc, v any) (string, error) {
		mu.Lock()
		got = nil
		mu.Unlock()
		_, err := httptransport.NewClient(http.MethodPost, u, enc, dec).Endpoint()(context.Background(), v)
		mu.Lock()
		defer mu.Unlock()
		if len(got) == 0 {
			return "", err
		}
		return got[0], err
	}
	for name, v := range compattest.PlainValues() {
		want, wantErr := call(httptransport.EncodeJSONRequest, v)
		body, err := call(safejsongokit.EncodeJSONRequest, v)
		require.NoError(t, wantErr, name)
		require.NoError(t, err, name)
		assert.Equal(t, want, body, name)
	}
	for name, c := range compattest.Unsupported() {
		body, err := call(httptransport.EncodeJSONRequest, c.V)
		require.Error(t, err, name)
		assert.Contains(t, err.Error(), c.StdErr().Error(), name)
		assert.Empty(t, body, name)
		body, err = call(safejsongokit.EncodeJSONRequest, c.V)
		require.NoError(t, err, name)
		assert.Equal(t, contentType+" "+c.Want+"\n", body, name)
	}
}
