//go:build bench_full

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/safejson/safejson/bench/internal/corpus"
	"github.com/safejson/safejson/internal/engine"
)

// httpConfig says how the HTTP bench loads its servers.
type httpConfig struct {
	// Case is what the route returns; the zero value means the seed's
	// 20 objects (Cases()[0]).
	Case   Case
	Engine engine.Engine
	// Duration is the load time per encoder, split evenly over Rounds.
	Duration time.Duration
	// Rounds is how many times the client goes over the servers, in rotating
	// order, so that a slow moment of the machine falls on all of them alike.
	Rounds int
	// Conns is the number of client goroutines, each with its own keep-alive
	// connection, each sending its next request when the last one is answered.
	Conns int
	// Warmup is the untimed load each server gets first.
	Warmup time.Duration
	// Progress receives one line per phase; nil for none.
	Progress io.Writer
}

// maxRequestsPerPhase bounds the requests of one load phase, whatever its
// duration.
const maxRequestsPerPhase = 5_000_000

// httpOrder is the order of the servers in the HTTP report.
var httpOrder = [numEncoders]int{encStd, encBefore, encEngine, encAfter}

// HTTPReport is the result of the HTTP bench.
type HTTPReport struct {
	Machine    Machine   `json:"machine"`
	Case       string    `json:"case"`
	Size       int       `json:"size_bytes"`
	Conns      int       `json:"conns"`
	Rounds     int       `json:"rounds"`
	DurationNs int64     `json:"duration_ns_per_server"`
	Rows       []HTTPRow `json:"rows"`
	Notes      []string  `json:"notes,omitempty"`
}

// HTTPRow holds one server's figures.
type HTTPRow struct {
	// Server names the encoder behind the route.
	Server string `json:"server"`
	// Encoder is the encoder's short name, as in the table's -json.
	Encoder   string `json:"encoder"`
	Requests  int    `json:"requests"`
	Errors    int    `json:"errors"`
	ElapsedNs int64  `json:"elapsed_ns"`
	// ReqPerSec is the median over the rounds of each round's req/s: one slow
	// moment of a busy machine moves it less than the total would.
	ReqPerSec float64 `json:"req_per_sec"`
	// RoundsReqPerSec is each round's req/s, in round order.
	RoundsReqPerSec []float64 `json:"rounds_req_per_sec"`
	MedianUs        float64   `json:"median_us_per_req"`
	MeanUs          float64   `json:"mean_us_per_req"`
	// CPUUs is the process CPU time per request, client and server together
	// (the client's share is the same for every server); 0 where the OS does
	// not report CPU time. Steadier than req/s on a busy machine.
	CPUUs float64 `json:"cpu_us_per_req,omitempty"`
	cpuNs int64
	// VsStd and VsEngine are this server's req/s over encoding/json's and the
	// raw engine's.
	VsStd    float64 `json:"req_per_sec_vs_std"`
	VsEngine float64 `json:"req_per_sec_vs_engine"`
	// CPUVsEngine is this server's CPU time per request over the raw
	// engine's: below 1 is cheaper.
	CPUVsEngine float64 `json:"cpu_per_req_vs_engine,omitempty"`
	// FirstError is the first failed request's error, if any.
	FirstError string `json:"first_error,omitempty"`

	latencies []time.Duration
}

// server is one encoder behind a loopback HTTP server.
type server struct {
	name   string
	enc    int
	url    string
	srv    *http.Server
	client *http.Client
	row    *HTTPRow
}

