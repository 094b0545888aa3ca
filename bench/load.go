//go:build bench_full

package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/safejson/safejson/bench/internal/corpus"
	"github.com/safejson/safejson/internal/benchdata"
)

// The load test (go run ./bench -load): wrk, a real load generator, drives
// each server of loadServerNames in turn (gin and net/http, each with
// encoding/json and with safejson), every server in a process of its own on
// 127.0.0.1. The requests are a fixed schedule of loadSlots: GETs of the
// json/v2 corpus files, typed; 1% GETs of values encoding/json rejects (NaN,
// a func, a pointer cycle, a map cycle); POSTs of valid bodies and of hostile
// ones (deep nesting, duplicate keys, huge numbers, truncated bodies, stray
// closers, the size-hint and error-at-the-end shapes of internal/attack), decoded
// with the server's codec. Each request carries the status encoding/json's
// verdict gives (want), and the server echoes it, so that wrk's Lua script
// counts every answer that is not that status, and every empty 200.

// loadConfig says how to load the servers.
type loadConfig struct {
	Servers  []string
	Duration time.Duration // measured load per server
	Warmup   time.Duration // load before it, not measured
	Conns    int
	Threads  int
	Progress io.Writer
}

// loadRow is one server's figures.
type loadRow struct {
	Server    string  `json:"server"`
	Requests  int64   `json:"requests"`
	ReqPerSec float64 `json:"req_per_sec"`
	P50Us     float64 `json:"p50_us"`
	P99Us     float64 `json:"p99_us"`
	// Wrong counts the answers whose status is not encoding/json's verdict
	// (200 for every GET, 200 or 400 for a POST); S5xx and Empty200 are
	// the 500s and the 200s with an empty body among all answers.
	Wrong    int64 `json:"wrong_status"`
	S5xx     int64 `json:"status_5xx"`
	Empty200 int64 `json:"empty_200"`
	// Transport counts wrk's socket errors: connect, read, write, timeout.
	Transport int64 `json:"transport_errors"`
	// RSS in bytes: after the warm-up, at the end of the load, and the
	// process's peak (VmHWM).
	RSSWarm int64 `json:"rss_after_warmup"`
	RSSMid  int64 `json:"rss_mid,omitempty"` // half-way through the load
	RSSEnd  int64 `json:"rss_end"`
	RSSPeak int64 `json:"rss_peak"`
	// HeapEnd is the server's heap in use (runtime.MemStats.HeapAlloc)
	// right after the load.
	HeapEnd uint64 `json:"heap_end,omitempty"`
	// Goroutines of the server before the load (idle) and after it (once
	// the load generator's connections are closed).
	GoroutinesBefore int `json:"goroutines_before"`
	GoroutinesAfter  int `json:"goroutines_after"`
	// Crash is how the server process ended, if not by being stopped.
	Crash string `json:"crash,omitempty"`
	// Answers is what the server answered to one request of each kind,
	// before the load: kind → "200", "200 empty", "500" …
	Answers map[string]string `json:"answers"`
}

// Errors counts the failed answers: a wrong status, an empty 200 (with the
// right status) or a transport error.
func (r loadRow) Errors() int64 {
	return r.Wrong + r.Empty200 + r.Transport
}

// loadReport is the load test's result.
type loadReport struct {
	Machine   Machine   `json:"machine"`
	Duration  string    `json:"duration"`
	Warmup    string    `json:"warmup"`
	Conns     int       `json:"conns"`
	Threads   int       `json:"threads"`
	Wrk       string    `json:"wrk"`
	Slots     int       `json:"slots"`
	Mix       string    `json:"mix"`
	Rows      []loadRow `json:"rows"`
	Kinds     []string  `json:"kinds"`
	Failures  []string  `json:"failures,omitempty"`
	GoVersion string    `json:"go"`
}

// loadReq is one request of the schedule.
type loadReq struct {
	Kind   string // what it is, for the answers table
	Method string
	Path   string // without want
	Body   []byte
}

// loadSlots is the length of the schedule; each thread of wrk goes round it
// from its own starting point.
const loadSlots = 400

