package safejsonchi_test

import (
	"errors"
	"math"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/render"
	"github.com/safejson/safejson"
	safejsonchi "github.com/safejson/safejson/compat/chi"
	"github.com/safejson/safejson/internal/compattest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// --- the servers ------------------------------------------------------------

// newServer starts chi with respond and decode as its codec.
// GET /{value} responds values[value] (with status 201 under ?created);
// POST /decode decodes the body and responds with it, or 400 and the error.
func newServer(t *testing.T, respond func(http.ResponseWriter, *http.Request, any), decode func(*http.Request, any) error, values map[string]any) *httptest.Server {
	t.Helper()
	r := chi.NewRouter()
	r.Get("/{value}", func(w http.ResponseWriter, r *http.Request) {
		v, ok := values[chi.URLParam(r, "value")]
		if !ok {
			http.NotFound(w, r)
			return
		}
		if r.URL.Query().Has("created") {
			render.Status(r, http.StatusCreated)
		}
		respond(w, r, v)
	})
	r.Post("/decode", func(w http.ResponseWriter, r *http.Request) {
		var in compattest.Login
		if err := decode(r, &in); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		respond(w, r, in)
	})
	srv := httptest.NewServer(r)
	t.Cleanup(srv.Close)
	return srv
}

func do(t *testing.T, method, url, contentType, accept, body string) compattest.Response {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	require.NoError(t, err)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if accept != "" {
		req.Header.Set("Accept", accept)
	}
	return compattest.Send(t, req)
}

func get(t *testing.T, url, accept string) compattest.Response {
	t.Helper()
	return do(t, http.MethodGet, url, "", accept, "")
}

// --- the tests --------------------------------------------------------------

// TestPlainDataAsDefault: same status, Content-Type and bytes as
// render.DefaultResponder, for JSON and XML requests, with and without
// render.Status.
func TestPlainDataAsDefault(t *testing.T) {
	values := compattest.PlainValues()
	std := newServer(t, render.DefaultResponder, render.DefaultDecoder, values)
	ours := newServer(t, safejsonchi.Respond, safejsonchi.Decode, values)
	for v := range values {
		for _, q := range []string{"", "?created"} {
			for _, accept := range []string{"", "application/json", "application/xml", "text/html"} {
				want := get(t, std.URL+"/"+v+q, accept)
				got := get(t, ours.URL+"/"+v+q, accept)
				if accept != "application/xml" {
					require.Equal(t, "application/json", want.ContentType, v)
				}
				assert.Equal(t, want, got, "%s%s Accept: %s", v, q, accept)
			}
		}
	}
}

// TestUnsupportedValues: where render.JSON answers 500, safejsonchi answers
// with the status set (200 by default) and the substitute.
func TestUnsupportedValues(t *testing.T) {
	values := compattest.UnsupportedValues()
	std := newServer(t, render.DefaultResponder, render.DefaultDecoder, values)
	ours := newServer(t, safejsonchi.Respond, safejsonchi.Decode, values)
	for name, c := range compattest.Unsupported() {
		stdErr := c.StdErr()

		assert.Equal(t, compattest.Answer(http.StatusOK, "application/json", c.Want+"\n"), get(t, ours.URL+"/"+name, ""), name)
		assert.Equal(t, compattest.Answer(http.StatusCreated, "application/json", c.Want+"\n"), get(t, ours.URL+"/"+name+"?created", ""), name)
		assert.Equal(t,
			compattest.Answer(http.StatusInternalServerError, "text/plain; charset=utf-8", stdErr.Error()+"\n"),
			get(t, std.URL+"/"+name, ""), "render.JSON's answer for %s", name)
	}
}

// TestFailingMarshaler: an error of the user's own code gives render.JSON's
// answer: 500 with the error text, and nothing of the value.
func TestFailingMarshaler(t *testing.T) {
	values := map[string]any{"fail": []any{compattest.Items(2000), compattest.Failing{}}}
	std := newServer(t, render.DefaultResponder, render.DefaultDecoder, values)
	ours := newServer(t, safejsonchi.Respond, safejsonchi.Decode, values)
	for _, q := range []string{"", "?created"} {
		want := get(t, std.URL+"/fail"+q, "")
		got := get(t, ours.URL+"/fail"+q, "")
		assert.Equal(t, want, got, q)
		assert.Equal(t, compattest.Answer(http.StatusInternalServerError, "text/plain; charset=utf-8",
			compattest.FailingMessage()+"\n"), got, q)
	}
}

// TestDecode: JSON bodies decode as with render.DefaultDecoder, errors
// included; other content types are left to it.
func TestDecode(t *testing.T) {
	std := newServer(t, render.DefaultResponder, render.DefaultDecoder, nil)
	ours := newServer(t, safejsonchi.Respond, safejsonchi.Decode, nil)
	bodies := append(compattest.LoginBodies(), ``)
	for _, ctype := range []string{"application/json", "application/json; charset=utf-8", "text/plain"} {
		for _, body := range bodies {
			want := do(t, http.MethodPost, std.URL+"/decode", ctype, "", body)
			got := do(t, http.MethodPost, ours.URL+"/decode", ctype, "", body)
			assert.Equal(t, want, got, "%s %s", ctype, body)
		}
	}
	form := do(t, http.MethodPost, ours.URL+"/decode", "application/x-www-form-urlencoded", "", "User=ada")
	assert.Equal(t, do(t, http.MethodPost, std.URL+"/decode", "application/x-www-form-urlencoded", "", "User=ada"), form)
	assert.Equal(t,
		compattest.Answer(http.StatusOK, "application/json", compattest.LoginEcho+"\n"),
		do(t, http.MethodPost, ours.URL+"/decode", "application/json", "", bodies[0]))
}

// TestChannelsStayWithRender: channel values are render.DefaultResponder's.
func TestChannelsStayWithRender(t *testing.T) {
	values := map[string]any{}
	std := newServer(t, render.DefaultResponder, render.DefaultDecoder, values)
	ours := newServer(t, safejsonchi.Respond, safejsonchi.Decode, values)
	for _, srv := range []*httptest.Server{std, ours} {
		for _, accept := range []string{"", "text/event-stream"} {
			ch := make(chan any, 2)
			ch <- compattest.Items(1)[0]
			ch <- map[string]int{"n": 2}
			close(ch)
			values["ch"] = ch
			got := get(t, srv.URL+"/ch", accept)
			if accept == "" {
				assert.Equal(t, compattest.Answer(http.StatusOK, "application/json",
					`[{"id":1,"name":"User 001","email":"user001@example.com","score":0,"active":false,"address":{"city":"Lisbon","zip":"00000"},"tags":["alpha","group-0","beta"]},{"n":2}]`+"\n"), got)
			} else {
				assert.Equal(t, "text/event-stream; charset=utf-8", got.ContentType)
				assert.Contains(t, got.Body, "event: data\ndata: {\"n\":2}\n\n")
			}
		}
	}
}

// article is a render.Renderer and render.Binder.
type article struct {
	Title  string   `json:"title"`
	Parent *article `json:"parent,omitempty"`
	Score  float64  `json:"score"`
}

func (a *article) Render(http.ResponseWriter, *http.Request) error { return nil }
func (a *article) Bind(*http.Request) error {
	if a.Title == "" {
		return errors.New("missing title")
	}
	return nil
}

// TestInstalled sets render.Respond and render.Decode, as a user does, and
// goes through render.Respond, render.Render, render.RenderList and
// render.Bind. A cyclic Renderer goes to render.Respond, not render.Render:
// render.Render calls Render on every field that is a Renderer, recursively,
// and overflows the stack on a cycle before any encoder runs.
func TestInstalled(t *testing.T) {
	oldRespond, oldDecode := render.Respond, render.Decode
	render.Respond, render.Decode = safejsonchi.Respond, safejsonchi.Decode
	t.Cleanup(func() { render.Respond, render.Decode = oldRespond, oldDecode })

	r := chi.NewRouter()
	r.Get("/cycle", func(w http.ResponseWriter, r *http.Request) {
		a := &article{Title: "self", Score: math.NaN()}
		a.Parent = a
		render.Respond(w, r, a)
	})
	r.Get("/one", func(w http.ResponseWriter, r *http.Request) {
		_ = render.Render(w, r, &article{Title: "one", Score: math.NaN()})
	})
	r.Get("/list", func(w http.ResponseWriter, r *http.Request) {
		a := &article{Title: "x", Score: math.Inf(1)}
		_ = render.RenderList(w, r, []render.Renderer{a, &article{Title: "y", Parent: a}})
	})
	r.Post("/bind", func(w http.ResponseWriter, r *http.Request) {
		var a article
		if err := render.Bind(r, &a); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		render.Status(r, http.StatusCreated)
		render.Respond(w, r, &a)
	})
	srv := httptest.NewServer(r)
	defer srv.Close()

	assert.Equal(t, compattest.Answer(http.StatusOK, "application/json", `{"title":"self","score":null}`+"\n"), get(t, srv.URL+"/cycle", ""))
	assert.Equal(t, compattest.Answer(http.StatusOK, "application/json", `{"title":"one","score":null}`+"\n"), get(t, srv.URL+"/one", ""))
	assert.Equal(t, compattest.Answer(http.StatusOK, "application/json",
		`[{"title":"x","score":null},{"title":"y","parent":{"title":"x","score":null},"score":0}]`+"\n"), get(t, srv.URL+"/list", ""))
	assert.Equal(t, compattest.Answer(http.StatusCreated, "application/json", `{"title":"t","score":2.5}`+"\n"),
		do(t, http.MethodPost, srv.URL+"/bind", "application/json", "", `{"title":"t","score":2.5}`))
	assert.Equal(t, compattest.Answer(http.StatusBadRequest, "text/plain; charset=utf-8", "missing title\n"),
		do(t, http.MethodPost, srv.URL+"/bind", "application/json", "", `{"score":2.5}`))
}

// TestJSONMatchesMarshal: JSON writes safejson.Marshal's bytes and a newline.
func TestJSONMatchesMarshal(t *testing.T) {
	for name, v := range compattest.PlainValues() {
		rec := httptest.NewRecorder()
		safejsonchi.JSON(rec, httptest.NewRequest(http.MethodGet, "/", nil), v)
		b, err := safejson.Marshal(v)
		require.NoError(t, err, name)
		assert.Equal(t, string(b)+"\n", rec.Body.String(), name)
		assert.Equal(t, http.StatusOK, rec.Code, name)
	}
}
