// Package safejsonzap documents, and its tests prove, how to set safejson as
// the encoder zap uses for reflected fields (zap.Any and zap.Reflect on a
// struct, a map, a pointer …). zap takes a plain function, so there is
// nothing to import but safejson's packages; one line in the EncoderConfig:
//
//	cfg := zap.NewProductionEncoderConfig()
//	cfg.NewReflectedEncoder = func(w io.Writer) zapcore.ReflectedEncoder {
//		return safejson.Options{NoEscapeHTML: true}.NewEncoder(w)
//	}
//
// zap's own default is encoding/json with SetEscapeHTML(false), so the line
// sets NoEscapeHTML too: plain data is then logged byte for byte as zap logs
// it by default ("<", ">" and "&" unescaped). A cyclic value, a NaN or a func
// field is logged as valid JSON with safejson's substitute, in the line with
// every other field, where zap's default replaces the value with a
// "<key>Error" field holding encoding/json's error text. An error of your own
// MarshalJSON still reaches zap, which logs it as "<key>Error" as before.
//
// The encoder zap keeps per logger core writes nothing when Encode fails, as
// encoding/json's Encoder does.
package safejsonzap
