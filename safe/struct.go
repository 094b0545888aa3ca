package safe

import (
	"reflect"

	"github.com/safejson/safejson/internal/jsontype"
)

// structEncoder writes a struct as an object of its fields.
type structEncoder struct {
	fields []field
	// formatField is jsontype's FormatField: the struct is written as if
	// the field had no format option, or, under Strict, fails as
	// encoding/json fails.
	formatField string
}

func (b *builder) structEncoder(t reflect.Type) encoderFunc {
	se := &structEncoder{fields: typeFields(t), formatField: jsontype.Of(t).FormatField}
	for i := range se.fields {
		f := &se.fields[i]
		f.keyRaw = string(appendString(nil, f.Name, false)) + ":"
		f.keyHTML = string(appendString(nil, f.Name, true)) + ":"
		switch {
		case f.ReadOnly:
			f.enc = b.readOnlyEncoder(f.Type)
		case f.Quoted:
			f.enc = b.newEncoder(f.Type, true, true)
		default:
			f.enc = b.encoder(f.Type)
		}
		if f.OmitZero && !f.ReadOnly {
			f.isZero = zeroMethod(f.Type)
		}
	}
	return se.encode
}

// readOnlyEncoder encodes an unexported embedded struct (or pointer to one)
// named by its tag by its kind: encoding/json panics calling its methods,
// since reflect does not let it call them through an unexported field.
func (b *builder) readOnlyEncoder(t reflect.Type) encoderFunc {
	if t.Kind() != reflect.Pointer {
		return b.kindEncoder(t, false)
	}
	pe := &ptrEncoder{typ: t, elem: b.kindEncoder(t.Elem(), false), track: jsontype.ReadOnly(t).MayCycle()}
	return pe.encode
}

type isZeroer interface{ IsZero() bool }

// zeroMethod returns how omitzero asks a field of type t whether it is zero
// when t has an IsZero method, as encoding/json does (a nil pointer or
// interface is zero without a call; a value whose method has a pointer
// receiver is copied when not addressable), or nil to use reflect's IsZero.
func zeroMethod(t reflect.Type) func(reflect.Value) bool {
	ti := jsontype.Of(t)
	switch {
	case ti.Zero == jsontype.ValueMethod && ti.Kind == reflect.Interface:
		return func(v reflect.Value) bool {
			return v.IsNil() ||
				v.Elem().Kind() == reflect.Pointer && v.Elem().IsNil() ||
				v.Interface().(isZeroer).IsZero()
		}
	case ti.Zero == jsontype.ValueMethod && ti.Kind == reflect.Pointer:
		return func(v reflect.Value) bool {
			return v.IsNil() || v.Interface().(isZeroer).IsZero()
		}
	case ti.Zero == jsontype.ValueMethod:
		return func(v reflect.Value) bool {
			return v.Interface().(isZeroer).IsZero()
		}
	case ti.Zero == jsontype.PointerMethod:
		return func(v reflect.Value) bool {
			if !v.CanAddr() {
				c := reflect.New(v.Type()).Elem()
				c.Set(v)
				v = c
			}
			return v.Addr().Interface().(isZeroer).IsZero()
		}
	}
	return nil
}

// isEmpty is omitempty's test: false, 0, "", nil, and empty arrays, slices
// and maps. A struct is never empty.
func isEmpty(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Bool,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64,
		reflect.Interface, reflect.Pointer:
		return v.IsZero()
	}
	return false
}

// value returns the field's value in struct v, false when it lies behind a
// nil embedded pointer.
func (f *field) value(v reflect.Value) (reflect.Value, bool) {
	if len(f.Index) == 1 {
		return v.Field(f.Index[0]), true
	}
	for _, i := range f.Index {
		if v.Kind() == reflect.Pointer {
			if v.IsNil() {
				return reflect.Value{}, false
			}
			v = v.Elem()
		}
		v = v.Field(i)
	}
	return v, true
}

// omitted reports whether omitempty or omitzero leaves the field out.
func (f *field) omitted(v reflect.Value) bool {
	if f.OmitEmpty && isEmpty(v) {
		return true
	}
	if f.OmitZero {
		if f.isZero != nil {
			return f.isZero(v)
		}
		return v.IsZero()
	}
	return false
}

func (se *structEncoder) encode(e *encodeState, b []byte, v reflect.Value) ([]byte, error) {
	if e.depth >= e.maxDepth {
		return e.tooDeep(b, v, false)
	}
	if se.formatField != "" {
		if e.strict {
			return b, newError(ReasonFormatOption, unsupportedValue(reflect.Value{}, "Go struct field "+se.formatField+" has unsupported `format` tag option"))
		}
		e.substituted(ReasonFormatOption, v.Type())
	}
	e.depth++
	b = append(b, '{')
	written, members := 0, 0
	var err error
	for i := range se.fields {
		f := &se.fields[i]
		var fv reflect.Value
		if len(f.Index) == 1 {
			fv = v.Field(f.Index[0])
		} else {
			var ok bool
			if fv, ok = f.value(v); !ok {
				continue
			}
		}
		if (f.OmitEmpty || f.OmitZero) && f.omitted(fv) {
			continue
		}
		if members == e.maxBreadth && e.maxBreadth > 0 {
			if e.strict {
				return b, tooBroad(v, e.maxBreadth)
			}
			e.substituted(ReasonBreadth, v.Type())
			b = e.restMember(b, 1+se.countFrom(v, i+1), written > 0)
			written++
			break
		}
		members++
		mark := len(b)
		if written > 0 {
			b = append(b, ',')
		}
		if e.indented {
			b = e.newline(b, e.depth)
		}
		if e.escapeHTML {
			b = append(b, f.keyHTML...)
		} else {
			b = append(b, f.keyRaw...)
		}
		if e.indented {
			b = append(b, ' ')
		}
		if e.hooked {
			b, err = e.replaced(b, f.Name, fv, f.enc)
		} else {
			b, err = f.enc(e, b, fv)
		}
		if err != nil {
			if err != errOmit {
				return b, within(err, f.Name)
			}
			b = b[:mark]
			continue
		}
		written++
	}
	e.depth--
	if written > 0 && e.indented {
		b = e.newline(b, e.depth)
	}
	return append(b, '}'), nil
}

// countFrom counts the members of v from field i on that omitempty and
// omitzero keep.
func (se *structEncoder) countFrom(v reflect.Value, i int) int {
	n := 0
	for ; i < len(se.fields); i++ {
		f := &se.fields[i]
		if fv, ok := f.value(v); ok && !((f.OmitEmpty || f.OmitZero) && f.omitted(fv)) {
			n++
		}
	}
	return n
}
