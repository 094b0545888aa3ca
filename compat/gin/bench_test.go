package safejsongin_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	ginjson "github.com/gin-gonic/gin/codec/json"
	safejsongin "github.com/safejson/safejson/compat/gin"
)

// BenchmarkGin serves requests through gin's handler (no network) with gin's
// default codec and with safejson: c.JSON of 20 items, of 20 items whose
// middle one points to itself (gin's default: an empty 200 after
// encoding/json's cycle search), and ShouldBindJSON of 20 items.
func BenchmarkGin(b *testing.B) {
	self := items(20)
	nodes := make([]*node, len(self))
	for i := range nodes {
		nodes[i] = &node{Name: self[i].Name}
	}
	nodes[10].Parent = nodes[10]
	values := map[string]any{"items": items(20), "self": nodes}
	body, err := json.Marshal(items(20))
	if err != nil {
		b.Fatal(err)
	}
	type request struct {
		name, method, path, body string
	}
	requests := []request{
		{"json-items20", http.MethodGet, "/json/items", ""},
		{"json-self20", http.MethodGet, "/json/self", ""},
		{"pure-items20", http.MethodGet, "/pure/items", ""},
		{"bind-items20", http.MethodPost, "/bindlist", string(body)},
	}
	for _, codec := range []struct {
		name string
		api  ginjson.Core
	}{{"default", defaultAPI}, {"safejson", safejsongin.API{}}} {
		r := newRouter(codec.api, values)
		for _, q := range requests {
			serve := func() *httptest.ResponseRecorder {
				req := httptest.NewRequest(q.method, q.path, strings.NewReader(q.body))
				req.Header.Set("Content-Type", "application/json")
				w := httptest.NewRecorder()
				r.ServeHTTP(w, req)
				return w
			}
			serve() // warm-up: the engine compiles each type once
			b.Run(q.name+"/"+codec.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					w := serve()
					if w.Code != http.StatusOK {
						b.Fatalf("%s: %d %s", q.path, w.Code, w.Body)
					}
				}
			})
		}
	}
}
