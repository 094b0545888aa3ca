package compat_test

import (
	"fmt"
	"log/slog"
	"math"
	"net/http/httptest"
	"os"

	"github.com/safejson/safejson/compat"
)

func ExampleWriteJSON() {
	type user struct {
		Name    string  `json:"name"`
		Score   float64 `json:"score"`
		Manager *user   `json:"manager,omitempty"`
	}
	u := &user{Name: "Ada", Score: math.NaN()}
	u.Manager = u // a cycle: encoding/json fails, WriteJSON omits the member

	rec := httptest.NewRecorder() // in a handler: the http.ResponseWriter
	if err := compat.WriteJSON(rec, 200, u); err != nil {
		// Only a failing MarshalJSON/MarshalText of your own gets here, and
		// nothing has been written yet.
		rec.WriteHeader(500)
	}
	fmt.Println(rec.Code, rec.Header().Get("Content-Type"))
	fmt.Print(rec.Body.String())
	// Output:
	// 200 application/json
	// {"name":"Ada","score":null}
}

func ExampleNewJSONHandler() {
	type node struct {
		ID   int   `json:"id"`
		Next *node `json:"next,omitempty"`
	}
	n := &node{ID: 1}
	n.Next = n

	logger := slog.New(compat.NewJSONHandler(os.Stdout, &slog.HandlerOptions{
		ReplaceAttr: func(groups []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey && len(groups) == 0 {
				return slog.Attr{} // a fixed output for the example
			}
			return a
		},
	}))
	logger.Info("loaded", "node", n, "ratio", math.Inf(1))
	// Output:
	// {"level":"INFO","msg":"loaded","node":{"id":1},"ratio":null}
}

func ExampleChainReplaceAttr() {
	redact := func(groups []string, a slog.Attr) slog.Attr {
		switch {
		case a.Key == slog.TimeKey && len(groups) == 0:
			return slog.Attr{} // a fixed output for the example
		case a.Key == "token":
			return slog.String(a.Key, "***")
		}
		return a
	}
	h := slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{ReplaceAttr: compat.ChainReplaceAttr(redact)})
	slog.New(h).Warn("hook", "token", "s3cr3t", "handler", struct {
		Name string
		Fn   func()
	}{"save", func() {}})
	// Output:
	// {"level":"WARN","msg":"hook","token":"***","handler":{"Name":"save"}}
}

// ReplaceAttr alone, for a slog.JSONHandler of your own options.
func ExampleReplaceAttr() {
	h := slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{ReplaceAttr: func(groups []string, a slog.Attr) slog.Attr {
		if a.Key == slog.TimeKey && len(groups) == 0 {
			return slog.Attr{} // a fixed output for the example
		}
		return compat.ReplaceAttr(groups, a)
	}})
	slog.New(h).Info("m", "ratio", math.NaN())
	// Output: {"level":"INFO","msg":"m","ratio":null}
}
