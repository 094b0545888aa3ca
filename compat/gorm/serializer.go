package safejsongorm

import (
	"context"
	"reflect"

	"github.com/safejson/safejson"
	"gorm.io/gorm/schema"
)

// Serializer is gorm's JSON serializer (schema.JSONSerializer) with safejson
// in place of encoding/json. The zero value uses safejson's default policy.
type Serializer struct {
	Options safejson.Options
}

var _ schema.SerializerInterface = Serializer{}

// Scan decodes the column's value into the field, as schema.JSONSerializer:
// the field is set even when decoding fails (to what was decoded), and the
// error returned.
func (s Serializer) Scan(ctx context.Context, field *schema.Field, dst reflect.Value, dbValue any) (err error) {
	fieldValue := reflect.New(field.FieldType)
	if dbValue != nil {
		var b []byte
		switch v := dbValue.(type) {
		case []byte:
			b = v
		case string:
			b = []byte(v)
		default:
			if b, err = s.Options.Marshal(v); err != nil {
				return err
			}
		}
		if len(b) > 0 {
			err = s.Options.Unmarshal(b, fieldValue.Interface())
		}
	}
	field.ReflectValueOf(ctx, dst).Set(fieldValue.Elem())
	return err
}

// Value encodes the field for the column, as schema.JSONSerializer: null is
// stored as NULL, or as "" in a NOT NULL column.
func (s Serializer) Value(_ context.Context, field *schema.Field, _ reflect.Value, fieldValue any) (any, error) {
	b, err := s.Options.Marshal(fieldValue)
	if string(b) == "null" {
		if field.TagSettings["NOT NULL"] != "" {
			return "", nil
		}
		return nil, err
	}
	return string(b), err
}
