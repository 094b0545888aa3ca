package safejsonlogrus_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/safejson/safejson"
	safejsonlogrus "github.com/safejson/safejson/compat/logrus"
	"github.com/safejson/safejson/internal/compattest"
	"github.com/safejson/safejson/safe"
	"github.com/sirupsen/logrus"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var t0 = time.Date(2026, 12, 1, 8, 30, 0, 123456789, time.FixedZone("CET", 3600))

// formatters are logrus.JSONFormatter configurations: each is compared with
// safejsonlogrus.JSONFormatter holding the same one.
var formatters = map[string]logrus.JSONFormatter{
	"default":       {},
	"noHTMLEscape":  {DisableHTMLEscape: true},
	"pretty":        {PrettyPrint: true},
	"prettyNoHTML":  {PrettyPrint: true, DisableHTMLEscape: true},
	"dataKey":       {DataKey: "fields"},
	"noTimestamp":   {DisableTimestamp: true},
	"timestampFmt":  {TimestampFormat: time.RFC1123Z},
	"fieldMap":      {FieldMap: logrus.FieldMap{logrus.FieldKeyTime: "@timestamp", logrus.FieldKeyMsg: "@message", logrus.FieldKeyLevel: "@level", logrus.FieldKeyFunc: "@caller", logrus.FieldKeyLogrusError: "@error"}},
	"callerPretty":  {CallerPrettyfier: func(f *runtime.Frame) (string, string) { return "fn<>", "" }},
	"prettyDataKey": {PrettyPrint: true, DataKey: "data", FieldMap: logrus.FieldMap{logrus.FieldKeyMsg: "message"}},
}

// logLines logs through a real logrus.Logger with formatter f, writing to a
// buffer: v as a field among others (an error, a field named as a built-in
// key, a func that logrus itself skips), nested, and at Warn level with the
// caller reported. It returns the output and what logrus printed on stderr.
func logLines(t *testing.T, f logrus.Formatter, v any) (out, stderr string) {
	t.Helper()
	var buf bytes.Buffer
	logger := logrus.New()
	logger.SetOutput(&buf)
	logger.SetFormatter(f)
	logger.SetLevel(logrus.DebugLevel)
	stderr = captureStderr(t, func() {
		e := logger.WithTime(t0).WithFields(logrus.Fields{"before": "x<y", "err": errors.New("e<1>"), "n": 1.5, "msg": "clash"})
		e.WithField("v", v).Info("request <1>")
		e.WithField("skipped", func() {}).WithField("nested", map[string]any{"v": v}).Debug("nested")
		logger.SetReportCaller(true)
		defer logger.SetReportCaller(false)
		logger.WithTime(t0).WithField("v", v).Warn("caller")
	})
	return buf.String(), stderr
}

// captureStderr returns what fn writes on os.Stderr, where logrus reports a
// line it could not format.
func captureStderr(t *testing.T, fn func()) string {
	t.Helper()
	r, w, err := os.Pipe()
	require.NoError(t, err)
	old := os.Stderr
	os.Stderr = w
	done := make(chan string)
	go func() {
		b, _ := io.ReadAll(r)
		done <- string(b)
	}()
	func() {
		defer func() { os.Stderr = old }()
		fn()
	}()
	require.NoError(t, w.Close())
	return <-done
}

// TestPlainDataAsDefault: for every formatter configuration, the lines are
// byte for byte those of logrus.JSONFormatter.
func TestPlainDataAsDefault(t *testing.T) {
	for fname, f := range formatters {
		for name, v := range compattest.PlainValues() {
			if name == "big" && fname != "default" && fname != "pretty" {
				continue // 2000 items: once compact, once indented is enough
			}
			want, wantErr := logLines(t, &f, v)
			got, gotErr := logLines(t, &safejsonlogrus.JSONFormatter{JSONFormatter: f}, v)
			require.Empty(t, wantErr, "%s %s", fname, name)
			require.Equal(t, strings.Count(want, "\n"), strings.Count(got, "\n"), "%s %s", fname, name)
			assert.Equal(t, want, got, "%s %s", fname, name)
			assert.Empty(t, gotErr, "%s %s", fname, name)
		}
	}
	got, _ := logLines(t, &safejsonlogrus.JSONFormatter{JSONFormatter: logrus.JSONFormatter{DisableHTMLEscape: true}}, compattest.PlainValues()["map"])
	lines := strings.SplitAfter(got, "\n")
	assert.Equal(t, `{"before":"x<y","err":"e<1>","fields.msg":"clash","level":"info","msg":"request <1>","n":1.5,"time":"2026-12-01T08:30:00+01:00","v":{"html":"<b>&</b>","list":["ü",null,true],"n":1.5}}`+"\n", lines[0])
	assert.Equal(t, `{"before":"x<y","err":"e<1>","fields.msg":"clash","level":"debug","logrus_error":"skipping unsupported field \"skipped\"","msg":"nested","n":1.5,"nested":{"v":{"html":"<b>&</b>","list":["ü",null,true],"n":1.5}},"time":"2026-12-01T08:30:00+01:00"}`+"\n", lines[1])
}

