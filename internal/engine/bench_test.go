package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/benchdata"
	"github.com/safejson/safejson/internal/options"
)

// benchCase is a value the planner needs a raw engine figure for: the time of
// a successful encode, or the cost of an attempt the engine rejects.
type benchCase struct {
	name string
	v    any
	opts options.Output
}

func benchCases() []benchCase {
	return []benchCase{
		{name: "items-20", v: benchdata.Items(20)},
		{name: "items-500", v: benchdata.Items(500)},
		{name: "maps-20", v: benchdata.Maps(20)},
		{name: "items-20-indent", v: benchdata.Items(20), opts: options.Output{Indent: "  "}},
		{name: "items-20-noescape", v: benchdata.Items(20), opts: options.Output{NoEscapeHTML: true}},
		// Attempts that fail (sonic also rejects deep-3000; goccy and std
		// write it).
		{name: "selfmap", v: benchdata.SelfMap()},
		{name: "items-20-self", v: benchdata.ItemsWithSelf(20)},
		{name: "items-20-nan", v: benchdata.ItemsWithNaN(20)},
		{name: "items-20-func", v: benchdata.ItemsWithFunc(20)},
		{name: "deep-3000", v: benchdata.DeepStruct(3000)},
	}
}

// BenchmarkAppend measures each engine alone, as
// BenchmarkAppend/<case>/<engine>, for benchstat. A rejected attempt is timed
// to the error: what a failed try costs before the fallback starts.
func BenchmarkAppend(b *testing.B) {
	for _, c := range benchCases() {
		b.Run(c.name, func(b *testing.B) {
			for _, e := range All() {
				b.Run(e.Name(), func(b *testing.B) {
					out, err := e.Append(nil, c.v, c.opts)
					if err == nil {
						b.SetBytes(int64(len(out)))
					}
					buf := make([]byte, 0, len(out))
					b.ReportAllocs()
					b.ResetTimer()
					for b.Loop() {
						buf, _ = e.Append(buf[:0], c.v, c.opts)
					}
				})
			}
		})
	}
}

// TestBenchmarkCases runs each benchmark case once per engine: it writes what
// encoding/json writes, or is rejected where encoding/json fails or the
// engine's depth limit says so.
func TestBenchmarkCases(t *testing.T) {
	for _, c := range benchCases() {
		want, stdErr := stdAppend(c.v, c.opts)
		for _, e := range All() {
			got, err := e.Append(nil, c.v, c.opts)
			switch {
			case stdErr != nil:
				assert.True(t, IsRejected(err), "%s/%s: %v", c.name, e.Name(), err)
			case err != nil:
				assert.True(t, e.Quirks().Has(QuirkDepthLimit) && IsRejected(err), "%s/%s: %v", c.name, e.Name(), err)
			default:
				require.Equal(t, string(want), string(got), "%s/%s", c.name, e.Name())
			}
		}
	}
}
