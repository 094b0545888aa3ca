package safejsoniris

import (
	"encoding/json"

	"github.com/kataras/iris/v12/context"
	"github.com/safejson/safejson"
)

// irisWriteJSON is iris' own context.WriteJSON, as this package finds it at
// initialisation.
var irisWriteJSON = context.WriteJSON

// WriteJSON is a replacement for iris' context.WriteJSON that encodes with
// safejson and the default Options.
func WriteJSON(ctx *context.Context, v any, options *context.JSON) error {
	return write(safejson.Options{}, ctx, v, options)
}

// WriteJSONWith returns a replacement for iris' context.WriteJSON that
// encodes with o (its NoEscapeHTML, Prefix and Indent are taken from the
// iris.JSON options of each call).
func WriteJSONWith(o safejson.Options) func(ctx *context.Context, v any, options *context.JSON) error {
	return func(ctx *context.Context, v any, options *context.JSON) error { return write(o, ctx, v, options) }
}

// write encodes v as iris does. With neither Secure, ASCII nor Prefix, iris
// streams json.Encoder's output (escaped unless UnescapeHTML, indented by
// Indent); so does write, through safejson's Encoder, which writes nothing
// when encoding fails. Otherwise iris post-processes json.Marshal's (or
// MarshalIndent's) bytes: write hands iris' own WriteJSON safejson's bytes as
// a json.RawMessage, which encoding/json copies (escaped and indented as
// before) into that path, so that every option keeps iris' meaning.
func write(o safejson.Options, ctx *context.Context, v any, options *context.JSON) error {
	if !options.Secure && !options.ASCII && options.Prefix == "" {
		o.NoEscapeHTML, o.Prefix, o.Indent = options.UnescapeHTML, "", options.Indent
		return o.NewEncoder(ctx.ResponseWriter()).Encode(v)
	}
	o.NoEscapeHTML, o.Prefix, o.Indent = false, "", ""
	b, err := o.Marshal(v)
	if err != nil {
		return err
	}
	return irisWriteJSON(ctx, json.RawMessage(b), options)
}
