package safejsonhuma_test

import (
	"context"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/httptest"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humago"
	"github.com/safejson/safejson"
)

func Example() {
	huma.DefaultFormats["application/json"] = huma.Format{
		Marshal: func(w io.Writer, v any) error {
			return safejson.Options{NoEscapeHTML: true}.NewEncoder(w).Encode(v)
		},
		Unmarshal: safejson.Unmarshal,
	}
	huma.DefaultFormats["json"] = huma.DefaultFormats["application/json"]
	defer func() {
		huma.DefaultFormats["application/json"], huma.DefaultFormats["json"] = huma.DefaultJSONFormat, huma.DefaultJSONFormat
	}()

	type user struct {
		Name    string  `json:"name"`
		Score   float64 `json:"score"`
		Manager *user   `json:"manager,omitempty"`
	}
	type output struct{ Body *user }
	mux := http.NewServeMux()
	api := humago.New(mux, huma.DefaultConfig("Users", "1.0.0"))
	huma.Get(api, "/me", func(context.Context, *struct{}) (*output, error) {
		u := &user{Name: "Ada <admin>", Score: math.NaN()}
		u.Manager = u // encoding/json: "error marshaling response" and a closed connection; safejson: the cycle cut
		// (huma's $schema link writes a copy of u first, so u itself is written once below it)
		return &output{Body: u}, nil
	})

	w := httptest.NewRecorder()
	mux.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/me", nil))
	fmt.Print(w.Code, " ", w.Body.String())
	// Output: 200 {"$schema":"https://example.com/schemas/User.json","name":"Ada <admin>","score":null,"manager":{"name":"Ada <admin>","score":null}}
}
