package safejsonzap_test

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/safejson/safejson"
	"github.com/safejson/safejson/internal/compattest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
)

// newReflectedEncoder is the line this package documents.
func newReflectedEncoder(w io.Writer) zapcore.ReflectedEncoder {
	return safejson.Options{NoEscapeHTML: true}.NewEncoder(w)
}

// newLogger returns a production JSON logger (without the time, for stable
// lines) writing to buf, with zap's default reflected encoder when newEnc is
// nil.
func newLogger(buf *bytes.Buffer, newEnc func(io.Writer) zapcore.ReflectedEncoder) *zap.Logger {
	cfg := zap.NewProductionEncoderConfig()
	cfg.TimeKey = ""
	cfg.NewReflectedEncoder = newEnc
	return zap.New(zapcore.NewCore(zapcore.NewJSONEncoder(cfg), zapcore.AddSync(buf), zap.DebugLevel)).Named("api")
}

// logLines logs v with fields around it, through the logger itself, a child
// logger holding v as a context field, and the sugared logger, and returns
// the lines.
func logLines(newEnc func(io.Writer) zapcore.ReflectedEncoder, v any) []string {
	var buf bytes.Buffer
	logger := newLogger(&buf, newEnc)
	logger.Info("request", zap.String("before", "x<y"), zap.Any("v", v), zap.Int("after", 1))
	logger.Warn("reflect", zap.Reflect("v", v))
	logger.With(zap.Any("ctx", v)).Error("child", zap.Bool("ok", true))
	logger.Sugar().Infow("sugared", "v", v, "n", 2)
	return strings.SplitAfter(buf.String(), "\n")
}

// TestPlainDataAsDefault: every value encoding/json accepts is logged byte
// for byte as with zap's default encoder, HTML left unescaped as zap does.
func TestPlainDataAsDefault(t *testing.T) {
	for name, v := range compattest.PlainValues() {
		want := logLines(nil, v)
		got := logLines(newReflectedEncoder, v)
		require.Equal(t, want, got, name)
		for _, line := range got[:len(got)-1] {
			require.True(t, json.Valid([]byte(line)), "%s: %s", name, line)
			assert.NotContains(t, line, "Error", name)
		}
	}
	got := logLines(newReflectedEncoder, compattest.PlainValues()["map"])
	assert.Equal(t, `{"level":"info","logger":"api","msg":"request","before":"x<y","v":{"html":"<b>&</b>","list":["ü",null,true],"n":1.5},"after":1}`+"\n", got[0])
}

// TestUnsupportedValues: where zap's default writes "vError" with
// encoding/json's error, safejson logs the substitute in the same line, the
// other fields unchanged.
func TestUnsupportedValues(t *testing.T) {
	for name, c := range compattest.Unsupported() {
		stdErr := c.StdErr()
		want := c.WantNoEscapeHTML // zap's lines do not escape HTML
		assert.Equal(t, []string{
			`{"level":"info","logger":"api","msg":"request","before":"x<y","v":` + want + `,"after":1}` + "\n",
			`{"level":"warn","logger":"api","msg":"reflect","v":` + want + `}` + "\n",
			`{"level":"error","logger":"api","msg":"child","ctx":` + want + `,"ok":true}` + "\n",
			`{"level":"info","logger":"api","msg":"sugared","v":` + want + `,"n":2}` + "\n",
			"",
		}, logLines(newReflectedEncoder, c.V), name)

		def := logLines(nil, c.V)
		var line map[string]any
		require.NoError(t, json.Unmarshal([]byte(def[0]), &line), name)
		assert.Equal(t, map[string]any{"level": "info", "logger": "api", "msg": "request", "before": "x<y",
			"vError": stdErr.Error(), "after": float64(1)}, line, "zap's default for %s", name)
	}
}

// TestFailingMarshaler: an error of the user's own MarshalJSON reaches zap as
// with its default encoder: the same "vError" field, the same line.
func TestFailingMarshaler(t *testing.T) {
	v := []any{compattest.Items(2), compattest.Failing{}}
	stdErr := json.NewEncoder(io.Discard).Encode(v)
	require.Error(t, stdErr)
	want := logLines(nil, v)
	got := logLines(newReflectedEncoder, v)
	assert.Equal(t, want, got)
	var line map[string]any
	require.NoError(t, json.Unmarshal([]byte(got[0]), &line))
	assert.Equal(t, stdErr.Error(), line["vError"])
	assert.NotContains(t, got[0], `"v":`)
}
