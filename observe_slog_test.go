package safejson

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"math"
	"runtime"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/testutil"
)

type slogNode struct {
	Name string    `json:"name"`
	Next *slogNode `json:"next,omitempty"`
}

// logLines decodes the JSON lines slog wrote, without time.
func logLines(t *testing.T, buf *bytes.Buffer) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, line := range bytes.Split(bytes.TrimSpace(buf.Bytes()), []byte("\n")) {
		if len(line) == 0 {
			continue
		}
		var m map[string]any
		require.NoError(t, json.Unmarshal(line, &m), string(line))
		delete(m, "time")
		delete(m, "since")
		out = append(out, m)
	}
	buf.Reset()
	return out
}

func TestSubstituteLoggerRateLimit(t *testing.T) {
	var buf bytes.Buffer
	sl := NewSubstituteLogger(slog.New(slog.NewJSONHandler(&buf, nil)), time.Minute, 0)
	clock := time.Unix(0, 0)
	sl.now = func() time.Time { return clock }

	n := &slogNode{Name: "n"}
	n.Next = n
	o := Options{OnSubstitute: sl.With("route", "GET /nodes")}
	for range 100 {
		_, err := o.Marshal(n)
		require.NoError(t, err)
	}
	assert.Equal(t, []map[string]any{{
		"level": "WARN", "msg": "safejson: substitute written", "path": "/next", "reason": "cycle",
		"type": "*safejson.slogNode", "route": "GET /nodes",
	}}, logLines(t, &buf), "a hot route logs its substitute once per window")

	clock = clock.Add(time.Minute)
	_, err := o.Marshal(n)
	require.NoError(t, err)
	assert.Equal(t, []map[string]any{
		{"level": "WARN", "msg": "safejson: substitutes not logged", "count": float64(99), "new_pairs": float64(0)},
		{"level": "WARN", "msg": "safejson: substitute written", "path": "/next", "reason": "cycle",
			"type": "*safejson.slogNode", "route": "GET /nodes"},
	}, logLines(t, &buf), "the next window logs it again, after what was left out")
}

// TestSubstituteLoggerBounded: paths chosen by a client (map keys) are
// logged up to the bound per window; the logger holds no more than that.
func TestSubstituteLoggerBounded(t *testing.T) {
	var buf bytes.Buffer
	sl := NewSubstituteLogger(slog.New(slog.NewJSONHandler(&buf, nil)), time.Hour, 10)
	o := Options{OnSubstitute: sl.Report}
	for i := range 1000 {
		_, err := o.Marshal(map[string]any{strconv.Itoa(i): math.NaN()})
		require.NoError(t, err)
	}
	assert.Len(t, logLines(t, &buf), 10)
	sl.mu.Lock()
	assert.Len(t, sl.seen, 10)
	assert.Equal(t, 990, sl.leftPairs)
	sl.mu.Unlock()
}

func TestSubstituteLoggerConcurrent(t *testing.T) {
	var buf syncBuffer
	sl := NewSubstituteLogger(slog.New(slog.NewTextHandler(&buf, nil)), time.Hour, 0)
	o := Options{OnSubstitute: sl.Report}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 100 {
				_, _ = o.Marshal([]any{math.Inf(1), map[string]any{strconv.Itoa(i % 7): math.NaN()}, g})
			}
		}()
	}
	wg.Wait()
	assert.Equal(t, 8, bytes.Count(buf.Bytes(), []byte("substitute written")), "/0 and /1/0 … /1/6")
}

// TestSubstituteLoggerDefault: a nil logger is slog.Default(), checked at
// each line; a disabled level writes nothing.
func TestSubstituteLoggerDefault(t *testing.T) {
	var buf bytes.Buffer
	old := slog.Default()
	defer slog.SetDefault(old)
	slog.SetDefault(slog.New(slog.NewJSONHandler(&buf, &slog.HandlerOptions{Level: slog.LevelError})))
	_, err := Options{OnSubstitute: NewSubstituteLogger(nil, 0, 0).Report}.Marshal(math.NaN())
	require.NoError(t, err)
	assert.Empty(t, buf.String())
}

type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) Bytes() []byte {
	b.mu.Lock()
	defer b.mu.Unlock()
	return bytes.Clone(b.buf.Bytes())
}

// lineCounter counts the lines and the bytes of the longest line written.
type lineCounter struct {
	lines, longest int
}

func (w *lineCounter) Write(p []byte) (int, error) {
	w.lines++
	w.longest = max(w.longest, len(p))
	return len(p), nil
}

// TestSubstituteLoggerMemory: 2,000 requests whose substitutes sit under
// 1 MB keys (64 KB when testutil.Reduced), each its own, leave the logger
// holding at most DefaultSubstituteKeys × SubstituteKeyBytes (what the docs
// state), and each line it writes is short, the key cut as
// safe.Pointer.Short says.
func TestSubstituteLoggerMemory(t *testing.T) {
	requests, keyLen := 2000, 1<<20
	if testutil.Reduced() {
		keyLen = 64 << 10 // as many requests (more than the logger keeps), shorter keys
	}
	var w lineCounter
	sl := NewSubstituteLogger(slog.New(slog.NewTextHandler(&w, nil)), time.Hour, 0)
	o := Options{MaxDepth: 2, OnSubstitute: sl.Report}
	key := bytes.Repeat([]byte("k"), keyLen)
	// Warm: the types planned, the handler's pools filled.
	_, err := Options{MaxDepth: 2, OnSubstitute: NewSubstituteLogger(slog.New(slog.NewTextHandler(&lineCounter{}, nil)), time.Hour, 0).Report}.
		Marshal(map[string]any{string(key): []any{[]any{1}}})
	require.NoError(t, err)
	before := testutil.LiveHeap()
	for i := range requests {
		copy(key, strconv.Itoa(i)+"-")
		v := map[string]any{string(key): []any{[]any{1}}}
		b, err := o.Marshal(v)
		require.NoError(t, err)
		require.Len(t, b, keyLen+len(`{"":["[Array]"]}`))
	}
	live := testutil.LiveHeap() - before
	runtime.KeepAlive(sl)
	runtime.KeepAlive(key)
	bound := int64(DefaultSubstituteKeys * SubstituteKeyBytes)
	t.Logf("%d requests under %d-byte keys: the logger holds %d B (bound %d B); %d lines, the longest %d B",
		requests, keyLen, live, bound, w.lines, w.longest)
	assert.LessOrEqual(t, live, bound)
	assert.Equal(t, min(requests, DefaultSubstituteKeys), w.lines, "one line per pair, up to the bound")
	assert.Less(t, w.longest, 512, "a line holds the key's first bytes and its length, not the key")
	sl.mu.Lock()
	assert.Len(t, sl.seen, min(requests, DefaultSubstituteKeys))
	sl.mu.Unlock()
}
