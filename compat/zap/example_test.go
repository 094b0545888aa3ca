package safejsonzap_test

import (
	"io"
	"math"
	"os"

	"github.com/safejson/safejson"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
)

func Example() {
	cfg := zap.NewProductionEncoderConfig()
	cfg.TimeKey = "" // for a stable output here
	cfg.NewReflectedEncoder = func(w io.Writer) zapcore.ReflectedEncoder {
		return safejson.Options{NoEscapeHTML: true}.NewEncoder(w)
	}
	logger := zap.New(zapcore.NewCore(zapcore.NewJSONEncoder(cfg), zapcore.AddSync(os.Stdout), zap.InfoLevel))

	type user struct {
		Name    string  `json:"name"`
		Score   float64 `json:"score"`
		Manager *user   `json:"manager,omitempty"`
	}
	u := &user{Name: "Ada <admin>", Score: math.NaN()}
	u.Manager = u // encoding/json: "userError":"json: unsupported value: …"; safejson: the member omitted
	logger.Info("login", zap.Any("user", u), zap.Int("attempt", 2))
	// Output: {"level":"info","msg":"login","user":{"name":"Ada <admin>","score":null},"attempt":2}
}

// The common route: zap.NewProductionConfig, with safejson for the values
// of zap.Any, zap.Reflect and the sugared logger.
func Example_productionConfig() {
	cfg := zap.NewProductionConfig()
	cfg.EncoderConfig.NewReflectedEncoder = func(w io.Writer) zapcore.ReflectedEncoder {
		return safejson.Options{NoEscapeHTML: true}.NewEncoder(w)
	}
	cfg.OutputPaths = []string{"stdout"}        // for the example (default: stderr)
	cfg.EncoderConfig.TimeKey = ""              // for a stable output here
	cfg.DisableCaller, cfg.Sampling = true, nil // likewise
	logger, err := cfg.Build()
	if err != nil {
		panic(err)
	}

	type user struct {
		Name    string  `json:"name"`
		Score   float64 `json:"score"`
		Manager *user   `json:"manager,omitempty"`
	}
	u := &user{Name: "Ada <admin>", Score: math.NaN()}
	u.Manager = u
	logger.Info("login", zap.Any("user", u))
	// Output: {"level":"info","msg":"login","user":{"name":"Ada <admin>","score":null}}
}
