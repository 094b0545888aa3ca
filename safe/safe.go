package safe

import "encoding/json"

// TEMPORARY SKELETON: the bodies below delegate to encoding/json so that other
// packages compile while the real encoder is written. They are replaced by it.

// Marshal returns the JSON encoding of v: byte-identical to encoding/json where
// encoding/json succeeds, valid JSON with the default substitutes where it fails.
func Marshal(v any) ([]byte, error) { return Options{}.Marshal(v) }

// MarshalIndent is Marshal with indentation, as json.MarshalIndent.
func MarshalIndent(v any, prefix, indent string) ([]byte, error) {
	return Options{Prefix: prefix, Indent: indent}.Marshal(v)
}

// Append appends the encoding of v to dst and returns the extended buffer.
func Append(dst []byte, v any) ([]byte, error) { return Options{}.Append(dst, v) }

// Validate reports whether the options are usable.
func (o Options) Validate() error { return nil }

// Marshal encodes v with these options.
func (o Options) Marshal(v any) ([]byte, error) { return o.Append(nil, v) }

// Append appends the encoding of v with these options to dst.
func (o Options) Append(dst []byte, v any) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return dst, err
	}
	return append(dst, b...), nil
}
