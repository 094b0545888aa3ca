package jsontype

import (
	"encoding"
	"encoding/json"
	"math/big"
	"net"
	"net/netip"
	"reflect"
	"regexp"
	"time"

	"github.com/safejson/safejson/internal/flavor"
)

// Info is what encoding/json makes of one type. It is never modified once
// published.
type Info struct {
	// Type is the type described.
	Type reflect.Type
	// Kind is Type.Kind().
	Kind reflect.Kind
	// ReadOnly: this is the Info returned by ReadOnly, of the type written by
	// its kind alone (its methods, and for a pointer its element's, ignored:
	// JSON and Text are NoMethod).
	ReadOnly bool

	// JSON says whether and how a JSON method is reached: MarshalJSON
	// (json.Marshaler), or MarshalJSONTo where encoding/json calls it
	// (flavor.MarshalerTo); the better receiver of the two.
	JSON Receiver
	// JSONTo says whether and how MarshalJSONTo is reached, which encoding/json
	// calls before MarshalJSON where both are reachable; NoMethod where the
	// flavour ignores it, and for json.Number (Special), whose MarshalJSONTo
	// writes it as Number says.
	JSONTo Receiver
	// Text says whether and how a text method is reached: MarshalText
	// (encoding.TextMarshaler), or AppendText where encoding/json calls it
	// (flavor.TextAppender); the better receiver of the two.
	Text Receiver
	// Append says whether and how AppendText is reached, which encoding/json
	// calls before MarshalText where both are reachable; NoMethod where the
	// flavour ignores it.
	Append Receiver
	// Zero says whether and how IsZero() bool is reached, which omitzero
	// calls.
	Zero Receiver
	// Leaf: encoding/json writes a value of the type by a value-receiver
	// MarshalJSON or MarshalText and never looks into it. Never set for an
	// interface type (see MethodInterface) nor for a ReadOnly Info.
	Leaf bool
	// MethodInterface: an interface type whose method set holds MarshalJSON
	// or MarshalText (json.Marshaler, encoding.TextMarshaler, an interface
	// embedding one). Its values are written by their marshal method
	// (flavor.InterfaceMethodsOnConcrete says which one).
	MethodInterface bool
	// Unmarshaler: the type's pointer has UnmarshalJSON or UnmarshalText (or,
	// where encoding/json calls it, UnmarshalJSONFrom; not json.Number's), so
	// encoding/json decodes into it by the method. Never set for an
	// interface type.
	Unmarshaler bool
	// Special names the types of encoding/json and the standard library that
	// encoding/json writes by rules of their own.
	Special Special

	// Base64: a slice of bytes that encoding/json writes as a base64 string
	// (a slice whose element kind is uint8, unless the element type's
	// pointer has MarshalJSON or MarshalText). Methods of the slice type
	// itself come first (see Leaf).
	Base64 bool
	// ByteElems: a slice or array whose element kind is uint8.
	ByteElems bool
	// Opens: a value is written as a JSON object or array (a struct, map,
	// array, or slice other than Base64; never a Leaf).
	Opens bool
	// Key is the class of a map's key type, KeyNone for other kinds.
	Key KeyClass
	// Nest is the number of slice, array, map and pointer types nested
	// directly in one another from this type on, itself included
	// (map[string][]*[]int is 4, int is 0), at most MaxNest.
	Nest int
	// DynamicRoot: an interface, or slices, arrays, maps and pointers around
	// one (any, []any, map[string]any, *[]map[string]any …), the shape of
	// decoded JSON; a Leaf or Base64 type on the way ends it.
	DynamicRoot bool

	// Fields are, for a struct, its members as encoding/json writes them,
	// in the order it writes them.
	Fields []Field
	// FormatField is, for a struct, the Go name of the first field that
	// encoding/json considers (its own or an embedded struct's) whose tag has
	// a format option (flavor.TagOptions.Format, read on json/v2 only): that
	// encoding/json fails on every value of the struct, encoding and
	// decoding, with *json.UnsupportedValueError "Go struct field NAME has
	// unsupported `format` tag option". "" when none.
	FormatField string
	// Members are, for a struct, its own fields that encoding/json may write
	// or look into: exported or embedded, and not tagged "-". Name conflicts
	// are not resolved: a reader of Members sees every type Fields can hold,
	// and maybe more.
	Members []Member

	// Children are the types encoding/json may write inside a value of this
	// type: none for a Leaf, a Base64 slice, an interface (whose contents are
	// known per value) or a scalar; [elem] for a pointer, array or slice;
	// [key, elem] for a map; one per Member, in order, for a struct (the
	// ReadOnly Info for a member that encoding/json may write by its kind).
	// Children[i] is the Info of Members[i].Type for a struct.
	Children []*Info
	// Comp is the strongly connected component of the type graph (Children
	// as edges) that this type belongs to.
	Comp *Component
	// Depth is the deepest nesting of JSON objects and arrays a value can
	// have, for a type that is neither Recursive nor Dynamic; 0 otherwise.
	Depth int
}

