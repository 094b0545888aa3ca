package randtype

import (
	"encoding"
	"encoding/json"
	"math/big"
	"reflect"
	"strconv"
	"time"
	"unsafe"
)

// pkgPath is the PkgPath of the unexported fields the generator makes.
const pkgPath = "github.com/safejson/safejson/internal/randtype"

var (
	basicTypes = []reflect.Type{
		reflect.TypeFor[bool](),
		reflect.TypeFor[int](), reflect.TypeFor[int8](), reflect.TypeFor[int16](),
		reflect.TypeFor[int32](), reflect.TypeFor[int64](),
		reflect.TypeFor[uint](), reflect.TypeFor[uint8](), reflect.TypeFor[uint16](),
		reflect.TypeFor[uint32](), reflect.TypeFor[uint64](), reflect.TypeFor[uintptr](),
		reflect.TypeFor[float32](), reflect.TypeFor[float64](),
		reflect.TypeFor[float32](), reflect.TypeFor[float64](),
		reflect.TypeFor[string](), reflect.TypeFor[string](), reflect.TypeFor[string](),
	}

	// namedTypes have methods encoding/json calls, or a special encoding.
	namedTypes = []reflect.Type{
		reflect.TypeFor[JSONValue](), reflect.TypeFor[*JSONValue](),
		reflect.TypeFor[JSONPtr](), reflect.TypeFor[*JSONPtr](),
		reflect.TypeFor[JSONFail](), reflect.TypeFor[JSONPtrFail](), reflect.TypeFor[*JSONPtrFail](),
		reflect.TypeFor[TextValue](), reflect.TypeFor[TextPtr](), reflect.TypeFor[*TextPtr](),
		reflect.TypeFor[TextFail](), reflect.TypeFor[TextString](), reflect.TypeFor[Both](),
		reflect.TypeFor[ZeroValue](), reflect.TypeFor[*ZeroValue](),
		reflect.TypeFor[ZeroPtr](), reflect.TypeFor[*ZeroPtr](),
		reflect.TypeFor[[]TextByte](), reflect.TypeFor[Bytes](), reflect.TypeFor[[]byte](),
		reflect.TypeFor[[3]byte](), reflect.TypeFor[Label](), reflect.TypeFor[Plain](),
		reflect.TypeFor[Fault](), reflect.TypeFor[*Fault](),
		reflect.TypeFor[time.Time](), reflect.TypeFor[*time.Time](),
		reflect.TypeFor[json.Number](), reflect.TypeFor[json.RawMessage](),
		reflect.TypeFor[*json.RawMessage](),
		reflect.TypeFor[big.Int](), reflect.TypeFor[*big.Int](),
	}

	// unmarshalerTypes have unmarshal methods of the user's
	// (Config.Unmarshalers).
	unmarshalerTypes = []reflect.Type{
		reflect.TypeFor[UnJSON](), reflect.TypeFor[*UnJSON](), reflect.TypeFor[UnText](), reflect.TypeFor[*UnText](),
	}

	// recursiveTypes can hold typed cycles.
	recursiveTypes = []reflect.Type{
		reflect.TypeFor[*Tree](), reflect.TypeFor[Tree](),
		reflect.TypeFor[RecMap](), reflect.TypeFor[RecSlice](),
	}

	interfaceTypes = []reflect.Type{
		reflect.TypeFor[any](), reflect.TypeFor[any](), reflect.TypeFor[any](),
		reflect.TypeFor[json.Marshaler](), reflect.TypeFor[encoding.TextMarshaler](),
		reflect.TypeFor[Zeroer](), reflect.TypeFor[error](),
	}

	// unsupportedTypes are rejected by encoding/json whatever their value.
	unsupportedTypes = []reflect.Type{
		reflect.TypeFor[chan int](), reflect.TypeFor[func()](),
		reflect.TypeFor[complex64](), reflect.TypeFor[complex128](),
		reflect.TypeFor[unsafe.Pointer](),
	}

	// keyTypes are map keys encoding/json accepts.
	keyTypes = []reflect.Type{
		reflect.TypeFor[string](), reflect.TypeFor[string](), reflect.TypeFor[TextString](),
		reflect.TypeFor[Label](), reflect.TypeFor[TextPtr](),
		reflect.TypeFor[int](), reflect.TypeFor[int8](), reflect.TypeFor[int64](),
		reflect.TypeFor[uint](), reflect.TypeFor[uint8](), reflect.TypeFor[uint64](),
		reflect.TypeFor[uintptr](), reflect.TypeFor[JSONValue](),
		reflect.TypeFor[TextValue](), reflect.TypeFor[*TextValue](), reflect.TypeFor[TextFail](),
		reflect.TypeFor[Both](), reflect.TypeFor[time.Time](), reflect.TypeFor[*big.Int](),
	}

	// badKeyTypes are comparable map keys encoding/json rejects.
	badKeyTypes = []reflect.Type{
		reflect.TypeFor[bool](), reflect.TypeFor[float64](), reflect.TypeFor[float32](),
		reflect.TypeFor[[2]int](), reflect.TypeFor[*int](), reflect.TypeFor[any](),
		reflect.TypeFor[complex128](), reflect.TypeFor[ZeroPtr](), reflect.TypeFor[Plain](),
	}

	exportedNames   = []string{"A", "B", "C", "Name", "ID", "X", "Value", "Inner"}
	unexportedNames = []string{"a", "b", "x", "name"}

	// tagNames are json tag names: valid ones, ones that collide with field
	// names, and invalid ones encoding/json ignores (quote, backslash, U+2028).
	tagNames = []string{
		"a", "b", "A", "name", "id", "Value", "x", "<b>&amp;", "é ü", "with space",
		"x-y", "$ref", "1", "-", "日本", `a"b`, `a\b`, "\u2028", "a.b", "%", "",
	}
)

