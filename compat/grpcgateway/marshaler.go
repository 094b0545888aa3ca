package safejsongateway

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"strconv"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"github.com/safejson/safejson"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
)

// NewMarshaler returns the gateway's default marshaler with safejson for the
// values that are not protobuf messages: runtime.HTTPBodyMarshaler over a
// JSONPb with EmitUnpopulated and DiscardUnknown, as runtime.NewServeMux
// uses when given none.
func NewMarshaler() runtime.Marshaler {
	return &runtime.HTTPBodyMarshaler{Marshaler: &JSONPb{JSONPb: runtime.JSONPb{
		MarshalOptions:   protojson.MarshalOptions{EmitUnpopulated: true},
		UnmarshalOptions: protojson.UnmarshalOptions{DiscardUnknown: true},
	}}}
}

// JSONPb is runtime.JSONPb with safejson where runtime.JSONPb calls
// encoding/json. The embedded JSONPb's options apply as in the gateway
// (protojson's for messages, Indent and EmitUnpopulated for the rest as
// well); Options sets safejson's substitute policy. Decoding is the
// embedded JSONPb's.
type JSONPb struct {
	runtime.JSONPb
	Options safejson.Options
}

// protoEnum is what the gateway recognises as a generated enum.
type protoEnum interface {
	fmt.Stringer
	EnumDescriptor() ([]byte, []int)
}

var (
	protoMessageType = reflect.TypeFor[proto.Message]()
	protoEnumType    = reflect.TypeFor[protoEnum]()
)

// Marshal encodes v: a protobuf message as runtime.JSONPb does (protojson),
// anything else as runtime.JSONPb does with safejson in place of
// encoding/json.
func (j *JSONPb) Marshal(v any) ([]byte, error) {
	if _, ok := v.(proto.Message); ok {
		return j.JSONPb.Marshal(v)
	}
	b, err := j.nonProto(v, nil)
	if err != nil || j.Indent == "" {
		return b, err
	}
	var buf bytes.Buffer
	if err := json.Indent(&buf, b, "", j.Indent); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// NewEncoder returns an Encoder that writes each value as Marshal encodes it,
// followed by the delimiter. Nothing is written for a value that fails.
func (j *JSONPb) NewEncoder(w io.Writer) runtime.Encoder {
	return runtime.EncoderFunc(func(v any) error {
		b, err := j.Marshal(v)
		if err != nil {
			return err
		}
		if _, err := w.Write(b); err != nil {
			return err
		}
		_, err = w.Write(j.Delimiter())
		return err
	})
}

// nonProto encodes a value that is not a protobuf message, compact, with the
// gateway's rules: nil (and nil pointers) as null, a nil slice as [] under
// EmitUnpopulated, slices of messages and of enums element by element, maps
// value by value (keys as fmt prints them), an enum as its name; everything
// else, and every element of those, through safejson. maps holds the maps
// being written, outermost first: a map that holds itself has that entry
// omitted, as safejson omits a cyclic member (the gateway recurses until the
// stack is exhausted).
func (j *JSONPb) nonProto(v any, maps []uintptr) ([]byte, error) {
	if v == nil {
		return []byte("null"), nil
	}
	rv := reflect.ValueOf(v)
	for rv.Kind() == reflect.Pointer {
		if rv.IsNil() {
			return []byte("null"), nil
		}
		rv = rv.Elem()
	}
	switch rv.Kind() {
	case reflect.Slice:
		if rv.IsNil() {
			if j.EmitUnpopulated {
				return []byte("[]"), nil
			}
			return []byte("null"), nil
		}
		if et := rv.Type().Elem(); et.Implements(protoMessageType) {
			return j.protoSlice(rv)
		} else if et.Implements(protoEnumType) {
			return j.enumSlice(rv), nil
		}
	case reflect.Map:
		return j.mapOf(rv, maps)
	}
	if enum, ok := rv.Interface().(protoEnum); ok && !j.UseEnumNumbers {
		return j.plain(enum.String())
	}
	return j.plain(rv.Interface())
}

// plain encodes v with safejson, HTML escaped as encoding/json.Marshal.
func (j *JSONPb) plain(v any) ([]byte, error) {
	o := j.Options
	o.NoEscapeHTML, o.Prefix, o.Indent = false, "", ""
	return o.Marshal(v)
}

func (j *JSONPb) protoSlice(rv reflect.Value) ([]byte, error) {
	buf := []byte{'['}
	for i := range rv.Len() {
		if i > 0 {
			buf = append(buf, ',')
		}
		b, err := j.JSONPb.Marshal(rv.Index(i).Interface().(proto.Message))
		if err != nil {
			return nil, err
		}
		buf = append(buf, b...)
	}
	return append(buf, ']'), nil
}

// enumSlice writes enum names unquoted inside quotes, or numbers, as the
// gateway does.
func (j *JSONPb) enumSlice(rv reflect.Value) []byte {
	buf := []byte{'['}
	for i := range rv.Len() {
		if i > 0 {
			buf = append(buf, ',')
		}
		if j.UseEnumNumbers {
			buf = strconv.AppendInt(buf, rv.Index(i).Int(), 10)
		} else {
			buf = append(buf, '"')
			buf = append(buf, rv.Index(i).Interface().(protoEnum).String()...)
			buf = append(buf, '"')
		}
	}
	return append(buf, ']')
}

// mapOf encodes each value as Marshal does (messages with protojson) and the
// map of them with encoding/json, which sorts, escapes and compacts them as
// in the gateway; it cannot fail on the valid JSON it is given.
func (j *JSONPb) mapOf(rv reflect.Value, maps []uintptr) ([]byte, error) {
	if rv.Len() == 0 {
		return []byte("{}"), nil // also for a nil map, as the gateway writes it
	}
	p := rv.Pointer()
	for _, a := range maps {
		if a == p {
			return nil, nil // cyclic: the caller omits the entry
		}
	}
	maps = append(maps, p)
	m := make(map[string]json.RawMessage, rv.Len())
	it := rv.MapRange()
	for it.Next() {
		var b []byte
		var err error
		if msg, ok := it.Value().Interface().(proto.Message); ok {
			b, err = j.JSONPb.Marshal(msg)
		} else {
			b, err = j.nonProto(it.Value().Interface(), maps)
		}
		if err != nil {
			return nil, err
		}
		if b == nil {
			continue
		}
		m[fmt.Sprintf("%v", it.Key().Interface())] = b
	}
	return json.Marshal(m)
}
