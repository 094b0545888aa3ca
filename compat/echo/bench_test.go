package safejsonecho_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"
	safejsonecho "github.com/safejson/safejson/compat/echo"
	"github.com/safejson/safejson/internal/compattest"
)

// BenchmarkEcho serves requests through echo's handler (no network) with
// echo's DefaultJSONSerializer and with safejson: c.JSON of 20 items, of 20
// items whose middle one points to itself (echo's default: a 500 after
// encoding/json's cycle search), and c.Bind of 20 items.
func BenchmarkEcho(b *testing.B) {
	nodes := make([]*compattest.Node, 20)
	for i := range nodes {
		nodes[i] = &compattest.Node{Name: compattest.Items(20)[i].Name}
	}
	nodes[10].Parent = nodes[10]
	values := map[string]any{"items": compattest.Items(20), "self": nodes}
	body, err := json.Marshal(compattest.Items(20))
	if err != nil {
		b.Fatal(err)
	}
	requests := []struct {
		name, method, path, body string
		status                   int
	}{
		{"json-items20", http.MethodGet, "/json/items", "", http.StatusOK},
		{"json-self20", http.MethodGet, "/json/self", "", 0},
		{"bind-items20", http.MethodPost, "/bindlist", string(body), http.StatusOK},
	}
	for _, s := range []struct {
		name string
		s    echo.JSONSerializer
	}{{"default", nil}, {"safejson", safejsonecho.JSONSerializer{}}} {
		e := newEcho(s.s, false, values)
		for _, q := range requests {
			serve := func() *httptest.ResponseRecorder {
				req := httptest.NewRequest(q.method, q.path, strings.NewReader(q.body))
				req.Header.Set("Content-Type", "application/json")
				w := httptest.NewRecorder()
				e.ServeHTTP(w, req)
				return w
			}
			serve() // warm-up: the engine compiles each type once
			b.Run(q.name+"/"+s.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					w := serve()
					if q.status != 0 && w.Code != q.status {
						b.Fatalf("%s: %d %s", q.path, w.Code, w.Body)
					}
				}
			})
		}
	}
}