// Receiver says how encoding/json reaches a marshal method of a type T.
type Receiver uint8

const (
	// NoMethod: neither T nor *T has the method.
	NoMethod Receiver = iota
	// ValueMethod: T's own method set has it (for an interface type: its
	// method set does), so every value of T has it called.
	ValueMethod
	// PointerMethod: only *T has it (T is neither a pointer nor an
	// interface): encoding/json calls it on an addressable T only.
	PointerMethod
)

// Special names types that encoding/json writes by rules of their own.
type Special uint8

const (
	// NotSpecial: none of the below.
	NotSpecial Special = iota
	// RawMessage: json.RawMessage, copied (compacted) as it is.
	RawMessage
	// Number: json.Number, written as its number (validated).
	Number
	// StdMarshaler: a marshaler of the standard library whose output is
	// always compact ASCII JSON (time.Time, big.Int, big.Float and their
	// pointers).
	StdMarshaler
)

// KeyClass is how encoding/json names the members of a map by its key
// type, by the classic rules (flavor.MapKeysByValue says where json/v2
// decides per key instead).
type KeyClass uint8

const (
	// KeyNone: not a map.
	KeyNone KeyClass = iota
	// KeyString: a key of a string kind, written as it is (its methods
	// ignored).
	KeyString
	// KeyText: a key whose type has MarshalText (value receiver), not of a
	// string kind.
	KeyText
	// KeyInt: a signed integer kind, written in decimal.
	KeyInt
	// KeyUint: an unsigned integer kind, written in decimal.
	KeyUint
	// KeyOther: any other key type, which the classic encoding/json rejects
	// (*json.UnsupportedTypeError).
	KeyOther
	// KeyByValue: each key is named by its value, as json/v2's
	// encoding/json names it (flavor.MapKeysByValue); only Info.KeyWriting
	// returns it.
	KeyByValue
)

// Writable reports whether the classic encoding/json accepts a map of this
// key class.
func (k KeyClass) Writable() bool { return k != KeyNone && k != KeyOther }

// KeyClassOf returns the class of key type k by the classic rules: a string
// kind, then MarshalText, then the integer kinds (KeyKindClass), in
// encoding/json's order.
func KeyClassOf(k reflect.Type) KeyClass {
	switch {
	case k.Kind() == reflect.String:
		return KeyString
	case k.Implements(textMarshalerType) || texts(k):
		return KeyText
	}
	return KeyKindClass(k.Kind())
}

// KeyKindClass returns the class of a key of kind k by its kind alone:
// KeyString, KeyInt (Int…Int64), KeyUint (Uint…Uintptr) or KeyOther. It is
// the class decoding reads (a key's UnmarshalText is a method the decode
// plan looks for on its own).
func KeyKindClass(k reflect.Kind) KeyClass {
	switch {
	case k == reflect.String:
		return KeyString
	case k >= reflect.Int && k <= reflect.Int64:
		return KeyInt
	case k >= reflect.Uint && k <= reflect.Uintptr:
		return KeyUint
	}
	return KeyOther
}

// KeyWriting returns how the encoding/json of this flavour names the members
// of map type i: Key, except that on json/v2 (flavor.MapKeysByValue) a key of
// interface type, or of a type the classic rules reject, is KeyByValue.
func (i *Info) KeyWriting() KeyClass {
	switch {
	case i.Key == KeyString || !flavor.MapKeysByValue:
		return i.Key
	case i.Type.Key().Kind() == reflect.Interface || i.Key == KeyOther:
		return KeyByValue
	}
	return i.Key
}

