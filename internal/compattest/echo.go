package compattest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/safejson/safejson/safe"
)

// EchoSuite is the tests echo v4's and v5's adapters share: their servers
// differ in echo's API only. New starts echo with its default serializer
// (ours false) or with safejson's, its error handler showing the error when
// verbose is set (v4's Debug mode, v5's exposeError), serving values at GET
// /json/NAME (c.JSON; ?pretty for echo's own switch), /pretty/NAME
// (c.JSONPretty with a tab, status 201) and /jsonp/NAME (c.JSONP with
// callback "cb"); it returns the server's URL. Pretty is what ?pretty makes
// of the value v, written compact as want (v4 indents it by two spaces, v5
// ignores the switch).
type EchoSuite struct {
	New    func(t *testing.T, ours, verbose bool, values map[string]any) string
	Pretty func(t testing.TB, v any, want string) string
}

// EchoPaths are the GET routes of an EchoSuite server, for a value's name.
var EchoPaths = []string{"/json/%s", "/json/%s?pretty", "/pretty/%s", "/jsonp/%s"}

// Run runs the suite, one subtest per behaviour.
func (s EchoSuite) Run(t *testing.T) {
	t.Run("UnsupportedValues", s.unsupportedValues)
	t.Run("FailingMarshaler", s.failingMarshaler)
}

// unsupportedValues: where echo's default answers 500, safejson answers 200
// with the substitute.
func (s EchoSuite) unsupportedValues(t *testing.T) {
	values := UnsupportedValues()
	std, ours := s.New(t, false, false, values), s.New(t, true, false, values)
	for name, c := range Unsupported() {
		tabbed, err := safe.MarshalIndent(c.V, "", "\t")
		if err != nil {
			t.Fatal(err)
		}
		wants := map[string]Response{
			"/json/%s":        Answer(http.StatusOK, "application/json", c.Want+"\n"),
			"/json/%s?pretty": Answer(http.StatusOK, "application/json", s.Pretty(t, c.V, c.Want)+"\n"),
			"/pretty/%s":      Answer(http.StatusCreated, "application/json", string(tabbed)+"\n"),
			"/jsonp/%s":       Answer(http.StatusOK, "application/javascript; charset=UTF-8", "cb("+c.Want+"\n);"),
		}
		for p, want := range wants {
			path := fmt.Sprintf(p, name)
			equal(t, want, Get(t, ours+path), path)
		}
		// What echo's default does with these values.
		equal(t, Answer(http.StatusInternalServerError, "application/json", `{"message":"Internal Server Error"}`+"\n"),
			Get(t, std+"/json/"+name), "echo's default for "+name)
	}
}

// failingMarshaler: an error of the user's own code takes echo's error path
// with either serializer: a 500 from the error handler and no partial body,
// even when the failing value comes after a large prefix. c.JSONP is echo's
// exception: it has written "cb(" before serializing, with both.
func (s EchoSuite) failingMarshaler(t *testing.T) {
	values := map[string]any{"fail": []any{Items(2000), Failing{}}}
	for _, verbose := range []bool{false, true} {
		std, ours := s.New(t, false, verbose, values), s.New(t, true, verbose, values)
		for _, p := range EchoPaths {
			path := fmt.Sprintf(p, "fail")
			got := AsDefault(t, http.MethodGet, std, ours, path, "")
			if p == "/jsonp/%s" {
				equal(t, Answer(http.StatusOK, "application/javascript; charset=UTF-8", "cb("), got, path)
				continue
			}
			if got.Status != http.StatusInternalServerError || strings.Contains(got.Body, "User 001") {
				t.Errorf("verbose=%v %s: %+v, want a 500 and no partial body", verbose, path, got)
			}
			if verbose {
				var m map[string]string
				if err := json.Unmarshal([]byte(got.Body), &m); err != nil {
					t.Fatal(err)
				}
				if m["error"] != FailingMessage() {
					t.Errorf("verbose=%v %s: error %q, want %q", verbose, path, m["error"], FailingMessage())
				}
			}
		}
	}
}
