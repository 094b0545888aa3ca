package safejsongozero_test

import (
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"

	safejsongozero "github.com/safejson/safejson/compat/gozero"
	"github.com/zeromicro/go-zero/rest/httpx"
)

func ExampleOkHandler() {
	httpx.SetOkHandler(safejsongozero.OkHandler) // once, at start-up
	defer httpx.SetOkHandler(nil)

	type user struct {
		Name    string  `json:"name"`
		Score   float64 `json:"score"`
		Manager *user   `json:"manager,omitempty"`
	}
	handler := func(w http.ResponseWriter, r *http.Request) {
		u := &user{Name: "Ada <admin>", Score: math.NaN()}
		u.Manager = u // encoding/json: a 500 with the error text; safejson: the member omitted
		httpx.OkJsonCtx(r.Context(), w, u)
	}

	w := httptest.NewRecorder()
	handler(w, httptest.NewRequest(http.MethodGet, "/me", nil))
	fmt.Println(w.Code, w.Body.String())
	// Output: 200 {"name":"Ada <admin>","score":null}
}
