// Package safejsonzerolog documents, and its tests prove, how to set safejson
// as the encoder zerolog uses for Interface, Fields and every other value it
// has no writer of its own for. zerolog takes a plain function, so there is
// nothing to import but safejson's packages; one line, at start-up:
//
//	zerolog.InterfaceMarshalFunc = safejson.Options{NoEscapeHTML: true}.Marshal
//
// zerolog's own default is encoding/json with SetEscapeHTML(false) (and the
// newline cut), so the line sets NoEscapeHTML too: plain data is then logged
// byte for byte as zerolog logs it by default ("<", ">" and "&" unescaped). A
// cyclic value, a NaN or a func field is logged as valid JSON with safejson's
// substitute, in the line with every other field, where zerolog's default
// writes the string "marshaling error: json: unsupported …" in its place. An
// error of your own MarshalJSON still reaches zerolog, which writes it as that
// string, as before.
package safejsonzerolog