// runHTTP starts one server per encoder on 127.0.0.1, each returning the
// case's value, loads them in turn with a closed-loop client, and shuts them down.
func runHTTP(cfg httpConfig) (rep HTTPReport, err error) {
	c := cfg.Case
	if c.Value == nil {
		c = Cases()[0] // 20 objects
	}
	encs := encoders(c, cfg.Engine)
	rep = HTTPReport{
		Machine: currentMachine(cfg.Engine), Case: c.Name, Conns: cfg.Conns, Rounds: cfg.Rounds,
		DurationNs: cfg.Duration.Nanoseconds(),
	}
	want, werr := encs[encStd].marshal()
	if werr != nil {
		return rep, fmt.Errorf("bench: encoding/json fails on %s: %w", c.Name, werr)
	}
	rep.Size = len(want)
	names := [numEncoders]string{
		encStd: "encoding/json", encBefore: "safe alone",
		encEngine: "raw engine (" + cfg.Engine.Name() + ")", encAfter: "safejson",
	}

	var servers []*server
	defer func() {
		for _, s := range servers {
			if serr := s.close(); serr != nil && err == nil {
				err = serr
			}
		}
	}()
	for _, i := range httpOrder {
		s, serr := startServer("/"+c.Slug, encs[i].marshal, cfg.Conns)
		if serr != nil {
			return rep, serr
		}
		s.name, s.enc = names[i], i
		s.row = &HTTPRow{Server: names[i], Encoder: encoderNames[i]}
		servers = append(servers, s)
		if body, gerr := s.get(); gerr != nil {
			rep.Notes = append(rep.Notes, fmt.Sprintf("%s: %v", s.name, gerr))
		} else if !bytes.Equal(body, want) {
			rep.Notes = append(rep.Notes, fmt.Sprintf("%s answers different bytes from encoding/json: %s", s.name, firstDiff(body, want)))
		}
	}
	for _, n := range rep.Notes {
		progress(cfg.Progress, "bench: WARNING: %s", n)
	}

	for _, s := range servers {
		progress(cfg.Progress, "bench: http warm-up %s (%s)", s.name, cfg.Warmup)
		_ = s.load(cfg.Warmup, cfg.Conns, len(want), nil)
	}
	phase := cfg.Duration / time.Duration(cfg.Rounds)
	for r := range cfg.Rounds {
		for k := range servers {
			s := servers[(r+k)%len(servers)]
			progress(cfg.Progress, "bench: http round %d/%d %s (%s, %d conns)", r+1, cfg.Rounds, s.name, phase.Round(time.Millisecond), cfg.Conns)
			cpu0, cpuOK := processCPUTime()
			before := s.row.Requests
			elapsed := s.load(phase, cfg.Conns, len(want), s.row)
			if cpu1, ok := processCPUTime(); ok && cpuOK {
				s.row.cpuNs += cpu1 - cpu0
			}
			s.row.ElapsedNs += elapsed.Nanoseconds()
			s.row.RoundsReqPerSec = append(s.row.RoundsReqPerSec, float64(s.row.Requests-before)/elapsed.Seconds())
		}
	}

	byEnc := map[int]*HTTPRow{}
	for _, s := range servers {
		row := s.row
		row.ReqPerSec = median(row.RoundsReqPerSec)
		if row.Requests > 0 {
			row.CPUUs = float64(row.cpuNs) / float64(row.Requests) / 1000
		}
		if len(row.latencies) > 0 {
			var sum time.Duration
			for _, l := range row.latencies {
				sum += l
			}
			row.MeanUs = float64(sum.Nanoseconds()) / float64(len(row.latencies)) / 1000
			slices.Sort(row.latencies)
			mid := len(row.latencies) / 2
			med := row.latencies[mid]
			if len(row.latencies)%2 == 0 {
				med = (row.latencies[mid-1] + row.latencies[mid]) / 2
			}
			row.MedianUs = float64(med.Nanoseconds()) / 1000
			row.latencies = nil
		}
		byEnc[s.enc] = row
	}
	for _, s := range servers {
		row := s.row
		if std := byEnc[encStd].ReqPerSec; std > 0 {
			row.VsStd = row.ReqPerSec / std
		}
		if raw := byEnc[encEngine].ReqPerSec; raw > 0 {
			row.VsEngine = row.ReqPerSec / raw
		}
		if raw := byEnc[encEngine].CPUUs; raw > 0 {
			row.CPUVsEngine = row.CPUUs / raw
		}
		if row.Errors > 0 {
			rep.Notes = append(rep.Notes, fmt.Sprintf("%s: %d failed requests, first: %s", row.Server, row.Errors, row.FirstError))
		}
		rep.Rows = append(rep.Rows, *row)
	}
	return rep, nil
}

// startServer serves marshal's output at path on a fresh loopback port and
// returns it with a keep-alive client sized for conns connections.
func startServer(path string, marshal func() ([]byte, error), conns int) (*server, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("bench: listening on loopback: %w", err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET "+path, func(w http.ResponseWriter, _ *http.Request) {
		b, err := call(marshal)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Length", strconv.Itoa(len(b)))
		_, _ = w.Write(b)
	})
	s := &server{
		url: "http://" + ln.Addr().String() + path,
		srv: &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second},
		client: &http.Client{
			Timeout: 10 * time.Second,
			Transport: &http.Transport{
				Proxy:               nil, // loopback only, whatever the environment says
				MaxIdleConns:        conns,
				MaxIdleConnsPerHost: conns,
				MaxConnsPerHost:     conns,
				IdleConnTimeout:     time.Minute,
				DisableCompression:  true,
			},
		},
	}
	go func() { _ = s.srv.Serve(ln) }()
	return s, nil
}

