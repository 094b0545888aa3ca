// Package safejsonecho sets safejson as echo v5's JSON serializer.
//
// One line, after echo.New():
//
//	e.JSONSerializer = safejsonecho.JSONSerializer{}
//
// or echo.NewWithConfig(echo.Config{JSONSerializer: safejsonecho.JSONSerializer{}}).
//
// c.JSON, c.JSONPretty, c.JSONP and the JSON answers of echo's default error
// handler then encode through safejson, and c.Bind decodes JSON bodies through
// it. Output is byte-identical to echo's DefaultJSONSerializer for every value
// encoding/json accepts (ending with a newline), and a cyclic model, a NaN or
// a func field gives a 200 with safejson's substitute instead of a 500.
//
// Each value is encoded completely before the first byte is written, so a
// failing MarshalJSON of your own leaves the response uncommitted and echo's
// error handler sends its 500, never a truncated 200. (c.JSONP is the
// exception echo itself makes: it writes "callback(" before serializing.)
//
// For echo v4 use github.com/safejson/safejson/compat/echo.
package safejsonecho
