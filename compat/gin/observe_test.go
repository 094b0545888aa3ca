package safejsongin_test

import (
	"math"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/gin-gonic/gin"
	ginjson "github.com/gin-gonic/gin/codec/json"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson"
	safejsongin "github.com/safejson/safejson/compat/gin"
	"github.com/safejson/safejson/safe"
)

// TestOnSubstituteThroughGin: the Options of the codec, report included,
// are the ones every renderer encodes with.
func TestOnSubstituteThroughGin(t *testing.T) {
	var mu sync.Mutex
	var got []string
	api := safejsongin.API{Options: safejson.Options{OnSubstitute: func(s safejson.Substitution) {
		mu.Lock()
		got = append(got, s.Path.String()+" "+s.Reason)
		mu.Unlock()
	}}}
	apiMu.Lock()
	old := ginjson.API
	ginjson.API = api
	defer func() { ginjson.API = old; apiMu.Unlock() }()

	gin.SetMode(gin.TestMode)
	r := gin.New()
	r.GET("/json", func(c *gin.Context) { c.JSON(http.StatusOK, []any{1, math.NaN()}) })
	r.GET("/indented", func(c *gin.Context) { c.IndentedJSON(http.StatusOK, map[string]any{"f": math.Inf(1)}) })
	for _, path := range []string{"/json", "/indented"} {
		w := httptest.NewRecorder()
		r.ServeHTTP(w, httptest.NewRequest(http.MethodGet, path, nil))
		require.Equal(t, http.StatusOK, w.Code, path)
	}
	assert.Equal(t, []string{"/1 " + safe.ReasonNonFinite, "/f " + safe.ReasonNonFinite}, got)
}
