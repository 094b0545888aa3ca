//go:build !safejson_sonic && !safejson_std

package engine

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/safejson/safejson/internal/benchdata"
	"github.com/safejson/safejson/internal/options"
)

// BenchmarkIndentStrategy compares ways of writing indented output:
// goccy's own indentation (what goccyEngine uses), goccy compact followed by
// appendIndent, and encoding/json's json.Indent on the same compact bytes.
func BenchmarkIndentStrategy(b *testing.B) {
	v := benchdata.Items(20)
	o := options.Output{Indent: "  "}
	compact, err := Goccy().Append(nil, v, options.Output{})
	if err != nil {
		b.Fatal(err)
	}
	b.Run("goccy-native", func(b *testing.B) {
		b.ReportAllocs()
		var buf []byte
		for b.Loop() {
			buf, _ = Goccy().Append(buf[:0], v, o)
		}
	})
	b.Run("goccy-compact+appendIndent", func(b *testing.B) {
		b.ReportAllocs()
		var buf []byte
		for b.Loop() {
			buf, _ = appendIndentedVia(Goccy(), buf[:0], v, o)
		}
	})
	b.Run("appendIndent-only", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(compact)))
		var buf []byte
		for b.Loop() {
			buf, _ = appendIndent(buf[:0], compact, "", "  ")
		}
	})
	b.Run("json.Indent-only", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(compact)))
		var buf bytes.Buffer
		for b.Loop() {
			buf.Reset()
			_ = json.Indent(&buf, compact, "", "  ")
		}
	})
}