// loadSchedule returns the requests of the schedule, in order: 4 bad GETs
// (1%), 24 hostile POSTs, 80 valid POSTs, and GETs of the corpus files for
// the rest, shuffled the same way every run.
func loadSchedule() ([]loadReq, error) {
	var files []string
	bodies := map[string][]byte{}
	for _, f := range corpus.Files() {
		data, err := corpus.Load(f.Name)
		if err != nil {
			return nil, err
		}
		files = append(files, f.Name)
		bodies[f.Name] = data
	}
	items, err := json.Marshal(benchdata.Items(20))
	if err != nil {
		return nil, err
	}
	twitter := bodies["twitter_status"]
	var s []loadReq
	for _, k := range badKinds {
		s = append(s, loadReq{Kind: "bad " + k, Method: "GET", Path: "/bad/" + k})
	}
	for _, h := range hostileBodies(twitter) {
		s = append(s, h, h) // twice each: 24
	}
	for i := range 80 {
		switch {
		case i < 60:
			s = append(s, loadReq{Kind: "post items", Method: "POST", Path: "/post/items", Body: items})
		case i < 70:
			s = append(s, loadReq{Kind: "post twitter typed", Method: "POST", Path: "/post/twitter", Body: twitter})
		default:
			s = append(s, loadReq{Kind: "post twitter any", Method: "POST", Path: "/post/any", Body: twitter})
		}
	}
	for i := 0; len(s) < loadSlots; i++ {
		f := files[i%len(files)]
		s = append(s, loadReq{Kind: "get " + f, Method: "GET", Path: "/get/" + f})
	}
	r := rand.New(rand.NewPCG(18, 1))
	r.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
	return s, nil
}

// hostileBodies are the POSTs an attacker sends: twelve kinds.
func hostileBodies(twitter []byte) []loadReq {
	rep := func(s string, n int) string { return strings.Repeat(s, n) }
	chain := func(depth int) string { return rep(`{"a":`, depth) + "1" + rep("}", depth) }
	// The size-hint shape: a wide object with first key a, then a
	// deep chain of one-member objects of the same first key.
	var wide strings.Builder
	wide.WriteString(`{"a":0`)
	for i := range 63 {
		fmt.Fprintf(&wide, `,"m%d":%d`, i, i)
	}
	wide.WriteString("}")
	var hint strings.Builder
	hint.WriteString("[")
	for i := range 40 {
		if i > 0 {
			hint.WriteString(",")
		}
		hint.WriteString(wide.String() + "," + chain(500))
	}
	hint.WriteString("]")
	// An error at the end of a large body: valid chains, then one past the
	// nesting limit.
	var late strings.Builder
	late.WriteString("[")
	for range 50 {
		late.WriteString(chain(1000) + ",")
	}
	late.WriteString(chain(10001) + "]")
	var dup strings.Builder
	dup.WriteString("{")
	for i := range 20000 {
		if i > 0 {
			dup.WriteString(",")
		}
		fmt.Fprintf(&dup, `"a":%d`, i)
	}
	dup.WriteString("}")
	post := func(kind, path, body string) loadReq {
		return loadReq{Kind: "hostile " + kind, Method: "POST", Path: path, Body: []byte(body)}
	}
	return []loadReq{
		post("deep 10001", "/post/any", rep("[", 10001)+rep("]", 10001)),
		post("deep 9999", "/post/any", rep("[", 9999)+rep("]", 9999)),
		post("duplicate keys", "/post/any", dup.String()),
		post("huge integer", "/post/any", "[1"+rep("0", 50000)+"]"),
		post("long fraction", "/post/any", "0."+rep("0", 100000)+"1e100000"),
		post("1e400 typed", "/post/items", `[{"id":1,"score":1e400}]`),
		post("truncated", "/post/twitter", string(twitter[:len(twitter)*9/10])),
		post("stray closers", "/post/any", `{"a":[1,2]}}]]`),
		post("stray closer typed", "/post/items", `[{"id":1}]]`),
		post("size hint", "/post/any", hint.String()),
		post("error at end", "/post/any", late.String()),
		post("empty", "/post/any", ""),
	}
}

// want returns the status encoding/json's verdict on req gives on server:
// 200 for a GET, for a POST 200 if the body decodes (with a Decoder where
// the server decodes with one), 400 if not.
func (req loadReq) want(server string) int {
	if req.Method != "POST" {
		return http.StatusOK
	}
	what := strings.TrimPrefix(req.Path, "/post/")
	v := postTarget(what)
	var err error
	if serverUsesDecoder(server) {
		err = json.NewDecoder(bytes.NewReader(req.Body)).Decode(v)
	} else {
		err = json.Unmarshal(req.Body, v)
	}
	if err != nil {
		return http.StatusBadRequest
	}
	return http.StatusOK
}