// TestUnsupportedValues: where logrus.JSONFormatter loses the line (stderr:
// "Failed to format entry: failed to marshal fields to JSON, …"), the line is
// written with safejson's substitute and every other field.
func TestUnsupportedValues(t *testing.T) {
	for name, c := range compattest.Unsupported() {
		stdErr := c.StdErr()

		got, gotErr := logLines(t, &safejsonlogrus.JSONFormatter{JSONFormatter: logrus.JSONFormatter{DataKey: "data"}}, c.V)
		assert.Empty(t, gotErr, name)
		lines := strings.Split(got, "\n")
		require.Len(t, lines, 4, name)
		assert.Equal(t, `{"data":{"before":"x\u003cy","err":"e\u003c1\u003e","msg":"clash","n":1.5,"v":`+c.Want+`},"level":"info","msg":"request \u003c1\u003e","time":"2026-12-01T08:30:00+01:00"}`, lines[0], name)
		assert.Equal(t, `{"data":{"before":"x\u003cy","err":"e\u003c1\u003e","msg":"clash","n":1.5,"nested":{"v":`+c.Want+`}},"level":"debug","logrus_error":"skipping unsupported field \"skipped\"","msg":"nested","time":"2026-12-01T08:30:00+01:00"}`, lines[1], name)
		assert.Contains(t, lines[2], `"v":`+c.Want+`}`, name)
		assert.Contains(t, lines[2], `"func":"github.com/safejson/safejson/compat/logrus_test.logLines.func1"`, name)

		for fname, f := range formatters {
			got, _ := logLines(t, &safejsonlogrus.JSONFormatter{JSONFormatter: f}, c.V)
			assert.Equal(t, 3, countValues(t, got), "%s %s: three entries, each valid JSON", fname, name)
			want, wantErr := logLines(t, &f, c.V)
			assert.Empty(t, want, "logrus.JSONFormatter %s for %s: every line lost", fname, name)
			assert.Equal(t, strings.Repeat("Failed to format entry: failed to marshal fields to JSON, "+stdErr.Error()+"\n", 3), wantErr, "%s %s", fname, name)
		}
	}
}

// countValues returns the number of JSON values in out, failing on invalid
// JSON.
func countValues(t *testing.T, out string) int {
	t.Helper()
	d := json.NewDecoder(strings.NewReader(out))
	n := 0
	for {
		var v json.RawMessage
		err := d.Decode(&v)
		if err == io.EOF {
			return n
		}
		require.NoError(t, err, out)
		n++
	}
}

// TestFailingMarshaler: an error of the user's own MarshalJSON reaches logrus
// as with logrus.JSONFormatter: the same error, the line dropped, the same
// message on stderr.
func TestFailingMarshaler(t *testing.T) {
	v := []any{compattest.Items(2), compattest.Failing{}}
	for fname, f := range formatters {
		want, wantErr := logLines(t, &f, v)
		got, gotErr := logLines(t, &safejsonlogrus.JSONFormatter{JSONFormatter: f}, v)
		assert.Empty(t, want, fname)
		assert.Empty(t, got, fname)
		assert.Equal(t, wantErr, gotErr, fname)
	}
	_, stdErr := json.Marshal(v)
	require.Error(t, stdErr)
	_, err := (&safejsonlogrus.JSONFormatter{}).Format(&logrus.Entry{Data: logrus.Fields{"v": v}})
	assert.EqualError(t, err, "failed to marshal fields to JSON, "+stdErr.Error())
	assert.ErrorIs(t, err, compattest.ErrBoom)
}

// TestOptions: Options sets the substitute policy.
func TestOptions(t *testing.T) {
	f := &safejsonlogrus.JSONFormatter{
		JSONFormatter: logrus.JSONFormatter{DisableTimestamp: true},
		Options:       safejson.Options{Circular: safejson.CircularPlaceholder},
	}
	b, err := f.Format(&logrus.Entry{Message: "m", Data: logrus.Fields{"v": compattest.Cyclic(), "f": math.Inf(1), "g": float32(math.NaN())}})
	require.NoError(t, err)
	assert.Equal(t, `{"f":null,"g":null,"level":"panic","msg":"m","v":{"name":"a","parent":"[Circular]"}}`+"\n", string(b))

	strict := &safejsonlogrus.JSONFormatter{Options: safejson.Options{Strict: true}}
	_, err = strict.Format(&logrus.Entry{Data: logrus.Fields{"v": compattest.Cyclic()}})
	_, stdErr := json.Marshal(compattest.Cyclic())
	var uv *json.UnsupportedValueError
	require.ErrorAs(t, stdErr, &uv)
	var se *safe.Error
	require.ErrorAs(t, err, &se, "the Strict error, wrapped")
	assert.Equal(t, "/parent", se.Path, "the path in the field's value: each field is encoded alone")
	assert.ErrorAs(t, err, &uv, "encoding/json's error type")
	assert.Equal(t, "failed to marshal fields to JSON, "+stdErr.Error()+` (at "/parent")`, err.Error(), "encoding/json's message and the path")
}

// TestEntryUnchanged: formatting never changes the entry logrus hands over.
func TestEntryUnchanged(t *testing.T) {
	v := compattest.Cyclic()
	e := &logrus.Entry{Message: "m", Data: logrus.Fields{"v": v, "s": "x"}}
	_, err := (&safejsonlogrus.JSONFormatter{}).Format(e)
	require.NoError(t, err)
	assert.Equal(t, logrus.Fields{"v": v, "s": "x"}, e.Data)
	assert.Equal(t, fmt.Sprintf("%p", v), fmt.Sprintf("%p", e.Data["v"]))
}
