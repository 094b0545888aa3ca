package safejsongin_test

import (
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"

	"github.com/gin-gonic/gin"
	ginjson "github.com/gin-gonic/gin/codec/json"
	safejsongin "github.com/safejson/safejson/compat/gin"
)

func ExampleAPI() {
	ginjson.API = safejsongin.API{} // once, before serving
	defer func() { ginjson.API = defaultAPI }()

	type user struct {
		Name    string  `json:"name"`
		Score   float64 `json:"score"`
		Manager *user   `json:"manager,omitempty"`
	}
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.GET("/me", func(c *gin.Context) {
		u := &user{Name: "Ada", Score: math.NaN()}
		u.Manager = u // encoding/json: an empty 200; safejson: the member omitted
		c.JSON(http.StatusOK, u)
	})

	w := httptest.NewRecorder()
	r.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/me", nil))
	fmt.Println(w.Code, w.Body.String())
	// Output: 200 {"name":"Ada","score":null}
}
