// Package safejsonprom exports safejson's process counters
// (safejson.ReadStats) as Prometheus metrics:
//
//	prometheus.MustRegister(safejsonprom.NewCollector())
//
// The metrics, each a counter with one label:
//
//	safejson_encodes_total{route}           the engine ("sonic", "goccy", "std") or "safe" (the reference encoder)
//	safejson_encode_fallbacks_total{cause}  "rejected", "panicked", "quirk", "prescan"
//	safejson_decodes_total{route}           the engine, "std" (encoding/json) or "own"
//	safejson_decode_fallbacks_total{cause}  "rejected", "panicked", "quirk", "own-declined"
//	safejson_substitutes_total{reason}      the Reason constants of package safe
//
// safejson.Stats says what each name counts. And one info metric, a gauge of
// value 1 per engine the binary links (engine.Linked):
//
//	safejson_engine_info{engine,module,version,native,verified}
//
// e.g. {engine="sonic",module="github.com/bytedance/sonic",version="v1.16.0",
// native="true",verified="false"}: the version the program's go.mod selected,
// and whether this release of safejson verified it (engine.Verified).
package safejsonprom

import (
	"strconv"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/safejson/safejson"
	"github.com/safejson/safejson/engine"
)

// Collector collects safejson's process counters at each scrape.
type Collector struct {
	encodes, encodeFallbacks, decodes, decodeFallbacks, substitutes *prometheus.Desc
	engineInfo                                                      *prometheus.Desc
}

var _ prometheus.Collector = (*Collector)(nil)

// NewCollector returns a Collector, and starts the counters
// (safejson.EnableStats).
func NewCollector() *Collector {
	safejson.EnableStats()
	d := func(name, help, label string) *prometheus.Desc {
		return prometheus.NewDesc("safejson_"+name, help, []string{label}, nil)
	}
	return &Collector{
		encodes:         d("encodes_total", "Encodes by the route that wrote them: an engine, or safe (the reference encoder).", "route"),
		encodeFallbacks: d("encode_fallbacks_total", "Encodes that left their first route, by cause.", "cause"),
		decodes:         d("decodes_total", "Decodes by the route that gave the verdict: an engine, std (encoding/json), or own.", "route"),
		decodeFallbacks: d("decode_fallbacks_total", "Decodes that left their first route, by cause.", "cause"),
		substitutes:     d("substitutes_total", "Substitutes written in place of values encoding/json rejects, by reason.", "reason"),
		engineInfo: prometheus.NewDesc("safejson_engine_info", "The engines this binary links: module version as built, whether it runs natively, whether safejson verified that version.",
			[]string{"engine", "module", "version", "native", "verified"}, nil),
	}
}

// Describe sends the descriptions of the six metrics.
func (c *Collector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{c.encodes, c.encodeFallbacks, c.decodes, c.decodeFallbacks, c.substitutes, c.engineInfo} {
		ch <- d
	}
}

// Collect sends the counters as they are now, and the engine info.
func (c *Collector) Collect(ch chan<- prometheus.Metric) {
	for _, in := range engine.Linked() {
		ch <- prometheus.MustNewConstMetric(c.engineInfo, prometheus.GaugeValue, 1,
			in.Engine.Name(), in.Module, in.Version, strconv.FormatBool(in.Native), strconv.FormatBool(in.Verified))
	}
	s := safejson.ReadStats()
	for _, m := range []struct {
		d *prometheus.Desc
		n map[string]uint64
	}{
		{c.encodes, s.Encodes}, {c.encodeFallbacks, s.EncodeFallbacks},
		{c.decodes, s.Decodes}, {c.decodeFallbacks, s.DecodeFallbacks},
		{c.substitutes, s.Substitutes},
	} {
		for label, n := range m.n {
			ch <- prometheus.MustNewConstMetric(m.d, prometheus.CounterValue, float64(n), label)
		}
	}
}
