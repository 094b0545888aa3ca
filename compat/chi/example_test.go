package safejsonchi_test

import (
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/render"
	safejsonchi "github.com/safejson/safejson/compat/chi"
)

func Example() {
	render.Respond, render.Decode = safejsonchi.Respond, safejsonchi.Decode // once, at start-up
	defer func() { render.Respond, render.Decode = render.DefaultResponder, render.DefaultDecoder }()

	type user struct {
		Name    string  `json:"name"`
		Score   float64 `json:"score"`
		Manager *user   `json:"manager,omitempty"`
	}
	r := chi.NewRouter()
	r.Get("/me", func(w http.ResponseWriter, r *http.Request) {
		u := &user{Name: "Ada", Score: math.NaN()}
		u.Manager = u // encoding/json: a 500; safejson: the member omitted
		render.Respond(w, r, u)
	})

	w := httptest.NewRecorder()
	r.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/me", nil))
	fmt.Print(w.Code, " ", w.Body.String())
	// Output: 200 {"name":"Ada","score":null}
}
