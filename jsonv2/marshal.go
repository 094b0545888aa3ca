//go:build goexperiment.jsonv2 && go1.27

package jsonv2

import (
	"bytes"
	"encoding/json/jsontext"
	"encoding/json/v2"
	"io"
	"reflect"
)

// Marshal returns the JSON encoding of in, as encoding/json/v2's Marshal
// with opts, or a substitute where encoding/json/v2 would fail on the data.
// It returns an error only for an error of the caller's own code (a marshal
// method or func), as encoding/json/v2 returns it, or under Strict; the
// output is then nil.
func Marshal(in any, opts ...json.Options) ([]byte, error) {
	return marshal(in, opts, nil)
}

// marshal is Marshal, calling done (when not nil) with the bytes before the
// report sees the substitutes: the report runs only if done succeeds.
func marshal(in any, opts []json.Options, done func([]byte) error) ([]byte, error) {
	var c config
	std := split(opts, &c)
	if b, ok := viaGoccy(in, std); ok {
		return b, finish(b, done)
	}
	if direct(in) || !regionRoot(in, std) && shallow(in) {
		if b, err := json.Marshal(in, std...); err == nil {
			return b, finish(b, done)
		}
	}
	h := getHooks(c)
	defer putHooks(h)
	h.top(in)
	b, err := json.Marshal(in, h.options(std)...)
	if h.err != nil {
		err = h.err
	}
	if err == nil {
		err = finish(b, done)
	}
	if err != nil {
		return nil, err
	}
	h.report()
	return b, nil
}

func finish(b []byte, done func([]byte) error) error {
	if done == nil {
		return nil
	}
	return done(b)
}

// MarshalWrite writes the JSON encoding of in to out, as Marshal encodes it.
// On an error it writes nothing (OnSubstitute's report is not called when
// out fails).
func MarshalWrite(out io.Writer, in any, opts ...json.Options) error {
	_, err := marshal(in, opts, func(b []byte) error {
		_, err := out.Write(b)
		return err
	})
	return err
}

// MarshalEncode writes the JSON encoding of in to enc, as encoding/json/v2's
// MarshalEncode with opts writes it, with substitutes as Marshal writes them.
// The value is encoded aside first and written to enc only if that
// succeeded: on an error enc is left as it was. The JSON Pointer and offset
// of an error are then relative to the value, not to enc's stream.
func MarshalEncode(enc *jsontext.Encoder, in any, opts ...json.Options) error {
	var c config
	std := split(opts, &c)
	h := getHooks(c)
	defer putHooks(h)
	h.base = enc.StackDepth()
	all := append([]json.Options{enc.Options()}, std...)
	var buf bytes.Buffer
	tmp := jsontext.NewEncoder(&buf, h.options(all)...)
	h.top(in)
	err := json.MarshalEncode(tmp, in)
	if h.err != nil {
		err = h.err
	}
	if err != nil {
		return err
	}
	if err := enc.WriteValue(bytes.TrimRight(buf.Bytes(), "\n")); err != nil {
		return err
	}
	h.report()
	return nil
}

// regionRoot reports whether the hooked encode scans in as a region at
// once (see regions): JSON decoded into any, with no marshalers of the
// user's. Where the region is clean, encoding/json/v2 writes it with the
// hooks off, as directly as after shallow, and one walk fewer.
func regionRoot(in any, std []json.Options) bool {
	switch in.(type) {
	case map[string]any, []any:
	default:
		return false
	}
	for _, o := range std {
		if _, ok := json.GetOption(o, json.WithMarshalers); ok {
			return false
		}
	}
	return true
}

// direct reports whether in goes to encoding/json/v2 as it is first, with
// no scan: its type cannot hold a cycle, so that encoding/json/v2 cannot
// crash on it nor spend its thousand-level cycle search; on an error the
// value is encoded again, hooked.
func direct(in any) bool {
	if in == nil {
		return true
	}
	return infoOf(reflect.TypeOf(in)).closed
}
