// Package safejsongokit holds go-kit transport/http's JSON encoders backed by
// safejson: EncodeJSONResponse for a server, EncodeJSONRequest for a client.
//
// The line, where a go-kit HTTP server or client is built:
//
//	httptransport.NewServer(endpoint, decodeRequest, safejsongokit.EncodeJSONResponse)
//	httptransport.NewClient("POST", u, safejsongokit.EncodeJSONRequest, decodeResponse)
//
// Headers (Headerer), status (StatusCoder, 204 with no body) and bytes are
// go-kit's: plain data is answered byte for byte as by
// httptransport.EncodeJSONResponse (encoding/json's Encoder: HTML escaped,
// a trailing newline). A cyclic value, a NaN or a func field is answered
// with safejson's substitute, where go-kit's default writes the status (200)
// before it encodes and then, when encoding/json fails, its error encoder
// appends the error's text to that 200: the client gets a 200 whose
// application/json body is "json: unsupported value: …". An error of your own
// MarshalJSON is returned before anything is written, so go-kit's error
// encoder answers it (500 and the error's text by default).
//
// go-kit has no JSON request decoder of its own: decode request bodies with
// safejson.NewDecoder(r.Body).Decode, which gives encoding/json's verdict.
package safejsongokit
