// Package safejsonotel exports safejson's process counters
// (safejson.ReadStats) as OpenTelemetry metrics, observed at each
// collection:
//
//	_, err := safejsonotel.Register(otel.GetMeterProvider().Meter("safejson"))
//
// The instruments, each an Int64ObservableCounter with one attribute:
//
//	safejson.encodes            route: the engine ("sonic", "goccy", "std") or "safe" (the reference encoder)
//	safejson.encode.fallbacks   cause: "rejected", "panicked", "quirk", "prescan"
//	safejson.decodes            route: the engine, "std" (encoding/json) or "own"
//	safejson.decode.fallbacks   cause: "rejected", "panicked", "quirk", "own-declined"
//	safejson.substitutes        reason: the Reason constants of package safe
//
// safejson.Stats says what each name counts. And an Int64ObservableGauge of
// value 1 per engine the binary links (engine.Linked):
//
//	safejson.engine.info        engine, module, version (as built), native, verified (booleans)
package safejsonotel

import (
	"context"
	"math"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/metric"

	"github.com/safejson/safejson"
	"github.com/safejson/safejson/engine"
)

// Register creates the six instruments on m and a callback that observes
// them, and starts the counters (safejson.EnableStats). Unregister the
// returned registration to stop observing.
func Register(m metric.Meter) (metric.Registration, error) {
	safejson.EnableStats()
	type instrument struct {
		c   metric.Int64ObservableCounter
		key string
		get func(*safejson.Stats) map[string]uint64
	}
	specs := []struct {
		name, desc, key string
		get             func(*safejson.Stats) map[string]uint64
	}{
		{"safejson.encodes", "Encodes by the route that wrote them: an engine, or safe (the reference encoder).", "route",
			func(s *safejson.Stats) map[string]uint64 { return s.Encodes }},
		{"safejson.encode.fallbacks", "Encodes that left their first route, by cause.", "cause",
			func(s *safejson.Stats) map[string]uint64 { return s.EncodeFallbacks }},
		{"safejson.decodes", "Decodes by the route that gave the verdict: an engine, std (encoding/json), or own.", "route",
			func(s *safejson.Stats) map[string]uint64 { return s.Decodes }},
		{"safejson.decode.fallbacks", "Decodes that left their first route, by cause.", "cause",
			func(s *safejson.Stats) map[string]uint64 { return s.DecodeFallbacks }},
		{"safejson.substitutes", "Substitutes written in place of values encoding/json rejects, by reason.", "reason",
			func(s *safejson.Stats) map[string]uint64 { return s.Substitutes }},
	}
	var ins []instrument
	var obs []metric.Observable
	for _, s := range specs {
		c, err := m.Int64ObservableCounter(s.name, metric.WithDescription(s.desc), metric.WithUnit("{call}"))
		if err != nil {
			return nil, err
		}
		ins = append(ins, instrument{c, s.key, s.get})
		obs = append(obs, c)
	}
	info, err := m.Int64ObservableGauge("safejson.engine.info",
		metric.WithDescription("The engines this binary links: module version as built, whether it runs natively, whether safejson verified that version."))
	if err != nil {
		return nil, err
	}
	obs = append(obs, info)
	var infoAttrs []metric.ObserveOption
	for _, in := range engine.Linked() {
		infoAttrs = append(infoAttrs, metric.WithAttributes(attribute.String("engine", in.Engine.Name()), attribute.String("module", in.Module),
			attribute.String("version", in.Version), attribute.Bool("native", in.Native), attribute.Bool("verified", in.Verified)))
	}
	return m.RegisterCallback(func(_ context.Context, o metric.Observer) error {
		for _, a := range infoAttrs {
			o.ObserveInt64(info, 1, a)
		}
		s := safejson.ReadStats()
		for _, in := range ins {
			for label, n := range in.get(&s) {
				o.ObserveInt64(in.c, int64(min(n, math.MaxInt64)), metric.WithAttributes(attribute.String(in.key, label)))
			}
		}
		return nil
	}, obs...)
}
