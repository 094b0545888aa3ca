//go:build bench_full

package main

import (
	"bytes"
	"encoding/json"
	"reflect"
	"runtime"
	"testing"
)

// BenchmarkCorpusMarshal runs every row of the corpus table (-corpus) through
// every peer: BenchmarkCorpusMarshal/<file>/<typed|shaped|any>/<peer>, peer one of
// safejson, sonic, goccy, segmentio, jsoniter, std and, on Go 1.27, v2. safejson
// must succeed with encoding/json's bytes; the peers are timed whatever they
// write (the -corpus table says which differ).
func BenchmarkCorpusMarshal(b *testing.B) { benchmarkCorpus(b, opEncode) }

// BenchmarkCorpusUnmarshal is BenchmarkCorpusMarshal for decoding, each call
// into a fresh typed struct, shaped struct or any; safejson must decode
// encoding/json's value (reflect.DeepEqual).
func BenchmarkCorpusUnmarshal(b *testing.B) { benchmarkCorpus(b, opDecode) }

func benchmarkCorpus(b *testing.B, o op) {
	eng, err := engineByName(*benchEngine)
	if err != nil {
		b.Fatal(err)
	}
	ins, err := corpusInputs()
	if err != nil {
		b.Fatal(err)
	}
	for _, in := range ins {
		var want []byte
		if o == opEncode {
			if want, err = json.Marshal(in.Value); err != nil {
				b.Fatal(err)
			}
		}
		for _, p := range peers(eng) {
			f := corpusCall(p, in, o)
			b.Run(in.Slug()+"/"+p.Name, func(b *testing.B) {
				out, err := call(f)
				if p.Name == peerSafejson && (err != nil || o == opEncode && !bytes.Equal(out, want)) {
					b.Fatalf("safejson must write encoding/json's bytes: %v", err)
				}
				if isPanic(err) {
					b.Fatal(err)
				}
				if p.Name == peerSafejson && o == opDecode {
					got, err := decoded(p, in)
					want, _ := decoded(peer{Unmarshal: json.Unmarshal}, in)
					if err != nil || !reflect.DeepEqual(got, want) {
						b.Fatalf("safejson must decode encoding/json's value: %v %s", err, valueDiff(got, want))
					}
				}
				b.ReportAllocs()
				b.SetBytes(int64(len(in.Data)))
				// The checks above leave garbage (encoding/json's value, the
				// comparison's): collected now, not charged to the first
				// calls timed.
				runtime.GC()
				cpu, cpuOK := processCPUTime()
				for b.Loop() {
					_, _ = f()
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
