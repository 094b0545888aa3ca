package safejsonrestful

import (
	"reflect"

	restful "github.com/emicklei/go-restful/v3"
	"github.com/safejson/safejson"
)

// EntityAccessor is a restful.EntityReaderWriter for JSON backed by
// safejson. Options is the policy (the zero value: safejson's default).
type EntityAccessor struct {
	// ContentType is written as the response's Content-Type.
	ContentType string
	Options     safejson.Options
}

var _ restful.EntityReaderWriter = EntityAccessor{}

// NewEntityAccessor returns an EntityAccessor writing contentType, as
// restful.NewEntityAccessorJSON.
func NewEntityAccessor(contentType string) EntityAccessor {
	return EntityAccessor{ContentType: contentType}
}

// Read decodes the request body into v (numbers in an any as json.Number,
// as go-restful's accessor), with encoding/json's verdict.
func (e EntityAccessor) Read(req *restful.Request, v any) error {
	dec := e.Options.NewDecoder(req.Request.Body)
	dec.UseNumber()
	return dec.Decode(v)
}

// Write encodes v and, when that succeeded, writes the Content-Type, the
// status and the body; for a nil v only the status.
func (e EntityAccessor) Write(resp *restful.Response, status int, v any) error {
	if v == nil {
		resp.WriteHeader(status)
		return nil
	}
	var b []byte
	var err error
	if prettyPrint(resp) {
		b, err = e.Options.MarshalIndent(v, "", " ")
	} else if b, err = e.Options.Marshal(v); err == nil {
		b = append(b, '\n')
	}
	if err != nil {
		return err
	}
	resp.Header().Set(restful.HEADER_ContentType, e.ContentType)
	resp.WriteHeader(status)
	_, err = resp.Write(b)
	return err
}

// prettyField is the index of restful.Response's unexported prettyPrint
// field, which Response.PrettyPrint sets and has no getter; nil when a
// go-restful release has none (then PrettyPrintResponses decides).
var prettyField = func() []int {
	f, ok := reflect.TypeFor[restful.Response]().FieldByName("prettyPrint")
	if !ok || f.Type.Kind() != reflect.Bool {
		return nil
	}
	return f.Index
}()

// prettyPrint says whether resp writes indented JSON, as go-restful's own
// accessor decides.
func prettyPrint(resp *restful.Response) bool {
	if prettyField == nil {
		return restful.PrettyPrintResponses
	}
	return reflect.ValueOf(resp).Elem().FieldByIndex(prettyField).Bool()
}
