// Package safejsontemporal is a Temporal payload converter for JSON backed by
// safejson, and the data converter that puts it where the SDK's default
// puts encoding/json's.
//
// The line, in the client's options (the worker built on that client uses the
// same converter):
//
//	c, err := client.Dial(client.Options{DataConverter: safejsontemporal.NewDataConverter(), …})
//
// NewDataConverter is the SDK's default data converter (nil, []byte, proto
// JSON, proto, then JSON) with safejson as the JSON payload converter; the
// payloads keep the "json/plain" encoding, so workers with and without it read
// each other's payloads. Plain data is encoded byte for byte as by the
// default. A cyclic value, a NaN or a func field in a workflow or activity
// argument or result, on which the default fails with
// converter.ErrUnableToEncode (the workflow or activity fails), is encoded
// with safejson's substitute. Decoding gives encoding/json's verdict (its
// error wrapped in converter.ErrUnableToDecode, as by default).
//
// A substitute written into a workflow history stays there. Temporal records
// every activity result, workflow result, signal and query argument as the
// payload the converter wrote; replays, retries and queries read that
// payload, never the Go value. A cycle cut, a NaN written as null, a func
// field left out is what the workflow sees from then on, and in every replay
// of that history; changing the policy later (a placeholder, Strict) does not
// change what was recorded. Where losing the value is not acceptable, use
// Strict: the substitution is then an error of the activity or workflow, as
// with the default converter, with a JSON Pointer saying where.
package safejsontemporal
