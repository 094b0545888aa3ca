package safejsonzerolog_test

import (
	"math"
	"os"

	"github.com/rs/zerolog"
	"github.com/safejson/safejson"
)

func Example() {
	zerolog.InterfaceMarshalFunc = safejson.Options{NoEscapeHTML: true}.Marshal // once, at start-up
	defer func() { zerolog.InterfaceMarshalFunc = defaultMarshal }()

	type user struct {
		Name    string  `json:"name"`
		Score   float64 `json:"score"`
		Manager *user   `json:"manager,omitempty"`
	}
	u := &user{Name: "Ada <admin>", Score: math.NaN()}
	u.Manager = u // encoding/json: "marshaling error: json: unsupported value: …"; safejson: the member omitted
	logger := zerolog.New(os.Stdout)
	logger.Info().Interface("user", u).Int("attempt", 2).Msg("login")
	// Output: {"level":"info","user":{"name":"Ada <admin>","score":null},"attempt":2,"message":"login"}
}