// loadLua is wrk's script: it reads the schedule (one request a line:
// METHOD PATH BODYFILE or -), sends it round from a starting point of its
// own per thread, and counts the answers whose status is not X-Want, the
// 5xx and the empty 200s; done prints one line of figures.
const loadLua = `
local threads = {}
local n = 0
function setup(thread)
  n = n + 1
  thread:set("id", n)
  table.insert(threads, thread)
end

function init(args)
  reqs = {}
  for line in io.lines(args[1]) do
    local method, path, file = line:match("^(%S+) (%S+) (%S+)$")
    local body = nil
    local headers = {}
    if file ~= "-" then
      local f = assert(io.open(file, "rb"))
      body = f:read("*a")
      f:close()
      headers["Content-Type"] = "application/json"
    end
    reqs[#reqs + 1] = wrk.format(method, path, headers, body)
  end
  at = (id * 97) % #reqs
  wrong, s5xx, empty200 = 0, 0, 0
end

function request()
  at = at % #reqs + 1
  return reqs[at]
end

function response(status, headers, body)
  local want = tonumber(headers["X-Want"] or headers["x-want"] or "0")
  if status ~= want then wrong = wrong + 1 end
  if status >= 500 then s5xx = s5xx + 1 end
  if status == 200 and #body == 0 then empty200 = empty200 + 1 end
end

function done(summary, latency, requests)
  local w, s, e = 0, 0, 0
  for _, t in ipairs(threads) do
    w = w + t:get("wrong")
    s = s + t:get("s5xx")
    e = e + t:get("empty200")
  end
  local er = summary.errors
  io.write(string.format("SAFEJSON-LOAD requests=%d duration_us=%d p50=%d p99=%d wrong=%d s5xx=%d empty200=%d connect=%d read=%d write=%d timeout=%d status=%d\n",
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    w, s, e, er.connect, er.read, er.write, er.timeout, er.status))
end
`

// wrkResult is the line done prints.
type wrkResult map[string]int64

func parseWrk(out []byte) (wrkResult, error) {
	for line := range strings.SplitSeq(string(out), "\n") {
		rest, ok := strings.CutPrefix(line, "SAFEJSON-LOAD ")
		if !ok {
			continue
		}
		r := wrkResult{}
		for _, kv := range strings.Fields(rest) {
			k, v, _ := strings.Cut(kv, "=")
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				return nil, fmt.Errorf("bench: wrk's line %q: %w", line, err)
			}
			r[k] = n
		}
		return r, nil
	}
	return nil, fmt.Errorf("bench: no figures in wrk's output:\n%s", out)
}

// wrkPath finds wrk, or says how to get it.
func wrkPath() (string, error) {
	p, err := exec.LookPath("wrk")
	if err != nil {
		return "", errors.New("bench: -load needs wrk (https://github.com/wg/wrk) on PATH: apt-get install -y wrk (Debian, Ubuntu), brew install wrk (macOS)")
	}
	return p, nil
}

// runLoad runs the load test.
func runLoad(cfg loadConfig) (loadReport, error) {
	eng, err := engineByName("")
	if err != nil {
		return loadReport{}, err
	}
	rep := loadReport{
		Machine: currentMachine(eng), Duration: cfg.Duration.String(), Warmup: cfg.Warmup.String(),
		Conns: cfg.Conns, Threads: cfg.Threads, Slots: loadSlots, GoVersion: runtime.Version(),
	}
	wrk, err := wrkPath()
	if err != nil {
		return rep, err
	}
	if v, verr := exec.Command(wrk, "-v").CombinedOutput(); len(v) > 0 {
		rep.Wrk = strings.TrimSpace(strings.SplitN(string(v), "\n", 2)[0])
		_ = verr // wrk -v exits 1 after printing its version
	}
	sched, err := loadSchedule()
	if err != nil {
		return rep, err
	}
	counts := map[string]int{}
	for _, r := range sched {
		counts[strings.SplitN(r.Kind, " ", 2)[0]]++
		if !slices.Contains(rep.Kinds, r.Kind) {
			rep.Kinds = append(rep.Kinds, r.Kind)
		}
	}
	slices.Sort(rep.Kinds)
	rep.Mix = fmt.Sprintf("%d requests in a schedule: %d GETs of corpus files, %d GETs of values encoding/json rejects, %d POSTs of valid bodies, %d POSTs of hostile bodies",
		len(sched), counts["get"], counts["bad"], counts["post"], counts["hostile"])
	dir, err := os.MkdirTemp("", "safejson-load")
	if err != nil {
		return rep, err
	}
	defer os.RemoveAll(dir)
	script := filepath.Join(dir, "load.lua")
	if err := os.WriteFile(script, []byte(loadLua), 0o644); err != nil {
		return rep, err
	}
	for _, name := range cfg.Servers {
		row, err := loadServer(cfg, wrk, script, dir, name, sched)
		if err != nil {
			return rep, fmt.Errorf("bench: %s: %w", name, err)
		}
		rep.Rows = append(rep.Rows, row)
	}
	return rep, nil
}

