package safejsonecho_test

import (
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"

	"github.com/labstack/echo/v5"
	safejsonecho "github.com/safejson/safejson/compat/echov5"
)

func ExampleJSONSerializer() {
	e := echo.NewWithConfig(echo.Config{JSONSerializer: safejsonecho.JSONSerializer{}})

	type user struct {
		Name    string  `json:"name"`
		Score   float64 `json:"score"`
		Manager *user   `json:"manager,omitempty"`
	}
	e.GET("/me", func(c *echo.Context) error {
		u := &user{Name: "Ada", Score: math.Inf(1)}
		u.Manager = u // encoding/json: a 500; safejson: the member omitted
		return c.JSON(http.StatusOK, u)
	})

	w := httptest.NewRecorder()
	e.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/me", nil))
	fmt.Print(w.Code, " ", w.Body.String())
	// Output: 200 {"name":"Ada","score":null}
}
