package compat

import (
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math"

	"github.com/safejson/safejson"
)

// slogOptions are what slog.JSONHandler writes values with: encoding/json with
// SetEscapeHTML(false).
var slogOptions = safejson.Options{NoEscapeHTML: true}

// ReplaceAttr is a slog.HandlerOptions.ReplaceAttr function that makes
// slog.JSONHandler write every attribute value with safejson: a value
// encoding/json rejects (a cyclic struct, a NaN, a func field) is logged as
// valid JSON with safejson's substitute, where slog would write the string
// "!ERROR:json: unsupported value: …". Every value encoding/json accepts is
// logged byte-for-byte as before.
//
// Only values slog hands to encoding/json are touched: KindAny values (except
// errors that are not json.Marshalers, which slog writes as their Error text,
// and slog's own Level and *Source) and non-finite KindFloat64 values. The
// built-in time, level, msg and source attributes are left as they are.
// When the value's own MarshalJSON fails, the attribute becomes the string
// slog itself would have written, "!ERROR:" followed by the error.
//
// A ReplaceAttr of your own is chained with ChainReplaceAttr or installed
// through NewJSONHandler.
func ReplaceAttr(_ []string, a slog.Attr) slog.Attr {
	switch a.Value.Kind() {
	case slog.KindFloat64:
		if f := a.Value.Float64(); math.IsNaN(f) || math.IsInf(f, 0) {
			return marshalAttr(a.Key, f)
		}
	case slog.KindAny:
		v := a.Value.Any()
		switch v.(type) {
		case nil, slog.Level, *slog.Source, json.RawMessage:
			return a
		case json.Marshaler:
		case error:
			return a // slog writes err.Error()
		}
		return marshalAttr(a.Key, v)
	}
	return a
}

// marshalAttr returns the attribute key with v encoded by safejson as a
// json.RawMessage, which slog.JSONHandler copies into the line unchanged (it
// only compacts it, and safejson's output is already compact).
func marshalAttr(key string, v any) slog.Attr {
	b, err := slogOptions.Marshal(v)
	if err != nil {
		return slog.String(key, fmt.Sprintf("!ERROR:%v", err))
	}
	return slog.Any(key, json.RawMessage(b))
}

// ChainReplaceAttr returns a ReplaceAttr function that calls next (which may
// be nil) and then ReplaceAttr on its result, so that a value next produces
// is written by safejson too. An attribute next drops (the zero Attr) stays
// dropped.
func ChainReplaceAttr(next func(groups []string, a slog.Attr) slog.Attr) func(groups []string, a slog.Attr) slog.Attr {
	if next == nil {
		return ReplaceAttr
	}
	return func(groups []string, a slog.Attr) slog.Attr {
		a = next(groups, a)
		a.Value = a.Value.Resolve()
		return ReplaceAttr(groups, a)
	}
}

// NewJSONHandler is slog.NewJSONHandler with ReplaceAttr installed after
// opts.ReplaceAttr, if any. opts may be nil; it is not modified.
func NewJSONHandler(w io.Writer, opts *slog.HandlerOptions) *slog.JSONHandler {
	var o slog.HandlerOptions
	if opts != nil {
		o = *opts
	}
	o.ReplaceAttr = ChainReplaceAttr(o.ReplaceAttr)
	return slog.NewJSONHandler(w, &o)
}
