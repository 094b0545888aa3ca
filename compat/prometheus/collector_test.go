package safejsonprom_test

import (
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson"
	safejsonprom "github.com/safejson/safejson/compat/prometheus"
	"github.com/safejson/safejson/engine"
)

type node struct {
	Next *node `json:"next,omitempty"`
}

// scrape returns the samples the server at url exposes, by series.
func scrape(t *testing.T, url string) (map[string]float64, string) {
	t.Helper()
	resp, err := http.Get(url)
	require.NoError(t, err)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	samples := map[string]float64{}
	for _, line := range strings.Split(string(body), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		v, err := strconv.ParseFloat(line[i+1:], 64)
		require.NoError(t, err, line)
		samples[line[:i]] = v
	}
	return samples, string(body)
}

func TestCollectorScrape(t *testing.T) {
	reg := prometheus.NewRegistry()
	c := safejsonprom.NewCollector()
	reg.MustRegister(c)
	srv := httptest.NewServer(promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))
	defer srv.Close()

	before, _ := scrape(t, srv.URL)
	n := &node{}
	n.Next = n
	for range 3 {
		_, err := safejson.Marshal([]any{math.NaN(), n})
		require.NoError(t, err)
	}
	var x any
	require.NoError(t, safejson.Unmarshal([]byte(`[1]`), &x))
	after, body := scrape(t, srv.URL)

	gained := func(series string) float64 {
		_, ok := after[series]
		require.True(t, ok, "%s not scraped:\n%s", series, body)
		return after[series] - before[series]
	}
	assert.Equal(t, 3.0, gained(`safejson_substitutes_total{reason="non-finite number"}`))
	assert.Equal(t, 3.0, gained(`safejson_substitutes_total{reason="cycle"}`))
	assert.Equal(t, 3.0, gained(`safejson_encodes_total{route="safe"}`))
	assert.Equal(t, 1.0, gained(`safejson_decodes_total{route="own"}`))
	assert.Zero(t, gained(`safejson_decode_fallbacks_total{cause="quirk"}`))
	assert.Zero(t, gained(`safejson_encode_fallbacks_total{cause="panicked"}`))
	for _, m := range []string{"encodes", "encode_fallbacks", "decodes", "decode_fallbacks", "substitutes"} {
		assert.Contains(t, body, "# TYPE safejson_"+m+"_total counter")
	}

	// The info metric: one series per linked engine, value 1.
	for _, in := range engine.Linked() {
		series := fmt.Sprintf(`safejson_engine_info{engine=%q,module=%q,native="%t",verified="%t",version=%q}`,
			in.Engine.Name(), in.Module, in.Native, in.Verified, in.Version)
		assert.Equal(t, 1.0, after[series], "%s not scraped:\n%s", series, body)
	}
	linked := engine.Linked()
	std := linked[len(linked)-1]
	assert.Contains(t, after, fmt.Sprintf(`safejson_engine_info{engine="std",module="std",native="true",verified="%t",version=%q}`, std.Verified, runtime.Version()), body)
	assert.Contains(t, body, "# TYPE safejson_engine_info gauge")

	problems, err := testutil.CollectAndLint(c)
	require.NoError(t, err)
	assert.Empty(t, problems)
}
