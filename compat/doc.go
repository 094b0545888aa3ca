// Package compat connects safejson to the parts of the standard library that
// write JSON for a server: net/http responses and log/slog's JSONHandler.
//
// WriteJSON writes one response the way json.NewEncoder(w).Encode(v) would,
// except that the value is encoded completely before anything is sent: a value
// encoding/json rejects (a cycle, a NaN, a func field) gives a valid JSON body
// with safejson's substitute, and an error of the caller's own code (a failing
// MarshalJSON) writes nothing at all, so the caller can still send a 500.
//
// Decoding is safejson's own (safejson.Unmarshal, safejson.NewDecoder):
// encoding/json's verdict on every input, by an engine where that is known to be
// exact for the target's type.
//
// ReplaceAttr and NewJSONHandler make slog.JSONHandler write safejson's output
// for every attribute value, so that a cyclic struct or a NaN is logged as
// valid JSON instead of the string "!ERROR:json: unsupported value: …". The
// built-in attributes (time, level, msg, source) are left to slog.
//
// The adapters for web frameworks and loggers live in their own modules under
// compat/, so this module never depends on one: compat/gin, compat/echo,
// compat/echov5, compat/chi, compat/gozero, compat/kratos, compat/iris,
// compat/grpcgateway and compat/logrus hold adapters; compat/fiber,
// compat/fiberv3, compat/hertz, compat/huma, compat/zap and compat/zerolog hold
// only tests and documentation, since those libraries take a plain function or
// encoder (the README gives each line).
package compat
