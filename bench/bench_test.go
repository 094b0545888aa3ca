package main

import (
	"flag"
	"testing"
)

var benchEngine = flag.String("engine", "", "engine for the after and engine encoders (default engine.Default())")

// BenchmarkMarshal runs every case of Cases() through every encoder that applies
// to it: BenchmarkMarshal/<case>/<encoder>, encoder one of before (safe alone),
// after (safejson), engine (the raw engine) and std (encoding/json). An engine
// or encoding/json that rejects the value is timed to its error (also in process
// CPU time per call, cpu-ns/op); safe and
// safejson must succeed. scripts/bench.sh compares them with benchstat.
func BenchmarkMarshal(b *testing.B) {
	eng, err := engineByName(*benchEngine)
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range Cases() {
		encs := encoders(c, eng)
		for _, e := range encs {
			if e.marshal == nil {
				continue // no replacer in encoding/json or the raw engine
			}
			b.Run(c.Slug+"/"+e.name, func(b *testing.B) {
				out, err := call(e.marshal)
				if err != nil && (e.name == encoderNames[encBefore] || e.name == encoderNames[encAfter]) {
					b.Fatalf("%s must not fail on data: %v", e.name, err)
				}
				if isPanic(err) {
					b.Fatal(err)
				}
				b.ReportAllocs()
				if err == nil {
					b.SetBytes(int64(len(out)))
				}
				cpu, cpuOK := processCPUTime()
				for b.Loop() {
					_, _ = e.marshal()
				}
				if end, ok := processCPUTime(); ok && cpuOK && end > cpu {
					// Process CPU time per call: steadier than ns/op on a
					// shared, loaded machine.
					b.ReportMetric(float64(end-cpu)/float64(b.N), "cpu-ns/op")
				}
			})
		}
	}
}