// Component is a strongly connected component of the type graph: types
// that reach one another through Children. Every type belongs to exactly
// one; the components form a DAG.
type Component struct {
	// Types are the types of the component.
	Types []*Info
	// Succ are the components, other than this one, that a child of one of
	// its types belongs to. They are complete before this one is.
	Succ []*Component
	// Cyclic: the component has a cycle (more than one type, or a type that
	// is its own child), so a value of its types can nest without bound, and
	// a pointer, map or slice of it can be its own ancestor.
	Cyclic bool
	// Recursive: a Cyclic component is reachable from this one, itself
	// included.
	Recursive bool
	// Dynamic: an interface type is reachable from this one, itself
	// included.
	Dynamic bool
	// Open: an interface type other than a MethodInterface is reachable from
	// this one, itself included: a value of it may hold anything, this
	// component's own types included.
	Open bool
}

// Recursive reports whether a cycle of the type graph is reachable from the
// type (see Component.Recursive).
func (i *Info) Recursive() bool { return i.Comp.Recursive }

// Dynamic reports whether an interface type is reachable from the type,
// itself included (see Component.Dynamic).
func (i *Info) Dynamic() bool { return i.Comp.Dynamic }

// MayCycle reports whether a value of the type, a pointer, map or slice
// type, can be its own ancestor while encoding/json writes it: whether the
// type lies on a cycle of the type graph, or reaches an interface (which may
// hold anything). A value of another type never needs tracking.
func (i *Info) MayCycle() bool { return i.Comp.Cyclic || i.Comp.Open }

// AddrJSON reports whether encoding/json calls MarshalJSON on an addressable
// value of the type through its address: the type is not a pointer nor an
// interface, and it or its pointer has the method.
func (i *Info) AddrJSON() bool { return addressable(i.Kind) && i.JSON != NoMethod }

// AddrText is AddrJSON for MarshalText.
func (i *Info) AddrText() bool { return addressable(i.Kind) && i.Text != NoMethod }

// MarshalMethods reports whether the type or its pointer has MarshalJSON or
// MarshalText (or, where encoding/json calls them, MarshalJSONTo or
// AppendText).
func (i *Info) MarshalMethods() bool { return i.JSON != NoMethod || i.Text != NoMethod }

// NewMethods reports whether encoding/json may write a value of the type by
// MarshalJSONTo or AppendText, which the engines do not call: on json/v2,
// a type whose MarshalJSONTo is reached, or whose AppendText is reached
// without a MarshalJSON on the value, unless the type is one of the standard
// library's whose AppendText writes what its MarshalText writes
// (SameText).
func (i *Info) NewMethods() bool {
	return i.JSONTo != NoMethod || i.Append != NoMethod && i.JSON != ValueMethod && !SameText[i.Type]
}

// Method is a marshal method encoding/json calls.
type Method uint8

const (
	NoMethodCalled      Method = iota // none: the value is written by its kind
	MethodMarshalJSONTo               // MarshalJSONTo (json/v2's MarshalerTo)
	MethodMarshalJSON                 // MarshalJSON (json.Marshaler)
	MethodAppendText                  // AppendText (encoding.TextAppender)
	MethodMarshalText                 // MarshalText (encoding.TextMarshaler)
)

// MethodOn returns the method encoding/json calls on a value of the type,
// addressable or not as encoding/json sees it, in its order of precedence:
// MarshalJSONTo, MarshalJSON, then TextMethodOn's. A method the flavour does
// not call is never returned (JSONTo and Append are NoMethod there). This is
// the one statement of the order; every caller of a method reads it.
func (i *Info) MethodOn(addressable bool) Method {
	switch {
	case reaches(i.JSONTo, addressable):
		return MethodMarshalJSONTo
	case reaches(i.JSON, addressable):
		return MethodMarshalJSON
	}
	return i.TextMethodOn(addressable)
}

// TextMethodOn returns the text method encoding/json calls on a value of the
// type where no JSON method applies (a map key, or a type without one):
// AppendText before MarshalText.
func (i *Info) TextMethodOn(addressable bool) Method {
	switch {
	case reaches(i.Append, addressable):
		return MethodAppendText
	case reaches(i.Text, addressable):
		return MethodMarshalText
	}
	return NoMethodCalled
}

