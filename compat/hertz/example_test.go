package safejsonhertz_test

import (
	"context"
	"fmt"
	"math"
	"net/http"

	"github.com/cloudwego/hertz/pkg/app"
	"github.com/cloudwego/hertz/pkg/app/server/render"
	"github.com/cloudwego/hertz/pkg/common/config"
	"github.com/cloudwego/hertz/pkg/common/json"
	"github.com/cloudwego/hertz/pkg/common/ut"
	"github.com/cloudwego/hertz/pkg/route"
	"github.com/safejson/safejson"
)

func Example() {
	render.ResetJSONMarshal(safejson.Marshal) // once, before the server runs
	defer render.ResetJSONMarshal(json.Marshal)

	type user struct {
		Name    string  `json:"name"`
		Score   float64 `json:"score"`
		Manager *user   `json:"manager,omitempty"`
	}
	r := route.NewEngine(config.NewOptions(nil)) // what server.New runs; ut serves it without a listener
	r.GET("/me", func(_ context.Context, c *app.RequestContext) {
		u := &user{Name: "Ada", Score: math.NaN()}
		u.Manager = u // sonic: a 500 with an empty body; safejson: the member omitted
		c.JSON(http.StatusOK, u)
	})

	w := ut.PerformRequest(r, http.MethodGet, "/me", nil)
	fmt.Println(w.Code, w.Body.String())
	// Output: 200 {"name":"Ada","score":null}
}
