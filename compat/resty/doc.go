// Package safejsonresty sets safejson as the JSON codec of a resty v2
// client: the encoder of request bodies and the decoder of JSON responses
// (SetResult, SetError).
//
// The line, on each client:
//
//	c := resty.New()
//	c.SetJSONMarshaler(safejsonresty.Marshal).SetJSONUnmarshaler(safejsonresty.Unmarshal)
//
// For a client that sends HTML unescaped, do not call SetJSONEscapeHTML(false)
// (on the client or on a request): with HTML escaping off resty does not call
// the marshaler it was given but encoding/json directly (its own
// noescapeJSONMarshal), and a cycle, a NaN or a func field fails the request
// again. Set the marshaler that writes what that path writes instead, and
// leave resty's flag at its default:
//
//	c.SetJSONMarshaler(safejsonresty.MarshalNoEscapeHTML)
//
// Plain data is then sent byte for byte as resty sends it by default (HTML
// escaped, no newline; or, with MarshalNoEscapeHTML, HTML unescaped and a
// trailing newline, as resty's no-escape path). A cyclic value, a NaN or a
// func field, on which resty's default fails the request before it is sent,
// is sent with safejson's substitute. A JSON response decoded into SetResult
// or SetError gives encoding/json's verdict.
//
// resty's debug log (SetDebug) still formats a request body with
// encoding/json; it logs an empty body where encoding/json fails.
package safejsonresty
