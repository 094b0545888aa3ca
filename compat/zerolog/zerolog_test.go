package safejsonzerolog_test

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/rs/zerolog"
	"github.com/safejson/safejson"
	"github.com/safejson/safejson/internal/compattest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// defaultMarshal is zerolog's own InterfaceMarshalFunc.
var defaultMarshal = zerolog.InterfaceMarshalFunc

// marshal is the line this package documents.
var marshal = safejson.Options{NoEscapeHTML: true}.Marshal

// logLines logs v with fields around it, with InterfaceMarshalFunc set to fn:
// as an Interface field, in Fields, in a child logger's context and in a
// dictionary, and returns the lines.
func logLines(t *testing.T, fn func(any) ([]byte, error), v any) []string {
	t.Helper()
	old := zerolog.InterfaceMarshalFunc
	zerolog.InterfaceMarshalFunc = fn
	defer func() { zerolog.InterfaceMarshalFunc = old }()

	var buf bytes.Buffer
	logger := zerolog.New(&buf).With().Str("svc", "api").Logger()
	logger.Info().Str("before", "x<y").Interface("v", v).Int("after", 1).Msg("request")
	logger.Warn().Fields(map[string]any{"v": v}).Send()
	child := logger.With().Interface("ctx", v).Logger()
	child.Error().Bool("ok", true).Msg("child")
	logger.Info().Dict("d", zerolog.Dict().Interface("v", v)).Msg("dict")
	return strings.SplitAfter(buf.String(), "\n")
}

// TestPlainDataAsDefault: every value encoding/json accepts is logged byte
// for byte as with zerolog's default, HTML left unescaped as zerolog does.
func TestPlainDataAsDefault(t *testing.T) {
	for name, v := range compattest.PlainValues() {
		want := logLines(t, defaultMarshal, v)
		got := logLines(t, marshal, v)
		require.Equal(t, want, got, name)
		for _, line := range got[:len(got)-1] {
			require.True(t, json.Valid([]byte(line)), "%s: %s", name, line)
			assert.NotContains(t, line, "marshaling error", name)
		}
	}
	got := logLines(t, marshal, compattest.PlainValues()["map"])
	assert.Equal(t, `{"level":"info","svc":"api","before":"x<y","v":{"html":"<b>&</b>","list":["ü",null,true],"n":1.5},"after":1,"message":"request"}`+"\n", got[0])
}

// TestUnsupportedValues: where zerolog's default writes "marshaling error:"
// and encoding/json's error, safejson logs the substitute in the same line,
// the other fields unchanged.
func TestUnsupportedValues(t *testing.T) {
	for name, c := range compattest.Unsupported() {
		stdErr := c.StdErr()
		want := c.WantNoEscapeHTML // zerolog's lines do not escape HTML

		assert.Equal(t, []string{
			`{"level":"info","svc":"api","before":"x<y","v":` + want + `,"after":1,"message":"request"}` + "\n",
			`{"level":"warn","svc":"api","v":` + want + `}` + "\n",
			`{"level":"error","svc":"api","ctx":` + want + `,"ok":true,"message":"child"}` + "\n",
			`{"level":"info","svc":"api","d":{"v":` + want + `},"message":"dict"}` + "\n",
			"",
		}, logLines(t, marshal, c.V), name)

		def := logLines(t, defaultMarshal, c.V)
		var line map[string]any
		require.NoError(t, json.Unmarshal([]byte(def[0]), &line), name)
		assert.Equal(t, map[string]any{"level": "info", "svc": "api", "before": "x<y",
			"v": "marshaling error: " + stdErr.Error(), "after": float64(1), "message": "request"}, line, "zerolog's default for %s", name)
	}
}

// TestFailingMarshaler: an error of the user's own MarshalJSON reaches
// zerolog as with its default: the same "marshaling error:" string, the same
// line.
func TestFailingMarshaler(t *testing.T) {
	v := []any{compattest.Items(2), compattest.Failing{}}
	stdErr := json.NewEncoder(io.Discard).Encode(v)
	require.Error(t, stdErr)
	got := logLines(t, marshal, v)
	assert.Equal(t, logLines(t, defaultMarshal, v), got)
	var line map[string]any
	require.NoError(t, json.Unmarshal([]byte(got[0]), &line))
	assert.Equal(t, "marshaling error: "+stdErr.Error(), line["v"])
}