// JSONMethod returns the JSON method encoding/json calls on a value of the
// type (MethodOn): MarshalerTo, Marshaler or, when neither is reached,
// NoJSONMethod.
func (i *Info) JSONMethod(addressable bool) JSONMethod {
	switch i.MethodOn(addressable) {
	case MethodMarshalJSONTo:
		return MarshalerTo
	case MethodMarshalJSON:
		return Marshaler
	}
	return NoJSONMethod
}

// TextMethod returns the text method encoding/json calls on a value of the
// type when it calls no JSON method (TextMethodOn): AppendText (true) or
// MarshalText.
func (i *Info) TextMethod(addressable bool) (appendText bool) {
	return i.TextMethodOn(addressable) == MethodAppendText
}

// JSONMethod names a JSON method encoding/json calls.
type JSONMethod uint8

const (
	NoJSONMethod JSONMethod = iota
	Marshaler               // MarshalJSON
	MarshalerTo             // MarshalJSONTo
)

// reaches reports whether a method of receiver r is called on a value,
// addressable or not.
func reaches(r Receiver, addressable bool) bool {
	return r == ValueMethod || addressable && r == PointerMethod
}

// SameText are the types of the standard library that have both AppendText
// and MarshalText and write the same text by either: an engine, which calls
// MarshalText, writes what encoding/json writes by AppendText
// (TestSameText shows it on sample values). Types with a MarshalJSON
// (time.Time, big.Int, slog.Level) are not listed: that comes first.
var SameText = map[reflect.Type]bool{
	reflect.TypeFor[net.IP]():          true,
	reflect.TypeFor[netip.Addr]():      true,
	reflect.TypeFor[netip.AddrPort]():  true,
	reflect.TypeFor[netip.Prefix]():    true,
	reflect.TypeFor[big.Float]():       true,
	reflect.TypeFor[big.Rat]():         true,
	reflect.TypeFor[regexp.Regexp]():   true,
	reflect.TypeFor[*net.IP]():         true,
	reflect.TypeFor[*netip.Addr]():     true,
	reflect.TypeFor[*netip.AddrPort](): true,
	reflect.TypeFor[*netip.Prefix]():   true,
	reflect.TypeFor[*big.Float]():      true,
	reflect.TypeFor[*big.Rat]():        true,
	reflect.TypeFor[*regexp.Regexp]():  true,
}

func addressable(k reflect.Kind) bool { return k != reflect.Pointer && k != reflect.Interface }

// MaxNest is the most Nest counts.
const MaxNest = 64

var (
	marshalerType       = reflect.TypeFor[json.Marshaler]()
	textMarshalerType   = reflect.TypeFor[encoding.TextMarshaler]()
	unmarshalerType     = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()
	rawMessageType      = reflect.TypeFor[json.RawMessage]()
	numberType          = reflect.TypeFor[json.Number]()
	numberPtrType       = reflect.TypeFor[*json.Number]()
	isZeroerType        = reflect.TypeFor[interface{ IsZero() bool }]()
)

// stdMarshalers are the marshalers of the standard library whose output is
// always compact ASCII JSON.
var stdMarshalers = map[reflect.Type]bool{
	reflect.TypeFor[time.Time]():  true,
	reflect.TypeFor[*time.Time](): true,
	reflect.TypeFor[big.Int]():    true,
	reflect.TypeFor[*big.Int]():   true,
	reflect.TypeFor[big.Float]():  true,
	reflect.TypeFor[*big.Float](): true,
}

// better returns the receiver that reaches more values of the two: a value
// receiver before a pointer one.
func better(a, b Receiver) Receiver {
	if a == ValueMethod || b == NoMethod {
		return a
	}
	if b == ValueMethod || a == NoMethod {
		return b
	}
	return PointerMethod
}

// marshals reports whether t has a JSON or text method that encoding/json
// calls (MarshalJSON, MarshalText, and where the flavour calls them
// MarshalJSONTo and AppendText).
func marshals(t reflect.Type) bool {
	return t.Implements(marshalerType) || t.Implements(textMarshalerType) || texts(t) ||
		t != numberType && t != numberPtrType && flavor.MarshalsJSONTo(t)
}

// texts reports whether t has AppendText where the flavour calls it.
func texts(t reflect.Type) bool {
	return flavor.TextAppender != nil && t.Implements(flavor.TextAppender)
}

