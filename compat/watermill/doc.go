// Package safejsonwatermill is a watermill CQRS marshaler backed by safejson:
// cqrs.JSONMarshaler with safejson in place of encoding/json.
//
// The line, in the config of each bus and processor:
//
//	cqrs.EventBusConfig{Marshaler: safejsonwatermill.Marshaler{}, …}
//	cqrs.EventProcessorConfig{Marshaler: safejsonwatermill.Marshaler{}, …}
//	(and CommandBusConfig, CommandProcessorConfig)
//
// Messages carry the same payload, the same "name" metadata (the event's
// fully qualified struct name, or GenerateName's) and a new UUID (or
// NewUUID's) as with cqrs.JSONMarshaler: plain data is published byte for
// byte as by default. A cyclic value, a NaN or a func field, on which
// EventBus.Publish and CommandBus.Send fail with encoding/json's error and
// publish nothing, is published with safejson's substitute. Unmarshal (what a
// processor calls before your handler) gives encoding/json's verdict.
package safejsonwatermill
