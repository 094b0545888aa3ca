package safejsonlogrus_test

import (
	"math"
	"os"

	safejsonlogrus "github.com/safejson/safejson/compat/logrus"
	"github.com/sirupsen/logrus"
)

func ExampleJSONFormatter() {
	logger := logrus.New()
	logger.SetOutput(os.Stdout)
	logger.SetFormatter(&safejsonlogrus.JSONFormatter{JSONFormatter: logrus.JSONFormatter{DisableTimestamp: true}})

	type user struct {
		Name    string  `json:"name"`
		Score   float64 `json:"score"`
		Manager *user   `json:"manager,omitempty"`
	}
	u := &user{Name: "Ada", Score: math.NaN()}
	u.Manager = u // logrus.JSONFormatter: the line is lost; safejson: the member omitted
	logger.WithField("user", u).WithField("attempt", 2).Info("login")
	// Output: {"attempt":2,"level":"info","msg":"login","user":{"name":"Ada","score":null}}
}
