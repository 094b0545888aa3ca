package safejsonecho

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/safejson/safejson"
)

// JSONSerializer is an echo.JSONSerializer backed by safejson. The zero value
// encodes as encoding/json plus safejson's default substitutes; set Options
// for another policy.
type JSONSerializer struct {
	Options safejson.Options
}

var _ echo.JSONSerializer = JSONSerializer{}

// Serialize writes the JSON encoding of i, followed by a newline, to the
// response, indented by indent when it is not empty, as echo's
// DefaultJSONSerializer does. The value is encoded in full before one Write:
// on error nothing is written.
func (s JSONSerializer) Serialize(c echo.Context, i any, indent string) error {
	enc := s.Options.NewEncoder(c.Response())
	if indent != "" {
		enc.SetIndent("", indent)
	}
	return enc.Encode(i)
}

// Deserialize decodes the first JSON value of the request body into i, as
// echo's DefaultJSONSerializer does, and maps its errors the same way: a type
// mismatch or a syntax error becomes an *echo.HTTPError 400 with echo's
// message and the decoder's error as Internal; any other error is returned as
// is (echo's binder turns it into a 400). The errors are encoding/json's
// (see safejson.Options.Unmarshal), so the messages are echo's own.
func (s JSONSerializer) Deserialize(c echo.Context, i any) error {
	err := s.Options.NewDecoder(c.Request().Body).Decode(i)
	var ute *json.UnmarshalTypeError
	if errors.As(err, &ute) {
		return echo.NewHTTPError(http.StatusBadRequest, fmt.Sprintf("Unmarshal type error: expected=%v, got=%v, field=%v, offset=%v", ute.Type, ute.Value, ute.Field, ute.Offset)).SetInternal(err)
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return echo.NewHTTPError(http.StatusBadRequest, fmt.Sprintf("Syntax error: offset=%v, error=%v", se.Offset, se.Error())).SetInternal(err)
	}
	return err
}