// writeSchedule writes the schedule for server into dir: its manifest and
// body files.
func writeSchedule(dir, server string, sched []loadReq) (string, map[string]int, error) {
	var m strings.Builder
	wants := map[string]int{}
	for i, r := range sched {
		want := r.want(server)
		wants[r.Kind] = want
		file := "-"
		if r.Body != nil {
			file = filepath.Join(dir, fmt.Sprintf("body-%03d.json", i))
			if err := os.WriteFile(file, r.Body, 0o644); err != nil {
				return "", nil, err
			}
		}
		fmt.Fprintf(&m, "%s %s?want=%d %s\n", r.Method, r.Path, want, file)
	}
	manifest := filepath.Join(dir, "schedule-"+strings.ReplaceAll(server, "/", "-"))
	return manifest, wants, os.WriteFile(manifest, []byte(m.String()), 0o644)
}

// loadServer starts server name in its own process, loads it and stops it.
func loadServer(cfg loadConfig, wrk, script, dir, name string, sched []loadReq) (row loadRow, err error) {
	row = loadRow{Server: name, Answers: map[string]string{}}
	manifest, _, err := writeSchedule(dir, name, sched)
	if err != nil {
		return row, err
	}
	p, err := startLoadServer(name, cfg.Warmup+cfg.Duration+2*time.Minute)
	if err != nil {
		return row, err
	}
	defer func() {
		if crash := p.stop(); crash != "" {
			row.Crash = crash
		}
	}()
	progress(cfg.Progress, "bench: %s: serving on %s (pid %d)", name, p.addr, p.cmd.Process.Pid)
	base := "http://" + p.addr

	// One request of each kind first: what this server answers to it.
	client := &http.Client{Timeout: 30 * time.Second}
	for _, r := range sched {
		if _, seen := row.Answers[r.Kind]; seen {
			continue
		}
		row.Answers[r.Kind] = answer(client, base, r, r.want(name))
	}
	client.CloseIdleConnections()
	time.Sleep(200 * time.Millisecond)
	st, err := serverStats(base)
	if err != nil {
		return row, err
	}
	row.GoroutinesBefore = st.Goroutines

	runWrk := func(d time.Duration) (wrkResult, error) {
		cmd := exec.Command(wrk, "-t", strconv.Itoa(cfg.Threads), "-c", strconv.Itoa(cfg.Conns),
			"-d", fmt.Sprintf("%ds", int(d.Round(time.Second)/time.Second)), "--timeout", "30s",
			"-s", script, base, "--", manifest)
		var out, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &stderr
		if err := cmd.Run(); err != nil {
			return nil, fmt.Errorf("wrk: %w: %s%s", err, out.Bytes(), stderr.Bytes())
		}
		return parseWrk(out.Bytes())
	}
	if cfg.Warmup > 0 {
		progress(cfg.Progress, "bench: %s: warm-up, %s", name, cfg.Warmup)
		if _, err := runWrk(cfg.Warmup); err != nil {
			return row, err
		}
	}
	row.RSSWarm = procStatus(p.cmd.Process.Pid, "VmRSS")
	progress(cfg.Progress, "bench: %s: load, %s, %d connections", name, cfg.Duration, cfg.Conns)
	var rssMid atomic.Int64
	mid := time.AfterFunc(cfg.Duration/2, func() { rssMid.Store(procStatus(p.cmd.Process.Pid, "VmRSS")) })
	res, err := runWrk(cfg.Duration)
	mid.Stop()
	row.RSSMid = rssMid.Load()
	if err != nil {
		return row, err
	}
	row.RSSEnd = procStatus(p.cmd.Process.Pid, "VmRSS")
	row.RSSPeak = procStatus(p.cmd.Process.Pid, "VmHWM")
	row.Requests = res["requests"]
	if us := res["duration_us"]; us > 0 {
		row.ReqPerSec = float64(res["requests"]) / (float64(us) / 1e6)
	}
	row.P50Us, row.P99Us = float64(res["p50"]), float64(res["p99"])
	row.Wrong, row.S5xx, row.Empty200 = res["wrong"], res["s5xx"], res["empty200"]
	row.Transport = res["connect"] + res["read"] + res["write"] + res["timeout"]

	if st, err := serverStats(base); err == nil {
		row.HeapEnd = st.HeapAlloc
	}
	// The load generator's connections are closed: their goroutines end.
	deadline := time.Now().Add(5 * time.Second)
	for {
		st, err := serverStats(base)
		if err != nil {
			return row, err
		}
		row.GoroutinesAfter = st.Goroutines
		if st.Goroutines <= row.GoroutinesBefore || time.Now().After(deadline) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	return row, nil
}

// answer sends r once and describes the answer: its status, "empty" for an
// empty body, "invalid JSON" for a 200 whose body is not JSON, and "≠ want"
// where the status is not encoding/json's verdict.
func answer(client *http.Client, base string, r loadReq, want int) string {
	req, err := http.NewRequest(r.Method, base+r.Path, bytes.NewReader(r.Body))
	if err != nil {
		return err.Error()
	}
	resp, err := client.Do(req)
	if err != nil {
		return "transport error"
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return fmt.Sprintf("%d, body cut", resp.StatusCode)
	}
	s := strconv.Itoa(resp.StatusCode)
	switch {
	case resp.StatusCode == http.StatusOK && len(body) == 0:
		s += " empty"
	case resp.StatusCode == http.StatusOK && !json.Valid(body):
		s += " invalid JSON"
	}
	if resp.StatusCode != want {
		s += fmt.Sprintf(" (want %d)", want)
	}
	return s
}

func serverStats(base string) (stats, error) {
	var st stats
	resp, err := http.Get(base + "/stats")
	if err != nil {
		return st, err
	}
	defer resp.Body.Close()
	err = json.NewDecoder(resp.Body).Decode(&st)
	http.DefaultClient.CloseIdleConnections()
	return st, err
}

// procStatus reads a size field of /proc/PID/status in bytes; 0 where there
// is none (not Linux).
func procStatus(pid int, field string) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for line := range strings.SplitSeq(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, field+":"); ok {
			f := strings.Fields(rest)
			if len(f) == 2 && f[1] == "kB" {
				n, _ := strconv.ParseInt(f[0], 10, 64)
				return n << 10
			}
		}
	}
	return 0
}

