package safejsonlogrus

import (
	"encoding/json"
	"fmt"
	"math"

	"github.com/safejson/safejson"
	"github.com/sirupsen/logrus"
)

// JSONFormatter is logrus.JSONFormatter with field values encoded by
// safejson. The embedded JSONFormatter's options apply as in logrus;
// Options sets safejson's substitute policy (its NoEscapeHTML, Prefix and
// Indent are taken from the JSONFormatter).
type JSONFormatter struct {
	logrus.JSONFormatter
	Options safejson.Options
}

// Format renders one entry as logrus.JSONFormatter does. Each field value that
// encoding/json could reject is encoded by safejson first and handed to
// logrus.JSONFormatter as a json.RawMessage, which encoding/json copies into
// the line (compacted, escaped and indented as the rest of it). Errors keep
// logrus' treatment (their Error text); strings, booleans, integers and
// finite floats, which encoding/json cannot reject, are left as they are.
func (f *JSONFormatter) Format(entry *logrus.Entry) ([]byte, error) {
	opts := f.Options
	opts.NoEscapeHTML, opts.Prefix, opts.Indent = f.DisableHTMLEscape, "", ""
	var data logrus.Fields
	for k, v := range entry.Data {
		if !needsSafejson(v) {
			continue
		}
		b, err := opts.Marshal(v)
		if err != nil {
			return nil, fmt.Errorf("failed to marshal fields to JSON, %w", err) // logrus' own wording
		}
		if data == nil {
			data = make(logrus.Fields, len(entry.Data))
			for k, v := range entry.Data {
				data[k] = v
			}
		}
		data[k] = json.RawMessage(b)
	}
	if data == nil {
		return f.JSONFormatter.Format(entry)
	}
	e := *entry // the copy keeps what logrus records in the entry (skipped fields)
	e.Data = data
	return f.JSONFormatter.Format(&e)
}

// needsSafejson reports whether v may be rejected by encoding/json and so
// goes through safejson. Errors do not: logrus writes their Error text.
func needsSafejson(v any) bool {
	switch v := v.(type) {
	case nil, error, string, bool, int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64, uintptr, json.RawMessage:
		return false
	case float64:
		return math.IsNaN(v) || math.IsInf(v, 0)
	case float32:
		return math.IsNaN(float64(v)) || math.IsInf(float64(v), 0)
	}
	return true
}
