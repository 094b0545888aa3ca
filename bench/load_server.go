//go:build bench_full

package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
	ginjson "github.com/gin-gonic/gin/codec/json"

	"github.com/safejson/safejson"
	"github.com/safejson/safejson/bench/internal/corpus"
	"github.com/safejson/safejson/compat"
	safejsongin "github.com/safejson/safejson/compat/gin"
	"github.com/safejson/safejson/internal/benchdata"
)

// The load test's servers. Each runs in a process of its own (the bench
// binary started again with -load-serve NAME), so that its RSS and goroutines
// are its own; it prints its address on stdout, serves on 127.0.0.1 until its
// stdin ends or its lifetime is over, and exits.
//
// Every server has the same routes; the query parameter want (the status
// encoding/json's verdict gives, computed by the driver) is echoed in the
// X-Want header, so that the load generator can tell a wrong answer from a
// right one without knowing which request it answers.
//
//	GET  /get/FILE      the corpus file FILE, typed
//	GET  /bad/KIND      a value encoding/json rejects: nan, func, self, selfmap
//	POST /post/items    body decoded into []benchdata.Item
//	POST /post/twitter  body decoded into corpus.Twitter
//	POST /post/any      body decoded into any
//	GET  /stats         the process's goroutines and heap, as JSON
//
// A POST answers 200 {"ok":true} when the body decodes, 400 with the error
// when it does not.

// serverUsesDecoder reports whether the server decodes request bodies with a
// Decoder (gin's binding does: json.NewDecoder(body).Decode), whose verdict
// on trailing data differs from Unmarshal's (net/http servers here read the
// body and Unmarshal it).
func serverUsesDecoder(name string) bool { return strings.HasPrefix(name, "gin/") }

// loadValues are what the GET routes return.
type loadValues struct {
	files map[string]any
	bad   map[string]any
}

// badKinds are the values encoding/json rejects that /bad/KIND returns.
var badKinds = []string{"nan", "func", "self", "selfmap"}

func newLoadValues() (*loadValues, error) {
	lv := &loadValues{files: map[string]any{}, bad: map[string]any{
		"nan":     benchdata.ItemsWithNaN(20),
		"func":    benchdata.ItemsWithFunc(20),
		"self":    benchdata.ItemsWithSelf(20),
		"selfmap": benchdata.SelfMap(),
	}}
	for _, f := range corpus.Files() {
		data, err := corpus.Load(f.Name)
		if err != nil {
			return nil, err
		}
		v := f.New()
		if err := json.Unmarshal(data, v); err != nil {
			return nil, fmt.Errorf("bench: encoding/json cannot decode %s: %w", f.Name, err)
		}
		lv.files[f.Name] = v
	}
	return lv, nil
}

// postTarget returns a fresh target for /post/WHAT.
func postTarget(what string) any {
	switch what {
	case "items":
		return new([]benchdata.Item)
	case "twitter":
		return new(corpus.Twitter)
	case "any":
		return new(any)
	}
	return nil
}

// maxBody bounds a request body.
const maxBody = 32 << 20

// stats is what /stats answers.
type stats struct {
	Goroutines int    `json:"goroutines"`
	HeapAlloc  uint64 `json:"heap_alloc"`
	NumGC      uint32 `json:"num_gc"`
}

func writeStats(w http.ResponseWriter) {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(stats{Goroutines: runtime.NumGoroutine(), HeapAlloc: m.HeapAlloc, NumGC: m.NumGC})
}

// ginDefaultAPI is gin's own codec: encoding/json.
var ginDefaultAPI = ginjson.API

