// Package safejsonrestful is a go-restful v3 entity accessor for JSON backed
// by safejson: what Response.WriteEntity, WriteHeaderAndEntity and
// Request.ReadEntity use for application/json.
//
// One line, before the container serves (the registry is global):
//
//	restful.RegisterEntityAccessor(restful.MIME_JSON, safejsonrestful.NewEntityAccessor(restful.MIME_JSON))
//
// It writes what go-restful's own JSON accessor writes, byte for byte: the
// indented form (MarshalIndent with " ") when the response pretty-prints
// (restful.PrettyPrintResponses, true by default, or Response.PrettyPrint),
// else encoding/json's Encoder output (a trailing newline); nothing but the
// status for a nil entity. A cyclic value, a NaN or a func field is written
// with safejson's substitute. go-restful's default fails there in two ways:
// pretty, it returns encoding/json's error before writing anything (a
// handler that ignores WriteEntity's error answers 200 with an empty body);
// not pretty, it writes the status and Content-Type first, then nothing, so
// an error written afterwards arrives under that status. safejson's accessor
// encodes before it writes, so an error of your own MarshalJSON is returned
// with nothing written, in both modes.
//
// ReadEntity decodes with UseNumber, as go-restful's, with encoding/json's
// verdict.
//
// (restful.MarshalIndent = safejson.MarshalIndent covers the pretty path
// alone; restful.NewEncoder returns a *json.Encoder and cannot be replaced.)
package safejsonrestful
