package safejsontemporal

import (
	"fmt"

	"github.com/safejson/safejson"
	commonpb "go.temporal.io/api/common/v1"
	"go.temporal.io/sdk/converter"
)

// PayloadConverter is converter.JSONPayloadConverter backed by safejson. The
// zero value encodes with safejson's default policy; set Options for another.
type PayloadConverter struct {
	Options safejson.Options
}

var _ converter.PayloadConverter = PayloadConverter{}

// ToPayload encodes value as a "json/plain" payload; an error (of the
// user's own MarshalJSON, or any substitution under Strict) is wrapped in
// converter.ErrUnableToEncode, as by JSONPayloadConverter.
func (c PayloadConverter) ToPayload(value any) (*commonpb.Payload, error) {
	data, err := c.Options.Marshal(value)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", converter.ErrUnableToEncode, err)
	}
	return &commonpb.Payload{
		Metadata: map[string][]byte{converter.MetadataEncoding: []byte(c.Encoding())},
		Data:     data,
	}, nil
}

// FromPayload decodes payload into valuePtr with encoding/json's verdict,
// its error wrapped in converter.ErrUnableToDecode.
func (c PayloadConverter) FromPayload(payload *commonpb.Payload, valuePtr any) error {
	if err := c.Options.Unmarshal(payload.GetData(), valuePtr); err != nil {
		return fmt.Errorf("%w: %v", converter.ErrUnableToDecode, err)
	}
	return nil
}

// ToString is the payload's JSON text.
func (PayloadConverter) ToString(payload *commonpb.Payload) string {
	return string(payload.GetData())
}

// Encoding is "json/plain", the default JSON converter's.
func (PayloadConverter) Encoding() string { return converter.MetadataEncodingJSON }

// NewDataConverter returns the SDK's default data converter with safejson's
// default policy in place of encoding/json.
func NewDataConverter() converter.DataConverter { return NewDataConverterOptions(safejson.Options{}) }

// NewDataConverterOptions is NewDataConverter with o's policy.
func NewDataConverterOptions(o safejson.Options) converter.DataConverter {
	return converter.NewCompositeDataConverter(
		converter.NewNilPayloadConverter(),
		converter.NewByteSlicePayloadConverter(),
		converter.NewProtoJSONPayloadConverter(),
		converter.NewProtoPayloadConverter(),
		PayloadConverter{Options: o},
	)
}
