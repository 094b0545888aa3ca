// Package safejsonfiber documents, and its tests prove, how to set safejson
// as fiber v3's JSON codec. Fiber takes plain functions, so there is nothing
// to import but safejson itself:
//
//	app := fiber.New(fiber.Config{
//		JSONEncoder: safejson.Marshal,
//		JSONDecoder: safejson.Unmarshal,
//	})
//
// c.JSON and c.JSONP then encode through safejson, and c.Bind().Body and c.Bind().JSON decode
// JSON bodies through it. Output is byte-identical to fiber's default
// (encoding/json) for every value encoding/json accepts, and a cyclic model,
// a NaN or a func field gives a 200 with safejson's substitute instead of a
// 500. A failing MarshalJSON of your own still takes fiber's error handler.
//
// Fiber keeps the slice JSONEncoder returns as the response body until the
// response is sent (fasthttp's SetBodyRaw); safejson.Marshal returns a fresh
// slice on every call and never reuses it, which the tests check.
//
// For fiber v2 see github.com/safejson/safejson/compat/fiber.
package safejsonfiber
