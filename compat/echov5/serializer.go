package safejsonecho

import (
	"bytes"

	"github.com/labstack/echo/v5"
	"github.com/safejson/safejson"
)

// JSONSerializer is an echo.JSONSerializer backed by safejson. The zero value
// encodes as encoding/json plus safejson's default substitutes; set Options
// for another policy.
type JSONSerializer struct {
	Options safejson.Options
}

var _ echo.JSONSerializer = JSONSerializer{}

// Serialize writes the JSON encoding of target, followed by a newline, to the
// response, indented by indent when it is not empty, as echo's
// DefaultJSONSerializer does. The value is encoded in full before one Write:
// on error nothing is written, and echo can still send the error's status.
func (s JSONSerializer) Serialize(c *echo.Context, target any, indent string) error {
	enc := s.Options.NewEncoder(c.Response())
	if indent != "" {
		enc.SetIndent("", indent)
	}
	return enc.Encode(target)
}

// Deserialize reads the whole request body and decodes it into target, as
// echo's DefaultJSONSerializer does (trailing data is an error), with its
// errors: a read error that carries a status (echo's body limit) is returned
// as is, any other read or decode error becomes echo.ErrBadRequest wrapping
// it. The decode errors are encoding/json's (see safejson.Options.Unmarshal), as echo's
// exposeError shows them.
func (s JSONSerializer) Deserialize(c *echo.Context, target any) error {
	// A fresh buffer every time: the decoder may keep references into it
	// (a json.RawMessage, an engine's zero-copy strings).
	var buf bytes.Buffer
	if _, err := buf.ReadFrom(c.Request().Body); err != nil {
		if echo.StatusCode(err) != 0 {
			return err
		}
		return echo.ErrBadRequest.Wrap(err)
	}
	if err := s.Options.Unmarshal(buf.Bytes(), target); err != nil {
		return echo.ErrBadRequest.Wrap(err)
	}
	return nil
}
