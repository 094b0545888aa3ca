package safejsonkratos_test

import (
	"fmt"
	"math"

	"github.com/go-kratos/kratos/v2/encoding"
	safejsonkratos "github.com/safejson/safejson/compat/kratos"
)

func ExampleCodec() {
	encoding.RegisterCodec(safejsonkratos.Codec{}) // once, at start-up
	defer encoding.RegisterCodec(kratosDefault)

	type user struct {
		Name    string  `json:"name"`
		Score   float64 `json:"score"`
		Manager *user   `json:"manager,omitempty"`
	}
	u := &user{Name: "Ada", Score: math.NaN()}
	u.Manager = u // encoding/json: a 500; safejson: the member omitted
	b, err := encoding.GetCodec("json").Marshal(u)
	fmt.Println(string(b), err)
	// Output: {"name":"Ada","score":null} <nil>
}
