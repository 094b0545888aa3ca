package randtype

import (
	"encoding"
	"fmt"
	"reflect"
	"strconv"

	"github.com/safejson/safejson/internal/flavor"
)

// key returns a random map key of type t and the text it is written as (by
// encoding/json for the key types it accepts, by fmt otherwise). The caller
// keeps keys whose text is new only: encoding/json sorts entries by that text
// with an unstable sort, so two keys with one text would make even its output
// depend on map order.
func (g *generator) key(t reflect.Type) (reflect.Value, string) {
	k := reflect.New(t).Elem()
	switch t.Kind() {
	case reflect.Pointer:
		if g.src.chance(15) {
			break // a nil key
		}
		p := reflect.New(t.Elem())
		g.fill(p.Elem(), g.cfg.MaxDepth)
		k.Set(p)
	case reflect.Interface:
		dyn := pick(g.src, []reflect.Type{
			reflect.TypeFor[int](), reflect.TypeFor[string](), reflect.TypeFor[bool](),
			reflect.TypeFor[float64](), reflect.TypeFor[TextValue](),
		})
		x := reflect.New(dyn).Elem()
		g.fill(x, g.cfg.MaxDepth)
		k.Set(x)
	default:
		g.fill(k, g.cfg.MaxDepth)
	}
	return k, keyText(k)
}

// keyText is the text of map key k: as encoding/json resolves it where it
// accepts the key, else fmt's; with invalid UTF-8 replaced where
// encoding/json sorts the names as written (flavor.SortKeysAsWritten), as two
// keys that differ only there tie.
func keyText(k reflect.Value) string {
	s := rawKeyText(k)
	if flavor.SortKeysAsWritten(k.Type()) {
		s = string([]rune(s))
	}
	return s
}

func rawKeyText(k reflect.Value) string {
	if k.Kind() == reflect.String {
		return k.String()
	}
	if tm, ok := k.Interface().(encoding.TextMarshaler); ok {
		if k.Kind() == reflect.Pointer && k.IsNil() {
			return ""
		}
		b, err := tm.MarshalText()
		if err != nil {
			return "error: " + err.Error()
		}
		return string(b)
	}
	switch k.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.FormatInt(k.Int(), 10)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return strconv.FormatUint(k.Uint(), 10)
	}
	if k.Kind() == reflect.Pointer && !k.IsNil() {
		// By content: fmt would print the address.
		return "&" + fmt.Sprint(k.Elem().Interface())
	}
	return fmt.Sprint(k.Interface())
}
