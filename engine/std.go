package engine

// TEMPORARY SKELETON: replaced by the real engines.

import (
	"bytes"
	"encoding/json"
	"io"
)

type stdEngine struct{}

// Std is encoding/json itself.
func Std() Engine { return stdEngine{} }

func (stdEngine) Name() string                       { return "std" }
func (stdEngine) Quirks() Quirks                     { return 0 }
func (stdEngine) Unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }
func (stdEngine) NewDecoder(r io.Reader) Decoder     { return json.NewDecoder(r) }
func (stdEngine) Append(dst []byte, v any, o Options) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(!o.NoEscapeHTML)
	enc.SetIndent(o.Prefix, o.Indent)
	if err := enc.Encode(v); err != nil {
		return dst, err
	}
	b := buf.Bytes()
	return append(dst, b[:len(b)-1]...), nil
}

// Default is the engine safejson tries first in this binary.
func Default() Engine { return stdEngine{} }

// All lists every engine this binary can run, Default first.
func All() []Engine { return []Engine{stdEngine{}} }