// receiver returns how a method of interface type m is reached on t.
func receiver(t, m reflect.Type) Receiver {
	return receiverBy(t, func(t reflect.Type) bool { return t.Implements(m) })
}

// receiverBy returns how a method is reached on t, implements telling
// whether a type has it.
func receiverBy(t reflect.Type, implements func(reflect.Type) bool) Receiver {
	switch {
	case implements(t):
		return ValueMethod
	case addressable(t.Kind()) && implements(reflect.PointerTo(t)):
		return PointerMethod
	}
	return NoMethod
}

// setInfo sets the facts of t that do not depend on other types (all but
// Children, Comp and Depth) in i; readOnly asks for the ReadOnly Info.
func setInfo(i *Info, t reflect.Type, readOnly bool) {
	i.Type, i.Kind, i.ReadOnly = t, t.Kind(), readOnly
	if !readOnly {
		if t != numberType && t != numberPtrType {
			i.JSONTo = receiverBy(t, flavor.MarshalsJSONTo)
		}
		if flavor.TextAppender != nil {
			i.Append = receiver(t, flavor.TextAppender)
		}
		i.JSON = better(receiver(t, marshalerType), i.JSONTo)
		i.Text = better(receiver(t, textMarshalerType), i.Append)
	}
	i.Zero = receiver(t, isZeroerType)
	if i.Kind == reflect.Interface {
		i.MethodInterface = i.JSON == ValueMethod || i.Text == ValueMethod
	} else {
		i.Leaf = !readOnly && (i.JSON == ValueMethod || i.Text == ValueMethod)
		p := reflect.PointerTo(t)
		i.Unmarshaler = p.Implements(unmarshalerType) || p.Implements(textUnmarshalerType) ||
			t != numberType && flavor.UnmarshalsJSONFrom(p)
	}
	switch {
	case t == rawMessageType:
		i.Special = RawMessage
	case t == numberType:
		i.Special = Number
	case stdMarshalers[t]:
		i.Special = StdMarshaler
	}
	switch i.Kind {
	case reflect.Slice, reflect.Array:
		if e := t.Elem(); e.Kind() == reflect.Uint8 {
			i.ByteElems = true
			p := reflect.PointerTo(e)
			i.Base64 = i.Kind == reflect.Slice && !marshals(p)
		}
	case reflect.Map:
		i.Key = KeyClassOf(t.Key())
	case reflect.Struct:
		i.Members = members(t)
		i.Fields, i.FormatField = fields(t)
	}
	i.Opens = !i.Leaf && (i.Kind == reflect.Struct || i.Kind == reflect.Map || i.Kind == reflect.Array ||
		i.Kind == reflect.Slice && !i.Base64)
	i.Nest = nest(t)
	i.DynamicRoot = dynamicRoot(t)
}

// nest counts the container types nested directly in t, t included, up to
// MaxNest (type T []T is its own element).
func nest(t reflect.Type) int {
	n := 0
	for n < MaxNest {
		switch t.Kind() {
		case reflect.Slice, reflect.Array, reflect.Map, reflect.Pointer:
			n++
			t = t.Elem()
		default:
			return n
		}
	}
	return n
}

// dynamicRoot computes Info.DynamicRoot.
func dynamicRoot(t reflect.Type) bool {
	for range MaxNest {
		switch t.Kind() {
		case reflect.Interface:
			return true
		case reflect.Slice, reflect.Array, reflect.Map, reflect.Pointer:
			if marshals(t) {
				return false // a leaf
			}
			if t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8 {
				if !marshals(reflect.PointerTo(t.Elem())) {
					return false // base64
				}
			}
			t = t.Elem()
		default:
			return false
		}
	}
	return false
}

// quotable reports whether the `,string` option applies to a field of kind
// k: bools, numbers and strings.
func quotable(k reflect.Kind) bool {
	switch k {
	case reflect.Bool,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.String:
		return true
	}
	return false
}

// readOnlyMember reports whether encoding/json may write struct field sf by
// its kind: an unexported embedded struct, or pointer to one, that its tag
// names (encoding/json cannot call its methods through the unexported
// field).
func readOnlyMember(sf reflect.StructField, name string) bool {
	if !sf.Anonymous || sf.IsExported() || name == "" {
		return false
	}
	t := sf.Type
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t.Kind() == reflect.Struct
}
