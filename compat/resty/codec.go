package safejsonresty

import "github.com/safejson/safejson"

// Marshal is the marshaler for resty's Client.SetJSONMarshaler: safejson's
// Marshal, what resty's default (json.Marshal) writes for any value
// encoding/json accepts.
func Marshal(v any) ([]byte, error) { return safejson.Marshal(v) }

// MarshalNoEscapeHTML is the marshaler for a client that sends HTML
// unescaped, in place of SetJSONEscapeHTML(false): it writes what resty's
// no-escape path writes (encoding/json's Encoder with SetEscapeHTML(false):
// HTML unescaped, a trailing newline).
func MarshalNoEscapeHTML(v any) ([]byte, error) {
	b, err := safejson.Options{NoEscapeHTML: true}.Marshal(v)
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// Unmarshal is the unmarshaler for resty's Client.SetJSONUnmarshaler:
// encoding/json's verdict (value, or error type and message).
func Unmarshal(data []byte, v any) error { return safejson.Unmarshal(data, v) }
