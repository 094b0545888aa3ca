package engine

import (
	"encoding/json"
	"io"
	"sync"

	"github.com/safejson/safejson/internal/options"
)

// stdEngine is encoding/json itself: the reference every other engine is
// compared with, compiled into every binary.
type stdEngine struct{}

// Std returns encoding/json as an Engine. It has no quirks by definition.
func Std() Engine { return stdEngine{} }

func (stdEngine) Name() string                       { return "std" }
func (stdEngine) Quirks() Quirks                     { return 0 }
func (stdEngine) Unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }
func (stdEngine) NewDecoder(r io.Reader) Decoder     { return json.NewDecoder(r) }

// stdStream is a json.Encoder writing into an appendWriter, pooled: Encode
// reuses encoding/json's own pooled encode state, and the writer appends to
// the caller's dst, so a compact Append allocates nothing once warm.
type stdStream struct {
	w   appendWriter
	enc *json.Encoder
}

var stdStreams = sync.Pool{New: func() any {
	s := new(stdStream)
	s.enc = json.NewEncoder(&s.w)
	return s
}}

func (stdEngine) Append(dst []byte, v any, o options.Output) ([]byte, error) {
	if o.Indented() {
		return appendIndentedVia(Std(), dst, v, o)
	}
	s := stdStreams.Get().(*stdStream)
	s.w.b = dst
	s.enc.SetEscapeHTML(!o.NoEscapeHTML)
	err := s.enc.Encode(v)
	out := s.w.b
	s.w.b = nil
	stdStreams.Put(s)
	if err != nil {
		return dst, stdError(err)
	}
	return trimNewline(out, len(dst)), nil
}
