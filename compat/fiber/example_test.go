package safejsonfiber_test

import (
	"fmt"
	"io"
	"math"
	"net/http/httptest"

	"github.com/gofiber/fiber/v2"
	"github.com/safejson/safejson"
)

func Example() {
	app := fiber.New(fiber.Config{
		JSONEncoder:           safejson.Marshal,
		JSONDecoder:           safejson.Unmarshal,
		DisableStartupMessage: true,
	})

	type user struct {
		Name    string  `json:"name"`
		Score   float64 `json:"score"`
		Manager *user   `json:"manager,omitempty"`
	}
	app.Get("/me", func(c *fiber.Ctx) error {
		u := &user{Name: "Ada", Score: math.NaN()}
		u.Manager = u // encoding/json: a 500; safejson: the member omitted
		return c.JSON(u)
	})

	resp, err := app.Test(httptest.NewRequest("GET", "/me", nil))
	if err != nil {
		panic(err)
	}
	body, _ := io.ReadAll(resp.Body)
	fmt.Println(resp.StatusCode, string(body))
	// Output: 200 {"name":"Ada","score":null}
}
