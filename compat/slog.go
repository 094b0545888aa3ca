package compat

import (
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math"
	"reflect"

	"github.com/safejson/safejson"
	"github.com/safejson/safejson/internal/plan"
)

// slogOptions are what slog.JSONHandler writes values with: encoding/json with
// SetEscapeHTML(false). slogCheckOptions fail where a substitute is needed.
var (
	slogOptions      = safejson.Options{NoEscapeHTML: true}
	slogCheckOptions = safejson.Options{NoEscapeHTML: true, Strict: true}
)

// ReplaceAttr is a slog.HandlerOptions.ReplaceAttr function that makes
// slog.JSONHandler write every attribute value with safejson's guarantee: a
// value encoding/json rejects (a cyclic struct, a NaN, a func field) is
// logged as valid JSON with safejson's substitute, where slog would write
// the string "!ERROR:json: unsupported value: …". Every value encoding/json
// accepts is logged byte-for-byte as before.
//
// Only values slog hands to encoding/json are looked at: KindAny values
// (except errors that are not json.Marshalers, which slog writes as their
// Error text, and slog's own Level and *Source) and non-finite KindFloat64
// values. The built-in time, level, msg and source attributes are left as
// they are. Per type, computed once: a type encoding/json cannot reject
// (no floats, interfaces, recursion …) is left to slog at no cost; typed data
// that can hold a NaN or a cycle is checked by a Strict safejson encode and,
// when clean, left to slog; anything else, and every value that needs a
// substitute, is written by safejson (as a json.RawMessage). A value's own
// MarshalJSON may therefore be called twice. When it fails, the attribute
// becomes the string slog itself would have written: "!ERROR:" and the
// error.
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
		// A type encoding/json never rejects is left to slog, at no cost.
		// One that rejects by value (a NaN, ±Inf or cycle) is checked by a
		// Strict encode, and a clean value left to slog, which costs less
		// than handing it a json.RawMessage (encoding/json compacts and
		// validates it again). Otherwise safejson's output goes to slog as a
		// json.RawMessage: for such values that costs less than
		// encoding/json.
		switch plan.StdRejection(reflect.TypeOf(v)) {
		case plan.NeverRejected:
			return a
		case plan.RejectedByValue:
			if clean(v) {
				return a
			}
		}
		return marshalAttr(a.Key, v)
	}
	return a
}

// clean reports whether v needs no substitute, by a Strict encode into a
// pooled buffer (its output is not used: slog encodes v itself).
func clean(v any) bool {
	bp := bufPool.Get().(*[]byte)
	defer putBuf(bp)
	b, err := slogCheckOptions.Append((*bp)[:0], v)
	*bp = b
	return err == nil
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
