package compat_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/safejson/safejson/compat"
	"github.com/safejson/safejson/internal/benchdata"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var logTime = time.Date(2025, 3, 4, 5, 6, 7, 890, time.FixedZone("X", 3600))

// handle writes one record through h, with a fixed time and a real caller.
func handle(t *testing.T, h slog.Handler, level slog.Level, msg string, attrs ...slog.Attr) {
	t.Helper()
	var pcs [1]uintptr
	runtime.Callers(1, pcs[:])
	r := slog.NewRecord(logTime, level, msg, pcs[0])
	r.AddAttrs(attrs...)
	require.NoError(t, h.Handle(context.Background(), r))
}

type point struct{ X, Y int }

// lazy is a LogValuer: slog resolves it before ReplaceAttr sees it.
type lazy struct{ v any }

func (l lazy) LogValue() slog.Value { return slog.AnyValue(l.v) }

// marshalErr is an error that is also a json.Marshaler: slog encodes it as
// JSON rather than writing its Error text.
type marshalErr struct{ Code int }

func (e marshalErr) Error() string { return fmt.Sprintf("code %d", e.Code) }
func (e marshalErr) MarshalJSON() ([]byte, error) {
	return []byte(fmt.Sprintf(`{"code":%d}`, e.Code)), nil
}

// plainAttrs are attributes encoding/json accepts: the lines must not change.
func plainAttrs() []slog.Attr {
	return []slog.Attr{
		slog.String("s", "<b>&\"quoted\"</b>\u2028"),
		slog.Int("i", -3),
		slog.Uint64("u", 1<<63),
		slog.Float64("f", 1e21),
		slog.Float64("g", 0.1),
		slog.Bool("b", true),
		slog.Duration("d", 1500*time.Millisecond),
		slog.Time("t", logTime),
		slog.Any("items", benchdata.Items(3)),
		slog.Any("maps", benchdata.Maps(2)),
		slog.Any("point", &point{1, 2}),
		slog.Any("html", map[string]string{"<k>": "a&b"}),
		slog.Any("nil", nil),
		slog.Any("err", errors.New("plain error")),
		slog.Any("merr", marshalErr{7}),
		slog.Any("raw", json.RawMessage(`{"a" : 1}`)),
		slog.Any("lazy", lazy{[]int{1, 2}}),
		slog.Any("level", slog.LevelWarn),
		slog.Group("g", slog.Int("a", 1), slog.Group("h", slog.Any("p", point{3, 4}))),
		slog.Any("bytes", []byte("xyz")),
	}
}

// twoHandlers returns slog's own JSON handler and the one with compat
// installed, under the same options.
func twoHandlers(opts *slog.HandlerOptions) (std, ours slog.Handler, stdBuf, ourBuf *bytes.Buffer) {
	stdBuf, ourBuf = new(bytes.Buffer), new(bytes.Buffer)
	return slog.NewJSONHandler(stdBuf, opts), compat.NewJSONHandler(ourBuf, opts), stdBuf, ourBuf
}

func TestSlogPlainValuesUnchanged(t *testing.T) {
	for _, opts := range []*slog.HandlerOptions{
		nil,
		{AddSource: true, Level: slog.LevelDebug},
	} {
		std, ours, stdBuf, ourBuf := twoHandlers(opts)
		for _, h := range []slog.Handler{std, ours} {
			handle(t, h, slog.LevelInfo, "plain <msg>", plainAttrs()...)
			handle(t, h, slog.LevelError, "each", slog.Any("one", benchdata.Map(4)))
			w := h.WithAttrs([]slog.Attr{slog.Any("pre", point{5, 6})}).WithGroup("req")
			handle(t, w, slog.LevelDebug, "grouped", slog.Any("items", benchdata.Items(2)), slog.Float64("f", 2.5))
		}
		require.NotEmpty(t, stdBuf.String())
		assert.NotContains(t, stdBuf.String(), "!ERROR")
		assert.Equal(t, stdBuf.String(), ourBuf.String())
	}
}

func TestSlogUnsupportedValuesLogValidJSON(t *testing.T) {
	for _, c := range unsupported() {
		t.Run(c.name, func(t *testing.T) {
			std, ours, stdBuf, ourBuf := twoHandlers(nil)
			handle(t, std, slog.LevelInfo, "m", slog.Any("v", c.v))
			handle(t, ours, slog.LevelInfo, "m", slog.Any("v", c.v))
			require.Contains(t, stdBuf.String(), `"v":"!ERROR:json: unsupported`, "slog alone cannot log this value")

			line := ourBuf.Bytes()
			require.True(t, json.Valid(line), "%s", line)
			want := fmt.Sprintf(`{"time":"2025-03-04T05:06:07.00000089+01:00","level":"INFO","msg":"m","v":%s}`+"\n", c.want)
			assert.Equal(t, want, string(line))
		})
	}
}