// ginHandler is gin with its codec: encoding/json (gin's default) or
// safejson (compat/gin).
func ginHandler(lv *loadValues, safe bool) http.Handler {
	ginjson.API = ginDefaultAPI
	if safe {
		ginjson.API = safejsongin.API{}
	}
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.Use(func(c *gin.Context) { c.Header("X-Want", c.Query("want")) })
	r.GET("/get/:file", func(c *gin.Context) {
		v, ok := lv.files[c.Param("file")]
		if !ok {
			c.Status(http.StatusNotFound)
			return
		}
		c.JSON(http.StatusOK, v)
	})
	r.GET("/bad/:kind", func(c *gin.Context) {
		v, ok := lv.bad[c.Param("kind")]
		if !ok {
			c.Status(http.StatusNotFound)
			return
		}
		c.JSON(http.StatusOK, v)
	})
	r.POST("/post/:what", func(c *gin.Context) {
		v := postTarget(c.Param("what"))
		if v == nil {
			c.Status(http.StatusNotFound)
			return
		}
		c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, maxBody)
		if err := c.ShouldBindJSON(v); err != nil {
			c.String(http.StatusBadRequest, "%s", err)
			return
		}
		c.JSON(http.StatusOK, gin.H{"ok": true})
	})
	r.GET("/stats", func(c *gin.Context) { writeStats(c.Writer) })
	return r
}

// httpHandler is net/http with encoding/json (json.NewEncoder(w).Encode, the
// usual idiom, and json.Unmarshal) or safejson (compat.WriteJSON and
// safejson.Unmarshal).
func httpHandler(lv *loadValues, safe bool) http.Handler {
	write := func(w http.ResponseWriter, v any) {
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(v) // on an error, nothing is written: an empty 200
	}
	unmarshal := json.Unmarshal
	if safe {
		write = func(w http.ResponseWriter, v any) {
			if err := compat.WriteJSON(w, http.StatusOK, v); err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
			}
		}
		unmarshal = safejson.Unmarshal
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /get/{file}", func(w http.ResponseWriter, r *http.Request) {
		v, ok := lv.files[r.PathValue("file")]
		if !ok {
			http.NotFound(w, r)
			return
		}
		write(w, v)
	})
	mux.HandleFunc("GET /bad/{kind}", func(w http.ResponseWriter, r *http.Request) {
		v, ok := lv.bad[r.PathValue("kind")]
		if !ok {
			http.NotFound(w, r)
			return
		}
		write(w, v)
	})
	mux.HandleFunc("POST /post/{what}", func(w http.ResponseWriter, r *http.Request) {
		v := postTarget(r.PathValue("what"))
		if v == nil {
			http.NotFound(w, r)
			return
		}
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
		if err == nil {
			err = unmarshal(body, v)
		}
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		write(w, map[string]bool{"ok": true})
	})
	mux.HandleFunc("GET /stats", func(w http.ResponseWriter, r *http.Request) { writeStats(w) })
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Want", r.URL.Query().Get("want"))
		mux.ServeHTTP(w, r)
	})
}

// serveLoad is the server process: it serves name on 127.0.0.1 until stdin
// ends or life is over.
func serveLoad(name string, life time.Duration, stdin io.Reader, stdout io.Writer) error {
	lv, err := newLoadValues()
	if err != nil {
		return err
	}
	var h http.Handler
	switch name {
	case "gin/encoding-json", "gin/safejson":
		h = ginHandler(lv, name == "gin/safejson")
	case "net-http/encoding-json", "net-http/safejson":
		h = httpHandler(lv, name == "net-http/safejson")
	default:
		return fmt.Errorf("bench: -load-serve %q: want one of %v", name, loadServerNames)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 30 * time.Second}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	fmt.Fprintf(stdout, "listening %s\n", ln.Addr())
	stop := make(chan struct{})
	go func() {
		_, _ = io.Copy(io.Discard, bufio.NewReader(stdin))
		close(stop)
	}()
	select {
	case <-stop:
	case <-time.After(life):
		fmt.Fprintf(os.Stderr, "bench: %s: lifetime of %s over, stopping\n", name, life)
	case err := <-done:
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(ctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return nil
}
