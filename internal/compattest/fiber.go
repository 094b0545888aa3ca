package compattest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"github.com/safejson/safejson"
)

// FiberSuite is the tests fiber v2's and v3's adapters share: their servers
// differ in fiber's API only. New starts fiber with its default codec (ours
// false) or with safejson's, serving values at GET /json/NAME (c.JSON),
// /jsonp/NAME (c.JSONP with callback "cb") and /two/NAME (c.JSON, then a
// second encode before fiber sends the first body), and binding a Login at
// POST /bind; it returns the server's URL. JSONType is the Content-Type of
// fiber's c.JSON.
type FiberSuite struct {
	New      func(t *testing.T, ours bool, values map[string]any) string
	JSONType string
}

// Run runs the suite, one subtest per behaviour.
func (s FiberSuite) Run(t *testing.T) {
	t.Run("PlainDataAsDefault", s.plainDataAsDefault)
	t.Run("UnsupportedValues", s.unsupportedValues)
	t.Run("FailingMarshaler", s.failingMarshaler)
	t.Run("BindAsDefault", s.bindAsDefault)
	t.Run("FreshSliceEveryCall", s.freshSliceEveryCall)
}

// plainDataAsDefault: c.JSON and c.JSONP answer plain data with the same
// status, Content-Type and bytes as fiber's default encoder.
func (s FiberSuite) plainDataAsDefault(t *testing.T) {
	values := PlainValues()
	std, ours := s.New(t, false, values), s.New(t, true, values)
	for v := range values {
		for _, p := range []string{"/json/", "/jsonp/", "/two/"} {
			want := Get(t, std+p+v)
			if want.Status != http.StatusOK {
				t.Fatalf("%s%s: fiber's default answers %d", p, v, want.Status)
			}
			equal(t, want, Get(t, ours+p+v), p+v)
		}
	}
}

// unsupportedValues: where fiber's default answers 500 with encoding/json's
// error, safejson answers 200 with the substitute.
func (s FiberSuite) unsupportedValues(t *testing.T) {
	values := UnsupportedValues()
	std, ours := s.New(t, false, values), s.New(t, true, values)
	for name, c := range Unsupported() {
		equal(t, Answer(http.StatusOK, s.JSONType, c.Want), Get(t, ours+"/json/"+name), name)
		equal(t, Answer(http.StatusOK, "text/javascript; charset=utf-8", "cb("+c.Want+");"), Get(t, ours+"/jsonp/"+name), name)
		equal(t, Answer(http.StatusInternalServerError, "text/plain; charset=utf-8", c.StdErr().Error()),
			Get(t, std+"/json/"+name), "fiber's default for "+name)
	}
}

// failingMarshaler: an error of the user's own code takes fiber's error
// handler with either encoder: 500 with the error text, no partial body.
func (s FiberSuite) failingMarshaler(t *testing.T) {
	values := map[string]any{"fail": []any{Items(2000), Failing{}}}
	std, ours := s.New(t, false, values), s.New(t, true, values)
	for _, p := range []string{"/json/", "/jsonp/"} {
		got := AsDefault(t, http.MethodGet, std, ours, p+"fail", "")
		equal(t, Answer(http.StatusInternalServerError, "text/plain; charset=utf-8", FailingMessage()), got, p)
	}
}

// bindAsDefault: JSON bodies bind as with fiber's default decoder, errors
// included.
func (s FiberSuite) bindAsDefault(t *testing.T) {
	std, ours := s.New(t, false, nil), s.New(t, true, nil)
	bodies := LoginBodies()
	for _, body := range bodies {
		AsDefault(t, http.MethodPost, std, ours, "/bind", body)
	}
	equal(t, Answer(http.StatusOK, s.JSONType, LoginEcho), Do(t, http.MethodPost, ours+"/bind", bodies[0]), bodies[0])
}

// freshSliceEveryCall: fiber keeps the encoder's slice as the body, so
// safejson.Marshal must never hand out the same memory twice. Many clients
// at once each get their own value, under the race detector.
func (s FiberSuite) freshSliceEveryCall(t *testing.T) {
	a, err := safejson.Marshal(Items(50))
	if err != nil {
		t.Fatal(err)
	}
	keep := string(a)
	b, err := safejson.Marshal(Items(60))
	if err != nil {
		t.Fatal(err)
	}
	if string(a) != keep || string(a) == string(b) {
		t.Fatal("a second Marshal changed the first result")
	}
	values, want := map[string]any{}, map[string]string{}
	for i := range 16 {
		k := fmt.Sprint(i)
		values[k] = Items(1 + i*7)
		w, err := json.Marshal(values[k])
		if err != nil {
			t.Fatal(err)
		}
		want[k] = string(w)
	}
	ours := s.New(t, true, values)
	ConcurrentGets(t, func(k string) string { return ours + "/two/" + k }, want)
}

// equal fails the test when got is not want.
func equal(t testing.TB, want, got Response, what string) {
	t.Helper()
	if want != got {
		t.Errorf("%s:\n got  %+v\n want %+v", what, got, want)
	}
}