func TestSlogNonFiniteFloats(t *testing.T) {
	var buf bytes.Buffer
	h := compat.NewJSONHandler(&buf, nil)
	handle(t, h, slog.LevelInfo, "f",
		slog.Float64("nan", math.NaN()), slog.Float64("inf", math.Inf(1)),
		slog.Any("ninf32", float32(math.Inf(-1))), slog.Float64("ok", 1.5))
	assert.Equal(t,
		`{"time":"2025-03-04T05:06:07.00000089+01:00","level":"INFO","msg":"f","nan":null,"inf":null,"ninf32":null,"ok":1.5}`+"\n",
		buf.String())
}

// TestSlogPreformattedAndGroups covers the attributes slog formats once, in
// WithAttrs, and those inside groups.
func TestSlogPreformattedAndGroups(t *testing.T) {
	var buf bytes.Buffer
	logger := slog.New(compat.NewJSONHandler(&buf, &slog.HandlerOptions{
		ReplaceAttr: func(groups []string, a slog.Attr) slog.Attr {
			if len(groups) == 0 && a.Key == slog.TimeKey {
				return slog.Attr{}
			}
			return a
		},
	}))
	logger.With("model", cyclicNode()).WithGroup("req").Info("saved",
		slog.Group("in", slog.Any("f", withFunc{Name: "f", OnChange: func() {}})),
		"m", selfMap())
	assert.Equal(t,
		`{"level":"INFO","msg":"saved","model":`+cyclicNodeJSON+`,"req":{"in":{"f":`+withFuncJSON+`},"m":`+selfMapJSON+`}}`+"\n",
		buf.String())
}

func TestSlogFailingMarshalerAsSlogWritesIt(t *testing.T) {
	std, ours, stdBuf, ourBuf := twoHandlers(nil)
	for _, h := range []slog.Handler{std, ours} {
		handle(t, h, slog.LevelWarn, "bad", slog.Any("v", failing{}), slog.Any("w", []any{1, failing{}}))
	}
	require.Contains(t, stdBuf.String(), "!ERROR:json: error calling MarshalJSON")
	assert.Equal(t, stdBuf.String(), ourBuf.String())
}

func TestChainReplaceAttr(t *testing.T) {
	user := func(groups []string, a slog.Attr) slog.Attr {
		switch a.Key {
		case slog.TimeKey:
			if len(groups) == 0 {
				return slog.Attr{}
			}
		case "password":
			return slog.String(a.Key, "***")
		case "drop":
			return slog.Attr{}
		case "swap":
			return slog.Any(a.Key, lazy{cyclicNode()}) // unresolved, and rejected by encoding/json
		}
		return a
	}
	var buf bytes.Buffer
	slog.New(slog.NewJSONHandler(&buf, &slog.HandlerOptions{ReplaceAttr: compat.ChainReplaceAttr(user)})).
		Info("x", "password", "hunter2", "drop", nanFloats(), "swap", 1, "keep", nanFloats())
	assert.Equal(t,
		`{"level":"INFO","msg":"x","password":"***","swap":`+cyclicNodeJSON+`,"keep":`+nanFloatsJSON+`}`+"\n",
		buf.String())

	assert.Equal(t,
		fmt.Sprint(compat.ReplaceAttr(nil, slog.Any("k", nanFloats()))),
		fmt.Sprint(compat.ChainReplaceAttr(nil)(nil, slog.Any("k", nanFloats()))))
}

func TestNewJSONHandlerLeavesOptionsAlone(t *testing.T) {
	called := 0
	opts := &slog.HandlerOptions{ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr { called++; return a }}
	before := fmt.Sprintf("%p", opts.ReplaceAttr)
	var buf bytes.Buffer
	slog.New(compat.NewJSONHandler(&buf, opts)).Info("m", "k", 1)
	assert.Equal(t, before, fmt.Sprintf("%p", opts.ReplaceAttr))
	assert.Equal(t, 4, called, "time, level, msg and k")
	assert.True(t, strings.HasSuffix(buf.String(), `"msg":"m","k":1}`+"\n"), buf.String())
}
