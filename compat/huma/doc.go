// Package safejsonhuma documents, and its tests prove, how to set safejson as
// huma v2's JSON format. huma takes plain functions, so there is nothing to
// import but safejson's packages; at start-up, before huma.DefaultConfig:
//
//	huma.DefaultFormats["application/json"] = huma.Format{
//		Marshal: func(w io.Writer, v any) error {
//			return safejson.Options{NoEscapeHTML: true}.NewEncoder(w).Encode(v)
//		},
//		Unmarshal: safejson.Unmarshal,
//	}
//	huma.DefaultFormats["json"] = huma.DefaultFormats["application/json"]
//
// (or the same two entries in a Config.Formats map of your own). huma's
// default format is encoding/json's Encoder with SetEscapeHTML(false), so the
// line sets NoEscapeHTML too: plain data is answered byte for byte as huma
// answers it by default ("<", ">" and "&" unescaped, a newline at the end).
// A cyclic model, a NaN or a func field gives the operation's status with
// safejson's substitute, where huma's default writes "error marshaling
// response" after the status and then panics, so that the client sees the
// connection close. An error of your own MarshalJSON still reaches huma,
// which does just that, as before.
//
// Request bodies are decoded by safejson.Unmarshal (the engine, with
// encoding/json's errors on bad input) after huma's own validation.
package safejsonhuma
