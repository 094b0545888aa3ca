//go:build bench_full

package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var testLoadValues = sync.OnceValues(newLoadValues)

// TestLoadSchedule: 1% of the schedule are values encoding/json rejects,
// every kind of hostile body is in it, and the verdicts are encoding/json's,
// a Decoder's for gin (trailing closers pass) and Unmarshal's for net/http.
func TestLoadSchedule(t *testing.T) {
	sched, err := loadSchedule()
	require.NoError(t, err)
	require.Len(t, sched, loadSlots)
	kinds := map[string]int{}
	for _, r := range sched {
		kinds[strings.SplitN(r.Kind, " ", 2)[0]]++
	}
	assert.Equal(t, loadSlots/100, kinds["bad"], "1%% bad values")
	assert.Equal(t, 24, kinds["hostile"])
	byKind := map[string]loadReq{}
	for _, r := range sched {
		byKind[r.Kind] = r
	}
	for kind, want := range map[string][2]int{
		"hostile stray closers": {200, 400},
		"hostile deep 10001":    {400, 400},
		"hostile deep 9999":     {200, 200},
		"hostile truncated":     {400, 400},
		"hostile 1e400 typed":   {400, 400},
		"hostile size hint":     {200, 200},
		"hostile error at end":  {400, 400},
		"post items":            {200, 200},
		"bad nan":               {200, 200},
	} {
		r, ok := byKind[kind]
		require.True(t, ok, kind)
		assert.Equal(t, want[0], r.want("gin/safejson"), kind)
		assert.Equal(t, want[1], r.want("net-http/safejson"), kind)
	}
}

// TestLoadServers: each server answers as the load test counts it: with
// safejson, a 200 with valid JSON for the values encoding/json rejects; with
// encoding/json, an empty 200; and every POST with encoding/json's verdict.
func TestLoadServers(t *testing.T) {
	lv, err := testLoadValues()
	require.NoError(t, err)
	sched, err := loadSchedule()
	require.NoError(t, err)
	for _, name := range loadServerNames {
		t.Run(name, func(t *testing.T) {
			var h http.Handler
			if strings.HasPrefix(name, "gin/") {
				h = ginHandler(lv, strings.HasSuffix(name, "/safejson"))
			} else {
				h = httpHandler(lv, strings.HasSuffix(name, "/safejson"))
			}
			seen := map[string]bool{}
			for _, r := range sched {
				if seen[r.Kind] {
					continue
				}
				seen[r.Kind] = true
				want := r.want(name)
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, httptest.NewRequest(r.Method, r.Path+"?want="+strconv.Itoa(want), bytes.NewReader(r.Body)))
				body, _ := io.ReadAll(rec.Result().Body)
				assert.Equal(t, strconv.Itoa(want), rec.Header().Get("X-Want"), "%s: want echoed", r.Kind)
				bad := strings.HasPrefix(r.Kind, "bad ")
				switch {
				case bad && !strings.HasSuffix(name, "/safejson"):
					assert.Equal(t, http.StatusOK, rec.Code, r.Kind)
					assert.Empty(t, body, "%s: encoding/json fails, nothing written", r.Kind)
				default:
					assert.Equal(t, want, rec.Code, "%s: %.200s", r.Kind, body)
					if rec.Code == http.StatusOK {
						assert.True(t, json.Valid(body), "%s: %.200s", r.Kind, body)
					}
				}
			}
		})
	}
}

func TestParseWrk(t *testing.T) {
	r, err := parseWrk([]byte("Running 1s test\nSAFEJSON-LOAD requests=10 duration_us=1000000 p50=1500 p99=9000 wrong=1 s5xx=0 empty200=2 connect=0 read=3 write=0 timeout=0 status=1\n"))
	require.NoError(t, err)
	assert.Equal(t, wrkResult{"requests": 10, "duration_us": 1000000, "p50": 1500, "p99": 9000, "wrong": 1, "s5xx": 0,
		"empty200": 2, "connect": 0, "read": 3, "write": 0, "timeout": 0, "status": 1}, r)
	_, err = parseWrk([]byte("no line"))
	assert.Error(t, err)
}

func TestCheckLoad(t *testing.T) {
	good := loadRow{Server: "gin/safejson", Requests: 10, GoroutinesBefore: 5, GoroutinesAfter: 5, RSSWarm: 100 << 20, RSSEnd: 150 << 20,
		Answers: map[string]string{"bad nan": "200", "hostile deep 10001": "400"}}
	std := loadRow{Server: "gin/encoding-json", Requests: 10, Empty200: 3, GoroutinesBefore: 5, GoroutinesAfter: 5}
	assert.Empty(t, checkLoad(loadReport{Rows: []loadRow{good, std}}, 512<<20))

	bad := good
	bad.Wrong, bad.Transport, bad.GoroutinesAfter, bad.RSSEnd = 1, 2, 9, 1<<30
	bad.Answers = map[string]string{"bad nan": "200 empty"}
	blind := std
	blind.Empty200 = 0
	crashed := std
	crashed.Crash = "exit status 2: SIGSEGV"
	fails := checkLoad(loadReport{Rows: []loadRow{bad, blind, crashed}}, 512<<20)
	assert.Len(t, fails, 6, "%q", fails)
	assert.Contains(t, strings.Join(fails, "\n"), "crashed: exit status 2: SIGSEGV")
}
