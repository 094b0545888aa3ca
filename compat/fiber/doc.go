// Package safejsonfiber documents, and its tests prove, how to set safejson
// as fiber v2's JSON codec. Fiber takes plain functions, so there is nothing
// to import but safejson's packages:
//
//	app := fiber.New(fiber.Config{
//		JSONEncoder: safejson.Marshal,
//		JSONDecoder: safejson.Unmarshal,
//	})
//
// c.JSON and c.JSONP then encode through safejson, and c.BodyParser decodes
// JSON bodies through safejson's engine. Output is byte-identical to fiber's
// default (encoding/json) for every value encoding/json accepts, and a cyclic
// model, a NaN or a func field gives a 200 with safejson's substitute instead
// of a 500. A failing MarshalJSON of your own still takes fiber's error
// handler: 500 with the error text.
//
// safejson.Unmarshal answers a bad body with encoding/json's error (the
// engine decodes, encoding/json decodes again on the error path only), which
// fiber's error handler sends as the response text.
//
// Fiber keeps the slice JSONEncoder returns as the response body until the
// response is sent (fasthttp's SetBodyRaw); safejson.Marshal returns a fresh
// slice on every call and never reuses it, which the tests check.
//
// For fiber v3 see github.com/safejson/safejson/compat/fiberv3.
package safejsonfiber
