package engine

import (
	"sync"

	"github.com/safejson/safejson/internal/options"
)

// appendWriter is an io.Writer that appends to a byte slice: handed to an
// engine's stream encoder, it lets the encoder write straight into the
// caller's dst. Every engine's Encoder writes a value with one Write call,
// and only once the whole value is encoded, so nothing is written on failure.
type appendWriter struct{ b []byte }

func (w *appendWriter) Write(p []byte) (int, error) {
	w.b = append(w.b, p...)
	return len(p), nil
}

// trimNewline drops the newline a stream encoder ends each value with: b[n:]
// is what the encoder wrote after the caller's n bytes.
func trimNewline(b []byte, n int) []byte {
	if len(b) > n && b[len(b)-1] == '\n' {
		return b[:len(b)-1]
	}
	return b
}

// scratchPool holds the buffers engines encode into before the output is
// laid out (indented, escaped) into the caller's dst.
var scratchPool = sync.Pool{New: func() any { return new([]byte) }}

// maxPooled is the capacity up to which a scratch buffer is always pooled
// again; a larger one only when the value just written filled a quarter of it
// (json/v2's rule), so that one huge value does not pin its buffer for small
// ones, and a run of large ones reuses it instead of growing a buffer anew
// each time.
const maxPooled = 256 << 10

// putScratch returns bp to the pool, holding b, the buffer last written
// through it.
func putScratch(bp *[]byte, b []byte) {
	if cap(b) <= maxPooled || len(b) >= cap(b)/4 {
		*bp = b[:0]
		scratchPool.Put(bp)
	}
}

// appendIndentedVia appends v as json.MarshalIndent writes it: e writes the
// compact form into a pooled scratch buffer, which appendIndent lays out into
// dst.
func appendIndentedVia(e Engine, dst []byte, v any, o options.Output) ([]byte, error) {
	bp := scratchPool.Get().(*[]byte)
	compact, err := e.Append((*bp)[:0], v, options.Output{NoEscapeHTML: o.NoEscapeHTML, NullForNonFinite: o.NullForNonFinite})
	if err != nil {
		scratchPool.Put(bp)
		return dst, err
	}
	out, err := appendIndent(dst, compact, o.Prefix, o.Indent)
	putScratch(bp, compact)
	if err != nil {
		return dst, &Rejected{Engine: e.Name(), Err: err}
	}
	return out, nil
}
