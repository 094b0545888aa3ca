package safejsonwatermill

import (
	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/components/cqrs"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/safejson/safejson"
)

// Marshaler is cqrs.JSONMarshaler backed by safejson. The zero value
// encodes with safejson's default policy; set Options for another.
type Marshaler struct {
	// NewUUID and GenerateName are cqrs.JSONMarshaler's: the message's UUID
	// (watermill.NewUUID when nil) and the event's name (its fully qualified
	// struct name when nil).
	NewUUID      func() string
	GenerateName func(v any) string
	Options      safejson.Options
}

var _ cqrs.CommandEventMarshaler = Marshaler{}

// Marshal returns a message whose payload is v's JSON encoding and whose
// "name" metadata is Name(v).
func (m Marshaler) Marshal(v any) (*message.Message, error) {
	b, err := m.Options.Marshal(v)
	if err != nil {
		return nil, err
	}
	uuid := watermill.NewUUID()
	if m.NewUUID != nil {
		uuid = m.NewUUID()
	}
	msg := message.NewMessage(uuid, b)
	msg.Metadata.Set("name", m.Name(v))
	return msg, nil
}

// Unmarshal decodes the message's payload into v with encoding/json's
// verdict.
func (m Marshaler) Unmarshal(msg *message.Message, v any) error {
	return m.Options.Unmarshal(msg.Payload, v)
}

// Name is the name of the command or event v, as cqrs.JSONMarshaler's.
func (m Marshaler) Name(v any) string {
	if m.GenerateName != nil {
		return m.GenerateName(v)
	}
	return cqrs.FullyQualifiedStructName(v)
}

// NameFromMessage is the "name" metadata of msg.
func (Marshaler) NameFromMessage(msg *message.Message) string {
	return msg.Metadata.Get("name")
}
