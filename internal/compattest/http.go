package compattest

import (
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Response is what an HTTP answer says: its status, Content-Type and body.
type Response struct {
	Status      int
	ContentType string
	Body        string
}

// Answer is the Response of status, contentType and body.
func Answer(status int, contentType, body string) Response {
	return Response{Status: status, ContentType: contentType, Body: body}
}

// Do sends a request (with Content-Type application/json when it is a POST or
// has a body) and returns the answer; a transport error fails the test.
func Do(t testing.TB, method, url, body string) Response {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if body != "" || method == http.MethodPost {
		req.Header.Set("Content-Type", "application/json")
	}
	return Send(t, req)
}

// Send sends req and returns the answer; a transport error fails the test.
func Send(t testing.TB, req *http.Request) Response {
	t.Helper()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return Answer(resp.StatusCode, resp.Header.Get("Content-Type"), string(b))
}

// Get is Do with GET and no body.
func Get(t testing.TB, url string) Response {
	t.Helper()
	return Do(t, http.MethodGet, url, "")
}

// AsDefault sends the same request (Do) to the server with the framework's
// default codec (std) and to the one with safejson (ours), reports a
// difference between the answers, and returns ours.
func AsDefault(t testing.TB, method, std, ours, path, body string) Response {
	t.Helper()
	want, got := Do(t, method, std+path, body), Do(t, method, ours+path, body)
	if got != want {
		t.Errorf("%s %s %q: safejson answers\n %+v\nthe default codec\n %+v", method, path, body, got, want)
	}
	return got
}

// WaitUp returns once a server started in the background answers url (any
// status). It sets no time limit: a server that never starts is stopped by go
// test -timeout, which names the test, where a limit of its own would fail a
// correct build on a loaded machine.
func WaitUp(url string) {
	for {
		resp, err := http.Get(url)
		if err == nil {
			resp.Body.Close()
			return
		}
	}
}

// Login is the request body the adapters' decoding tests bind.
type Login struct {
	User  string         `json:"user"`
	Count int            `json:"count"`
	Extra map[string]any `json:"extra"`
}

// SameLoginVerdicts decodes each of LoginBodies into a fresh Login with std
// (the library's default) and with ours (safejson), and asserts ours gives
// std's verdict: the same value; no error where std has none; else an error
// of std's text that sameKind accepts (SameType when nil). At least one body
// must fail.
func SameLoginVerdicts(t *testing.T, std, ours func(body string, v *Login) error, sameKind func(t *testing.T, want, got error, body string)) {
	t.Helper()
	if sameKind == nil {
		sameKind = SameType
	}
	failed := 0
	for _, body := range LoginBodies() {
		var want, got Login
		wantErr := std(body, &want)
		err := ours(body, &got)
		assert.Equal(t, want, got, body)
		if wantErr == nil {
			assert.NoError(t, err, body)
			continue
		}
		failed++
		require.Error(t, err, body)
		assert.Equal(t, wantErr.Error(), err.Error(), body)
		sameKind(t, wantErr, err, body)
	}
	assert.NotZero(t, failed)
}

// SameType asserts got has want's type.
func SameType(t *testing.T, want, got error, body string) {
	t.Helper()
	assert.IsType(t, want, got, body)
}

// LoginBodies are request bodies for Login: valid (a number too large for an
// int64, HTML), an unknown member, trailing data, wrong types, truncated and
// malformed JSON, and an array.
func LoginBodies() []string {
	return []string{
		`{"user":"ada","count":3,"extra":{"big":12345678901234567890,"s":"<x>"}}`,
		`{"user":"ada","unknown":1}`,
		`{"user":"ada"} trailing`,
		`{"user":1}`,
		`{"user":`,
		`{"user" "x"}`,
		`[1,2]`,
	}
}

// LoginEcho is what a handler that binds LoginBodies()[0] and answers with it
// writes: the big number rounded through float64, HTML escaped.
const LoginEcho = `{"user":"ada","count":3,"extra":{"big":12345678901234567000,"s":"\u003cx\u003e"}}`

// ConcurrentGets asks, from 8 goroutines at once, 20 URLs each (url(k) for
// keys k of want, in turn) and reports every answer whose body is not
// want[k]: a server must hand each client its own bytes.
func ConcurrentGets(t testing.TB, url func(k string) string, want map[string]string) {
	t.Helper()
	keys := make([]string, 0, len(want))
	for k := range want {
		keys = append(keys, k)
	}
	var wg sync.WaitGroup
	errs := make(chan string, 8*20)
	for g := range 8 {
		wg.Go(func() {
			for i := range 20 {
				k := keys[(g*5+i)%len(keys)]
				resp, err := http.Get(url(k))
				if err != nil {
					errs <- err.Error()
					return
				}
				body, err := io.ReadAll(resp.Body)
				resp.Body.Close()
				if err != nil {
					errs <- err.Error()
					return
				}
				if string(body) != want[k] {
					errs <- "value " + k + ": body differs"
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