// get fetches the route once and returns its body, or why it failed.
func (s *server) get() ([]byte, error) {
	resp, err := s.client.Get(s.url)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("status %d: %s", resp.StatusCode, shorten(string(body), 80))
	}
	return body, nil
}

// load runs conns closed-loop clients against s for d (and at most
// maxRequestsPerPhase requests), adds what they saw to row when row is not nil,
// and returns how long it took until the last answer.
func (s *server) load(d time.Duration, conns, wantLen int, row *HTTPRow) time.Duration {
	var (
		sent     atomic.Int64
		mu       sync.Mutex
		wg       sync.WaitGroup
		start    = time.Now()
		deadline = start.Add(d)
	)
	for range conns {
		wg.Go(func() {
			var (
				lat      []time.Duration
				failures int
				first    string
			)
			for time.Now().Before(deadline) && sent.Add(1) <= maxRequestsPerPhase {
				t0 := time.Now()
				err := s.roundTrip(wantLen)
				lat = append(lat, time.Since(t0))
				if err != nil {
					failures++
					if first == "" {
						first = err.Error()
					}
				}
			}
			if row == nil {
				return
			}
			mu.Lock()
			defer mu.Unlock()
			row.Requests += len(lat)
			row.Errors += failures
			row.latencies = append(row.latencies, lat...)
			if row.FirstError == "" {
				row.FirstError = first
			}
		})
	}
	wg.Wait()
	return time.Since(start)
}

// roundTrip sends one request and reads the whole answer, which must be a 200
// of wantLen bytes.
func (s *server) roundTrip(wantLen int) error {
	resp, err := s.client.Get(s.url)
	if err != nil {
		return err
	}
	n, err := io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	switch {
	case err != nil:
		return err
	case resp.StatusCode != http.StatusOK:
		return fmt.Errorf("status %d", resp.StatusCode)
	case n != int64(wantLen):
		return fmt.Errorf("body of %d bytes, want %d", n, wantLen)
	}
	return nil
}

// close shuts the server down, waiting for its connections to go idle.
func (s *server) close() error {
	s.client.CloseIdleConnections()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := s.srv.Shutdown(ctx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("bench: shutting down the %s server: %w", s.name, err)
	}
	return nil
}

// routeCase returns what -route names: the seed's items-20, or a corpus file
// decoded by encoding/json into its typed struct.
func routeCase(name string) (Case, error) {
	if name == Cases()[0].Slug {
		return Cases()[0], nil
	}
	for _, f := range corpus.Files() {
		if f.Name != name {
			continue
		}
		data, err := corpus.Load(f.Name)
		if err != nil {
			return Case{}, err
		}
		v := f.New()
		if err := json.Unmarshal(data, v); err != nil {
			return Case{}, fmt.Errorf("bench: encoding/json cannot decode %s: %w", f.Name, err)
		}
		return Case{Name: f.Name + " typed", Slug: f.Name + "-typed", Value: v}, nil
	}
	return Case{}, fmt.Errorf("bench: -route %q: want one of %v", name, routeNames)
}

// progress writes one line to w, if any.
func progress(w io.Writer, format string, args ...any) {
	if w != nil {
		fmt.Fprintf(w, format+"\n", args...)
	}
}

// writeHTTPMarkdown writes the HTTP report as a markdown table.
func writeHTTPMarkdown(w io.Writer, rep HTTPReport) {
	fmt.Fprintf(w, "%s\n\n", rep.Machine.Line())
	fmt.Fprintf(w, "GET of %s (%s) on 127.0.0.1, one server per encoder; closed-loop client in the same process, %d keep-alive connections, %s per server in %d rounds; req/s is the median of the rounds.\n\n",
		rep.Case, formatSize(rep.Size, true), rep.Conns, time.Duration(rep.DurationNs), rep.Rounds)
	fmt.Fprintf(w, "| Server | req/s | median µs/req | mean µs/req | req/s vs encoding/json | req/s vs raw engine | CPU µs/req (client+server) | CPU/req vs raw engine | failed requests |\n")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|---:|---:|---:|")
	for _, r := range rep.Rows {
		fmt.Fprintf(w, "| %s | %s | %.1f | %.1f | %s | %s | %.1f | %s | %d |\n",
			r.Server, thousands(int64(r.ReqPerSec+0.5)), r.MedianUs, r.MeanUs,
			formatRatio2(r.VsStd), formatRatio2(r.VsEngine), r.CPUUs, formatRatio2(r.CPUVsEngine), r.Errors)
	}
	if len(rep.Notes) > 0 {
		fmt.Fprintln(w)
		for _, n := range rep.Notes {
			fmt.Fprintf(w, "- **WARNING** %s\n", cell(n))
		}
	}
}