// loadProcess is a server process.
type loadProcess struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	addr   string
	stderr *lockedBuffer
	exited chan error
}

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// startLoadServer starts this binary again as server name, for at most life.
func startLoadServer(name string, life time.Duration) (*loadProcess, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(exe, "-load-serve", name, "-load-life", life.String())
	p := &loadProcess{cmd: cmd, stderr: &lockedBuffer{}, exited: make(chan error, 1)}
	cmd.Stderr = p.stderr
	if p.stdin, err = cmd.StdinPipe(); err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	line := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		if sc.Scan() {
			line <- sc.Text()
		}
		close(line)
		_, _ = io.Copy(io.Discard, stdout)
	}()
	go func() { p.exited <- cmd.Wait() }()
	select {
	case l, ok := <-line:
		if addr, found := strings.CutPrefix(l, "listening "); ok && found {
			p.addr = addr
			return p, nil
		}
		p.stop()
		return nil, fmt.Errorf("server did not start: %q %s", l, p.stderr.String())
	case <-time.After(2 * time.Minute):
		p.stop()
		return nil, fmt.Errorf("server did not start in 2 minutes: %s", p.stderr.String())
	}
}

// stop ends the server (its stdin closes; killed after 15 s) and returns how
// it ended if it did not exit cleanly: a crash, "" otherwise.
func (p *loadProcess) stop() string {
	_ = p.stdin.Close()
	select {
	case err := <-p.exited:
		if err != nil {
			return fmt.Sprintf("%v: %s", err, lastLines(p.stderr.String(), 20))
		}
		return ""
	case <-time.After(15 * time.Second):
		_ = p.cmd.Process.Kill()
		<-p.exited
		return "did not stop in 15 s: killed"
	}
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// checkLoad returns what makes the short form of the load test fail: a
// safejson server that answered anything but encoding/json's verdict or an
// empty or failed answer, a server that crashed, leaked goroutines or grew
// its RSS by more than maxGrowth after the warm-up; and an encoding/json
// server that showed no wrong answer (the bad values did not reach it).
func checkLoad(rep loadReport, maxGrowth int64) []string {
	var fails []string
	for _, r := range rep.Rows {
		safe := strings.HasSuffix(r.Server, "/safejson")
		switch {
		case r.Crash != "":
			fails = append(fails, fmt.Sprintf("%s crashed: %s", r.Server, r.Crash))
		case r.Requests == 0:
			fails = append(fails, fmt.Sprintf("%s answered no request", r.Server))
		}
		if safe && (r.Wrong > 0 || r.S5xx > 0 || r.Empty200 > 0 || r.Transport > 0) {
			fails = append(fails, fmt.Sprintf("%s: %d wrong statuses, %d 5xx, %d empty 200s, %d transport errors", r.Server, r.Wrong, r.S5xx, r.Empty200, r.Transport))
		}
		if !safe && r.Wrong == 0 && r.Empty200 == 0 {
			fails = append(fails, fmt.Sprintf("%s: no wrong answer to the values encoding/json rejects: the load does not reach them", r.Server))
		}
		for k, a := range r.Answers {
			if safe && a != "200" && a != "400" {
				fails = append(fails, fmt.Sprintf("%s answered %q: %s", r.Server, k, a))
			}
		}
		if leak := r.GoroutinesAfter - r.GoroutinesBefore; leak > 2 {
			fails = append(fails, fmt.Sprintf("%s: %d goroutines before the load, %d after", r.Server, r.GoroutinesBefore, r.GoroutinesAfter))
		}
		if r.RSSWarm > 0 && r.RSSEnd-r.RSSWarm > maxGrowth {
			fails = append(fails, fmt.Sprintf("%s: RSS grew from %s after the warm-up to %s", r.Server, mib(r.RSSWarm), mib(r.RSSEnd)))
		}
	}
	slices.Sort(fails)
	return fails
}

func mib(n int64) string { return fmt.Sprintf("%.0f MiB", float64(n)/(1<<20)) }

// mibOrDash is mib, or "–" for a figure a saved report does not have.
func mibOrDash(n int64) string {
	if n == 0 {
		return "–"
	}
	return mib(n)
}

// writeLoadMarkdown writes the report as markdown: the load table, then what
// each server answered to one request of each kind.
func writeLoadMarkdown(w io.Writer, rep loadReport) {
	fmt.Fprintf(w, "%s, %s\n\n", rep.Machine.Line(), rep.GoVersion)
	fmt.Fprintf(w, "%s, %d threads, %d keep-alive connections, %s per server after a %s warm-up; each server in its own process on 127.0.0.1. %s. Errors: answers whose status is not encoding/json's verdict (wrong status), 200s with an empty body, and transport errors; p50/p99 are wrk's (closed loop).\n\n",
		rep.Wrk, rep.Threads, rep.Conns, rep.Duration, rep.Warmup, rep.Mix)
	fmt.Fprintln(w, "| server / codec | requests | req/s | p50 ms | p99 ms | errors | wrong status | 5xx | empty 200 | transport errors | RSS after warm-up | RSS half-way | RSS end (growth) | peak RSS | heap at end | goroutines before → after |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
	for _, r := range rep.Rows {
		crash := ""
		if r.Crash != "" {
			crash = " **CRASHED**: " + cell(r.Crash)
		}
		fmt.Fprintf(w, "| %s%s | %s | %s | %.1f | %.1f | **%d** | %d | %d | %d | %d | %s | %s | %s (%+.0f MiB) | %s | %s | %d → %d |\n",
			r.Server, crash, thousands(r.Requests), thousands(int64(r.ReqPerSec+0.5)), r.P50Us/1000, r.P99Us/1000,
			r.Errors(), r.Wrong, r.S5xx, r.Empty200, r.Transport, mib(r.RSSWarm), mibOrDash(r.RSSMid), mib(r.RSSEnd), float64(r.RSSEnd-r.RSSWarm)/(1<<20),
			mib(r.RSSPeak), mibOrDash(int64(r.HeapEnd)), r.GoroutinesBefore, r.GoroutinesAfter)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "What each server answers to one request of each kind (before the load; \"(want N)\": encoding/json's verdict gives N):")
	fmt.Fprintln(w)
	fmt.Fprint(w, "| request |")
	for _, r := range rep.Rows {
		fmt.Fprintf(w, " %s |", r.Server)
	}
	fmt.Fprint(w, "\n|---|")
	for range rep.Rows {
		fmt.Fprint(w, "---|")
	}
	fmt.Fprintln(w)
	for _, k := range rep.Kinds {
		fmt.Fprintf(w, "| %s |", k)
		for _, r := range rep.Rows {
			fmt.Fprintf(w, " %s |", r.Answers[k])
		}
		fmt.Fprintln(w)
	}
	if len(rep.Failures) > 0 {
		fmt.Fprintln(w)
		for _, f := range rep.Failures {
			fmt.Fprintf(w, "- **FAIL** %s\n", cell(f))
		}
	}
}

// loadCommandConfig is what the -load flags say.
type loadCommandConfig struct {
	Duration    time.Duration
	DurationSet bool
	Warmup      time.Duration
	Conns       int
	ConnsSet    bool
	Threads     int
	Server      string
	Check       bool
	MaxGrowth   int64
	JSON        bool
	// From renders a report saved with -json instead of measuring.
	From string
}

// loadCommand is go run ./bench -load.
func loadCommand(c loadCommandConfig, stdout, stderr io.Writer) error {
	if c.From != "" {
		b, err := os.ReadFile(c.From)
		if err != nil {
			return fmt.Errorf("bench: -from: %w", err)
		}
		var rep loadReport
		if err := json.Unmarshal(b, &rep); err != nil || len(rep.Rows) == 0 {
			return fmt.Errorf("bench: -from %s: not a -load -json report: %v", c.From, err)
		}
		writeLoadMarkdown(stdout, rep)
		return nil
	}
	cfg := loadConfig{Duration: c.Duration, Warmup: c.Warmup, Conns: c.Conns, Threads: c.Threads, Progress: stderr}
	if !c.DurationSet {
		cfg.Duration = 60 * time.Second
	}
	if !c.ConnsSet {
		cfg.Conns = 16
	}
	if cfg.Warmup == 0 {
		cfg.Warmup = min(cfg.Duration/6, 10*time.Second)
	}
	switch {
	case cfg.Duration < time.Second || cfg.Duration > time.Hour:
		return errors.New("bench: -load: -duration must be in [1s, 1h]")
	case cfg.Warmup < time.Second || cfg.Warmup > 10*time.Minute:
		return errors.New("bench: -load: -warmup must be in [1s, 10m]")
	case cfg.Threads < 1 || cfg.Threads > cfg.Conns:
		return errors.New("bench: -load: -threads must be in [1, -conns]")
	}
	re, err := regexp.Compile(c.Server)
	if err != nil {
		return fmt.Errorf("bench: -server: %w", err)
	}
	for _, s := range loadServerNames {
		if re.MatchString(s) {
			cfg.Servers = append(cfg.Servers, s)
		}
	}
	if len(cfg.Servers) == 0 {
		return fmt.Errorf("bench: -server %q matches none of %v", c.Server, loadServerNames)
	}
	rep, err := runLoad(cfg)
	if err != nil {
		return err
	}
	if c.Check {
		rep.Failures = checkLoad(rep, c.MaxGrowth)
	}
	if c.JSON {
		err = writeJSON(stdout, rep)
	} else {
		writeLoadMarkdown(stdout, rep)
	}
	if err == nil && len(rep.Failures) > 0 {
		err = fmt.Errorf("bench: -load -check: %d failures:\n%s", len(rep.Failures), strings.Join(rep.Failures, "\n"))
	}
	return err
}
