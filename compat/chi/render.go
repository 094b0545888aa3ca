package safejsonchi

import (
	"io"
	"net/http"
	"reflect"

	"github.com/go-chi/render"
	"github.com/safejson/safejson"
)

// Respond is a render.Respond replacement: JSON through safejson, everything
// else as render.DefaultResponder. It picks the format from the request's
// Accept header as render.DefaultResponder does: XML when asked for, JSON
// otherwise. Channel values go to render.DefaultResponder unchanged.
func Respond(w http.ResponseWriter, r *http.Request, v any) {
	if v != nil && reflect.TypeOf(v).Kind() == reflect.Chan {
		render.DefaultResponder(w, r, v)
		return
	}
	if render.GetAcceptedContentType(r) == render.ContentTypeXML {
		render.XML(w, r, v)
		return
	}
	JSON(w, r, v)
}

// JSON is a render.JSON replacement: it writes v as JSON, HTML-escaped and
// followed by a newline, with Content-Type application/json and the status
// set with render.Status (200 when none). The value is encoded in full first:
// when the caller's own MarshalJSON fails, JSON answers 500 with the error
// text, as render.JSON does, and nothing of the value is written.
func JSON(w http.ResponseWriter, r *http.Request, v any) {
	b, err := safejson.Marshal(v)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	b = append(b, '\n')
	w.Header().Set("Content-Type", "application/json")
	if status, ok := r.Context().Value(render.StatusCtxKey).(int); ok {
		w.WriteHeader(status)
	}
	_, _ = w.Write(b) // as render.JSON: nothing to do when the client has gone
}

// Decode is a render.Decode replacement: JSON bodies are decoded by safejson,
// other content types by render.DefaultDecoder.
func Decode(r *http.Request, v any) error {
	if render.GetRequestContentType(r) == render.ContentTypeJSON {
		return DecodeJSON(r.Body, v)
	}
	return render.DefaultDecoder(r, v)
}

// DecodeJSON is a render.DecodeJSON replacement: it decodes the first JSON
// value of r into v and then drains r, as render.DecodeJSON does. Its errors
// are encoding/json's (see safejson.Options.Unmarshal).
func DecodeJSON(r io.Reader, v any) error {
	defer func() { _, _ = io.Copy(io.Discard, r) }() // draining is best effort
	return safejson.NewDecoder(r).Decode(v)
}
