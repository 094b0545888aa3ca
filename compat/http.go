package compat

import (
	"fmt"
	"net/http"
	"sync"

	"github.com/safejson/safejson"
)

// ContentType is the Content-Type WriteJSON sets when the response has none:
// the media type registered for JSON (RFC 8259), which takes no charset
// parameter, as echo and go-chi/render send it.
const ContentType = "application/json"

// WriteJSON writes v as a JSON response with the given status code.
//
// The body is what json.NewEncoder(w).Encode(v) writes (HTML-escaped, ending
// with a newline) for every value encoding/json accepts, and valid JSON with
// safejson's substitutes for the others. The value is encoded completely
// before anything is written: when encoding fails, which happens only when
// the caller's own MarshalJSON or MarshalText fails or writes invalid JSON,
// WriteJSON writes neither header nor body and returns the error
// (*json.MarshalerError), so the caller can still answer with a 500.
//
// Content-Type is set to ContentType unless the response already has one
// (for example "application/problem+json"). A status outside 100–999, which
// net/http would panic on, is returned as an error and nothing is written.
// The error of the final Write, if any, is returned as is.
func WriteJSON(w http.ResponseWriter, status int, v any) error {
	return WriteJSONOptions(w, status, v, safejson.Options{})
}

// WriteJSONOptions is WriteJSON encoding under o: a per-request report, for
// one, that logs each substitute with the request's route,
//
//	compat.WriteJSONOptions(w, http.StatusOK, v, safejson.Options{OnSubstitute: substitutes.With("route", r.Pattern)})
//
// where substitutes is a *safejson.SubstituteLogger shared by the handlers.
func WriteJSONOptions(w http.ResponseWriter, status int, v any, o safejson.Options) error {
	if status < 100 || status > 999 {
		return fmt.Errorf("compat: invalid HTTP status code %d", status)
	}
	bp := bufPool.Get().(*[]byte)
	defer putBuf(bp)
	b, err := o.Append((*bp)[:0], v)
	if err != nil {
		return err
	}
	*bp = b
	if _, ok := w.Header()["Content-Type"]; !ok {
		w.Header().Set("Content-Type", ContentType)
	}
	w.WriteHeader(status)
	if len(b) == cap(b) {
		// The engine handed over its own exact-size slice: appending the
		// newline would copy the whole body, writing it costs one more Write.
		if _, err = w.Write(b); err != nil {
			return err
		}
		_, err = w.Write(newline)
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// maxPooledBuf bounds the buffers kept for reuse, so that one large response
// does not pin its buffer for the life of the process.
const maxPooledBuf = 64 << 10

var newline = []byte{'\n'}

var bufPool = sync.Pool{New: func() any { return new([]byte) }}

// putBuf returns a buffer to the pool. Only buffers nobody else holds go
// back: WriteJSON's (http.ResponseWriter.Write copies what it is given, as
// io.Writer must not retain p) and the slog check's (its output is dropped).
func putBuf(bp *[]byte) {
	if cap(*bp) > maxPooledBuf {
		return
	}
	*bp = (*bp)[:0]
	bufPool.Put(bp)
}
