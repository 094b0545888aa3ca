// Package safejsoniris sets safejson as iris' JSON encoder.
//
// One line, at start-up (iris v12.2):
//
//	context.WriteJSON = safejsoniris.WriteJSON // "github.com/kataras/iris/v12/context"
//
// ctx.JSON, ctx.JSONP and everything that writes through them (ctx.Problem,
// StopWithJSON, the MVC and hero results …) then encode through safejson,
// with every option of iris.JSON kept: UnescapeHTML, Indent, Prefix, Secure,
// ASCII (and iris.JSONP's Callback and Indent). Plain data is answered byte
// for byte as by iris' default (encoding/json). A cyclic model, a NaN or a
// func field gives the status set with safejson's substitute, where iris'
// default answers 500. An error of your own MarshalJSON is returned to iris,
// which answers it as before (500, or your context error handler).
//
// What stays with iris: protobuf messages under EnableProtoJSON and easyjson
// values under EnableEasyJSON (iris handles them before WriteJSON), and
// request bodies (ctx.ReadJSON).
package safejsoniris
