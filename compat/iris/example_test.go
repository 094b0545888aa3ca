package safejsoniris_test

import (
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"

	"github.com/kataras/iris/v12"
	"github.com/kataras/iris/v12/context"
	safejsoniris "github.com/safejson/safejson/compat/iris"
)

func ExampleWriteJSON() {
	context.WriteJSON = safejsoniris.WriteJSON // once, at start-up
	defer func() { context.WriteJSON = irisDefault }()

	type user struct {
		Name    string  `json:"name"`
		Score   float64 `json:"score"`
		Manager *user   `json:"manager,omitempty"`
	}
	app := iris.New()
	app.Get("/me", func(ctx iris.Context) {
		u := &user{Name: "Ada", Score: math.NaN()}
		u.Manager = u // encoding/json: a 500; safejson: the member omitted
		_ = ctx.JSON(u)
	})
	if err := app.Build(); err != nil {
		panic(err)
	}

	w := httptest.NewRecorder()
	app.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/me", nil))
	fmt.Print(w.Code, " ", w.Body.String())
	// Output: 200 {"name":"Ada","score":null}
}
