package safejsonresty_test

import (
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/httptest"

	"github.com/go-resty/resty/v2"
	safejsonresty "github.com/safejson/safejson/compat/resty"
)

func Example() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		fmt.Printf("received %s\n", b)
	}))
	defer srv.Close()

	c := resty.New().SetJSONMarshaler(safejsonresty.Marshal).SetJSONUnmarshaler(safejsonresty.Unmarshal)

	type user struct {
		Name    string  `json:"name"`
		Score   float64 `json:"score"`
		Manager *user   `json:"manager,omitempty"`
	}
	u := &user{Name: "Ada", Score: math.NaN()}
	u.Manager = u // resty's default: the request fails before it is sent
	_, err := c.R().SetHeader("Content-Type", "application/json").SetBody(u).Post(srv.URL)
	fmt.Println(err)
	// Output:
	// received {"name":"Ada","score":null}
	// <nil>
}
