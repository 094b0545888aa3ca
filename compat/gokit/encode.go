package safejsongokit

import (
	"bytes"
	"context"
	"io"
	"net/http"

	httptransport "github.com/go-kit/kit/transport/http"
	"github.com/safejson/safejson"
)

var (
	_ httptransport.EncodeResponseFunc = EncodeJSONResponse
	_ httptransport.EncodeRequestFunc  = EncodeJSONRequest
)

// EncodeJSONResponse is httptransport.EncodeJSONResponse with safejson: it
// encodes the response first and writes headers, status and body only when
// that succeeded.
func EncodeJSONResponse(_ context.Context, w http.ResponseWriter, response any) error {
	code := http.StatusOK
	if sc, ok := response.(httptransport.StatusCoder); ok {
		code = sc.StatusCode()
	}
	var body []byte
	if code != http.StatusNoContent {
		var err error
		if body, err = safejson.Marshal(response); err != nil {
			return err
		}
		body = append(body, '\n')
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	if headerer, ok := response.(httptransport.Headerer); ok {
		for k, values := range headerer.Headers() {
			for _, v := range values {
				w.Header().Add(k, v)
			}
		}
	}
	w.WriteHeader(code)
	if code == http.StatusNoContent {
		return nil
	}
	_, err := w.Write(body)
	return err
}

// EncodeJSONRequest is httptransport.EncodeJSONRequest with safejson: the
// request's JSON encoding (with a trailing newline) as the body.
func EncodeJSONRequest(_ context.Context, r *http.Request, request any) error {
	r.Header.Set("Content-Type", "application/json; charset=utf-8")
	if headerer, ok := request.(httptransport.Headerer); ok {
		for k := range headerer.Headers() {
			r.Header.Set(k, headerer.Headers().Get(k))
		}
	}
	var b bytes.Buffer
	r.Body = io.NopCloser(&b)
	return safejson.NewEncoder(&b).Encode(request)
}
