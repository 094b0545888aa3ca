package safejsonkratos

import (
	"encoding/json"
	"reflect"

	"github.com/go-kratos/kratos/v2/encoding"
	kratosjson "github.com/go-kratos/kratos/v2/encoding/json"
	"github.com/safejson/safejson"
	"google.golang.org/protobuf/proto"
)

// kratosCodec is kratos' own "json" codec, registered by its encoding/json
// package before this package is initialised.
var kratosCodec = encoding.GetCodec(kratosjson.Name)

var protoMessageType = reflect.TypeFor[proto.Message]()

// Codec is kratos' "json" codec with safejson for plain Go values. Options
// sets safejson's substitute policy.
type Codec struct {
	Options safejson.Options
}

// Name is "json", the name of the codec Codec replaces.
func (Codec) Name() string { return kratosjson.Name }

// Marshal encodes v as kratos' codec does: a json.Marshaler's own method and
// protobuf messages (protojson with kratosjson.MarshalOptions) through kratos'
// codec, everything else through safejson.
func (c Codec) Marshal(v any) ([]byte, error) {
	switch v.(type) {
	case json.Marshaler, proto.Message:
		return kratosCodec.Marshal(v)
	}
	return c.Options.Marshal(v)
}

// Unmarshal decodes data as kratos' codec does: into a json.Unmarshaler, a
// protobuf message or a pointer to one through kratos' codec, into anything
// else through safejson.Unmarshal (the engine, with encoding/json's errors).
func (c Codec) Unmarshal(data []byte, v any) error {
	switch v.(type) {
	case json.Unmarshaler, proto.Message:
		return kratosCodec.Unmarshal(data, v)
	}
	if t := reflect.TypeOf(v); t != nil && t.Kind() == reflect.Pointer && t.Elem().Implements(protoMessageType) {
		return kratosCodec.Unmarshal(data, v) // kratos allocates the message and decodes with protojson
	}
	return c.Options.Unmarshal(data, v)
}
