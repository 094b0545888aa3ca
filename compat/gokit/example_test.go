package safejsongokit_test

import (
	"context"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/httptest"

	httptransport "github.com/go-kit/kit/transport/http"

	safejsongokit "github.com/safejson/safejson/compat/gokit"
)

func Example() {
	type user struct {
		Name    string  `json:"name"`
		Score   float64 `json:"score"`
		Manager *user   `json:"manager,omitempty"`
	}
	me := func(context.Context, any) (any, error) {
		u := &user{Name: "Ada", Score: math.NaN()}
		u.Manager = u // go-kit's EncodeJSONResponse: 200, body "json: unsupported value: …"
		return u, nil
	}
	dec := func(context.Context, *http.Request) (any, error) { return nil, nil }
	srv := httptest.NewServer(httptransport.NewServer(me, dec, safejsongokit.EncodeJSONResponse))
	defer srv.Close()

	resp, err := http.Get(srv.URL)
	if err != nil {
		panic(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	fmt.Print(resp.StatusCode, " ", string(body))
	// Output: 200 {"name":"Ada","score":null}
}
