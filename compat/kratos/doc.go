// Package safejsonkratos is a kratos encoding.Codec for "json" that encodes
// plain Go values with safejson and leaves protobuf messages to kratos'
// protojson.
//
// One line, at start-up (kratos v2.8):
//
//	encoding.RegisterCodec(safejsonkratos.Codec{}) // "github.com/go-kratos/kratos/v2/encoding"
//
// It replaces kratos' own "json" codec, which every HTTP server and client of
// the process looks up: ctx.Result, the generated handlers' replies, error
// replies and request bodies (ctx.Bind). Values kratos hands to protojson —
// protobuf messages, encoded with kratos' json.MarshalOptions — and values
// with their own MarshalJSON or UnmarshalJSON, which kratos calls directly,
// stay exactly as in kratos; every other value is encoded by safejson and
// decoded by safejson.Unmarshal. Plain data is answered byte for byte as by
// default (encoding/json, HTML escaped). A cyclic value, a NaN or a func
// field gives the status set with safejson's substitute, where kratos
// answers 500 with encoding/json's error text in the body. An error of your
// own MarshalJSON still reaches kratos, which answers it as before.
//
// ctx.JSON does not go through codecs: kratos calls encoding/json for it
// directly. Use ctx.Result.
package safejsonkratos
