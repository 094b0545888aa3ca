// Package safejsongateway is a grpc-gateway v2 runtime.Marshaler that
// encodes the values that are not protobuf messages with safejson and leaves
// protobuf messages to protojson, unchanged.
//
// One option on the ServeMux (grpc-gateway v2.33):
//
//	mux := runtime.NewServeMux(runtime.WithMarshalerOption(runtime.MIMEWildcard, safejsongateway.NewMarshaler()))
//
// NewMarshaler is the gateway's default marshaler (HTTPBodyMarshaler over
// JSONPb with EmitUnpopulated and DiscardUnknown) with JSONPb replaced by
// this package's; with options of your own, embed them:
//
//	&safejsongateway.JSONPb{JSONPb: runtime.JSONPb{MarshalOptions: protojson.MarshalOptions{UseProtoNames: true}}}
//
// Messages — responses, error statuses, stream chunks — are encoded by
// protojson exactly as by runtime.JSONPb. Values that are not messages are
// what a `response_body` selects (a double, a repeated or map field), and
// whatever your own handlers pass to the marshaler: runtime.JSONPb treats
// them field by field as before (slices of messages and enums, maps of
// them), and where it calls encoding/json, safejson writes instead. Plain
// data is answered byte for byte as by runtime.JSONPb; a NaN, a cyclic value
// or a func field gives the reply with safejson's substitute where
// runtime.JSONPb answers 500 with {"code":2,…} and encoding/json's error.
// An error of your own MarshalJSON still reaches the gateway, which answers
// it as before. Request bodies are decoded by runtime.JSONPb, unchanged.
//
// What safejson cannot do: a protobuf message that contains itself (a
// structpb.Value, ListValue or Struct built into a cycle) is protojson's to
// encode, and protojson recurses until the goroutine's stack is exhausted,
// which ends the process — no recover catches it. This marshaler hands
// messages to protojson unchanged, so such a value still does that; only
// checking the message before it is returned would prevent it.
package safejsongateway
