// Package safejsongozero makes go-zero's rest/httpx write response bodies
// through safejson.
//
// go-zero has no encoder hook: httpx.WriteJson encodes with encoding/json
// (HTML not escaped), and when that fails it answers 500 text/plain with the
// raw error text, which names the Go types involved. What it has is
// httpx.SetOkHandler, which transforms every value handed to httpx.OkJson and
// httpx.OkJsonCtx before it is encoded. One line, at start-up:
//
//	httpx.SetOkHandler(safejsongozero.OkHandler)
//
// OkHandler hands httpx safejson's encoding of the value (HTML not escaped,
// as go-zero's), as a json.RawMessage that encoding/json copies into the
// response. Plain data is answered byte for byte as by default; a cyclic
// model, a NaN or a func field gives 200 with safejson's substitute instead
// of the 500. An error of your own MarshalJSON still reaches httpx, which
// answers and logs it as before: OkHandler then hands the value over as it
// is.
//
// httpx.WriteJson and httpx.WriteJsonCtx with a status of your own, and the
// bodies of an error handler (httpx.SetErrorHandler, SetErrorHandlerCtx), do
// not go through the ok handler: wrap the value with Body there.
//
//	httpx.WriteJsonCtx(ctx, w, http.StatusCreated, safejsongozero.Body(v))
//
// This package does not import go-zero; its tests run go-zero's rest server.
package safejsongozero
