package compat_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"testing"
	"time"

	"github.com/safejson/safejson/compat"
	"github.com/safejson/safejson/internal/benchdata"
)

// discardWriter is an http.ResponseWriter that keeps nothing.
type discardWriter struct{ h http.Header }

func (w *discardWriter) Header() http.Header         { return w.h }
func (w *discardWriter) WriteHeader(int)             {}
func (w *discardWriter) Write(p []byte) (int, error) { return len(p), nil }

// BenchmarkWriteJSON compares WriteJSON with the usual net/http code,
// json.NewEncoder(w).Encode(v), on the bench data; the cyclic case has no
// encoding/json counterpart (it fails).
func BenchmarkWriteJSON(b *testing.B) {
	values := []struct {
		name string
		v    any
	}{
		{"items20", benchdata.Items(20)},
		{"maps20", benchdata.Maps(20)},
		{"self20", benchdata.ItemsWithSelf(20)},
	}
	for _, c := range values {
		size, _ := json.Marshal(c.v)
		if size != nil {
			b.Run("encoding-json/"+c.name, func(b *testing.B) {
				w := &discardWriter{h: http.Header{}}
				_ = json.NewEncoder(w).Encode(c.v) // warm-up, as for compat
				b.SetBytes(int64(len(size)))
				b.ReportAllocs()
				for b.Loop() {
					w.Header().Set("Content-Type", "application/json")
					w.WriteHeader(http.StatusOK)
					if err := json.NewEncoder(w).Encode(c.v); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
		b.Run("compat/"+c.name, func(b *testing.B) {
			w := &discardWriter{h: http.Header{}}
			_ = compat.WriteJSON(w, http.StatusOK, c.v) // the engine compiles the type once
			b.SetBytes(int64(len(size)))
			b.ReportAllocs()
			for b.Loop() {
				clear(w.h)
				if err := compat.WriteJSON(w, http.StatusOK, c.v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkSlogAttr logs one record carrying a value as an attribute, with
// slog's own JSONHandler and with compat's: a struct type with no float
// (left to slog), the bench items (a Strict check, then slog), the items as
// maps (safejson's output), and a cyclic model (slog: "!ERROR", after
// encoding/json's cycle search).
func BenchmarkSlogAttr(b *testing.B) {
	type user struct {
		ID    int      `json:"id"`
		Name  string   `json:"name"`
		Roles []string `json:"roles"`
	}
	users := make([]user, 20)
	for i := range users {
		users[i] = user{i, benchdata.NewItem(i).Name, []string{"a", "b"}}
	}
	values := []struct {
		name string
		v    any
	}{
		{"nofloat20", users},
		{"items20", benchdata.Items(20)},
		{"maps20", benchdata.Maps(20)},
		{"self20", benchdata.ItemsWithSelf(20)},
	}
	for _, c := range values {
		rec := slog.NewRecord(time.Unix(1, 0), slog.LevelInfo, "msg", 0)
		rec.AddAttrs(slog.Any("v", c.v), slog.Int("n", 20))
		for _, h := range []struct {
			name string
			h    slog.Handler
		}{
			{"slog", slog.NewJSONHandler(io.Discard, nil)},
			{"compat", compat.NewJSONHandler(io.Discard, nil)},
		} {
			b.Run(h.name+"/"+c.name, func(b *testing.B) {
				_ = h.h.Handle(context.Background(), rec) // warm-up: the engine compiles the type once
				b.ReportAllocs()
				for b.Loop() {
					if err := h.h.Handle(context.Background(), rec); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