// Fault is a named struct implementing error, for fields of type error.
type Fault struct {
	Msg string
	//lint:ignore U1000 set through reflect: an unexported field encoders skip
	code int
}

// Error returns the message.
func (f Fault) Error() string { return f.Msg }

// genType returns a random type that nests at most MaxDepth-depth levels
// (composite types and pointers count one each; a named type counts none, or
// one for a pointer to it).
func (g *generator) genType(depth int) reflect.Type {
	left := g.cfg.MaxDepth - depth
	composite := 0
	switch {
	case left < 2:
	case depth == 0:
		composite = 85
	default:
		composite = 60 - 8*depth
	}
	if g.src.chance(composite) {
		switch n := g.src.intn(100); {
		case n < 40:
			return g.structType(depth)
		case n < 55:
			return reflect.SliceOf(g.genType(depth + 1))
		case n < 65:
			return reflect.ArrayOf(g.src.intn(4), g.genType(depth+1))
		case n < 85:
			return reflect.MapOf(g.keyType(depth), g.genType(depth+1))
		case n < 95:
			return reflect.PointerTo(g.genType(depth + 1))
		default:
			return pick(g.src, recursiveTypes)
		}
	}
	n := g.src.intn(100)
	switch {
	case n < 45 || left < 1:
		return pick(g.src, basicTypes)
	case n < 75:
		if len(g.cfg.Favor) > 0 && g.src.chance(50) {
			return pick(g.src, g.cfg.Favor)
		}
		if g.cfg.Unmarshalers && g.src.chance(50) {
			return pick(g.src, unmarshalerTypes)
		}
		return pick(g.src, namedTypes)
	case n < 93 || g.cfg.NoUnsupported:
		return pick(g.src, interfaceTypes)
	default:
		return pick(g.src, unsupportedTypes)
	}
}

// keyType returns a map key type: mostly one encoding/json accepts.
func (g *generator) keyType(depth int) reflect.Type {
	if g.cfg.NoUnsupported || g.src.chance(80) {
		return pick(g.src, keyTypes)
	}
	if g.src.chance(20) {
		return g.keyStructType()
	}
	return pick(g.src, badKeyTypes)
}

// keyStructType returns a comparable struct type, for map keys.
func (g *generator) keyStructType() reflect.Type {
	fields := []reflect.StructField{
		{Name: "K", Type: pick(g.src, []reflect.Type{reflect.TypeFor[int](), reflect.TypeFor[string]()})},
	}
	if g.src.chance(50) {
		fields = append(fields, reflect.StructField{Name: "n", PkgPath: pkgPath, Type: reflect.TypeFor[bool]()})
	}
	return reflect.StructOf(fields)
}

// structType returns a struct type made with reflect.StructOf: up to
// MaxBreadth fields, exported and unexported, embedded or not, with random json
// tags.
func (g *generator) structType(depth int) reflect.Type {
	n := g.src.intn(g.cfg.MaxBreadth + 1)
	used := map[string]bool{}
	var fields []reflect.StructField
	for range n {
		var f reflect.StructField
		if g.cfg.MaxDepth-depth >= 2 && g.src.chance(20) {
			f = g.embeddedField(depth)
		} else if g.src.chance(80) {
			f = reflect.StructField{Name: pick(g.src, exportedNames), Type: g.genType(depth + 1)}
		} else {
			f = reflect.StructField{Name: pick(g.src, unexportedNames), PkgPath: pkgPath, Type: g.genType(depth + 1)}
		}
		if used[f.Name] {
			continue
		}
		used[f.Name] = true
		f.Tag = g.tag()
		fields = append(fields, f)
	}
	return reflect.StructOf(fields)
}

// embeddedField returns an anonymous field. reflect.StructOf cannot embed a
// type with methods (except alone or first) nor an unexported one, so these are
// method-less: a StructOf struct or a pointer to one, Plain, *Plain, Label.
func (g *generator) embeddedField(depth int) reflect.StructField {
	n := g.src.intn(5)
	if n == 3 && g.cfg.MaxDepth-depth < 3 {
		n = 4 // no room for a pointer to a struct
	}
	switch n {
	case 0:
		return reflect.StructField{Name: "Plain", Type: reflect.TypeFor[Plain](), Anonymous: true}
	case 1:
		return reflect.StructField{Name: "Plain", Type: reflect.TypeFor[*Plain](), Anonymous: true}
	case 2:
		return reflect.StructField{Name: "Label", Type: reflect.TypeFor[Label](), Anonymous: true}
	case 3:
		return reflect.StructField{Name: "Embed", Type: reflect.PointerTo(g.structType(depth + 2)), Anonymous: true}
	}
	return reflect.StructField{Name: "Embed", Type: g.structType(depth + 1), Anonymous: true}
}

// tag returns a random json struct tag, or none.
func (g *generator) tag() reflect.StructTag {
	if g.src.chance(35) {
		return ""
	}
	var val string
	switch n := g.src.intn(100); {
	case n < 5:
		val = "-"
	case n < 8:
		val = "-,"
	default:
		if g.src.chance(75) {
			val = pick(g.src, tagNames)
		}
		for _, opt := range []string{"omitempty", "omitzero", "string"} {
			if g.src.chance(25) {
				val += "," + opt
			}
		}
	}
	tag := "json:" + strconv.Quote(val)
	if g.src.chance(10) {
		tag = `xml:"other" ` + tag
	}
	return reflect.StructTag(tag)
}
