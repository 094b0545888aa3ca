package safejsonrestful_test

import (
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/httptest"

	restful "github.com/emicklei/go-restful/v3"

	safejsonrestful "github.com/safejson/safejson/compat/gorestful"
)

func Example() {
	restful.RegisterEntityAccessor(restful.MIME_JSON, safejsonrestful.NewEntityAccessor(restful.MIME_JSON)) // once, at start-up
	defer restful.RegisterEntityAccessor(restful.MIME_JSON, restful.NewEntityAccessorJSON(restful.MIME_JSON))

	type user struct {
		Name    string  `json:"name"`
		Score   float64 `json:"score"`
		Manager *user   `json:"manager,omitempty"`
	}
	ws := new(restful.WebService).Produces(restful.MIME_JSON)
	ws.Route(ws.GET("/me").To(func(req *restful.Request, resp *restful.Response) {
		u := &user{Name: "Ada", Score: math.NaN()}
		u.Manager = u // go-restful's accessor: WriteEntity returns encoding/json's error
		if err := resp.WriteEntity(u); err != nil {
			_ = resp.WriteError(http.StatusInternalServerError, err)
		}
	}))
	c := restful.NewContainer()
	c.Add(ws)
	srv := httptest.NewServer(c)
	defer srv.Close()

	resp, err := http.Get(srv.URL + "/me")
	if err != nil {
		panic(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	fmt.Println(resp.StatusCode)
	fmt.Println(string(body))
	// Output:
	// 200
	// {
	//  "name": "Ada",
	//  "score": null
	// }
}
