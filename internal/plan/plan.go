package plan

import (
	"encoding/json"
	"reflect"
	"sync"
	"sync/atomic"

	"github.com/safejson/safejson/internal/engine"
	"github.com/safejson/safejson/internal/jsontype"
)

// The planner decides, once per reflect.Type, how values of that type are
// encoded: straight through the engine, through the engine after a pre-scan of
// the value, or straight through the reference encoder. The decision rests on
// what the type graph can hold (features, below) and on which of those features
// the engine is known to get wrong (engine.Quirks, see quirks.go).
//
// Every path writes the same bytes: the reference encoder is always correct,
// so routing a value to it is a question of speed only. The engine is used only
// where it is known to agree with the reference encoder.

// features is what values of a type may hold, over everything reachable from
// the type that encoding/json would write.
type features uint32

const (
	// featRecursive: the type graph has a cycle through a pointer, map or slice,
	// so a value can be its own ancestor, or nest without bound.
	featRecursive features = 1 << iota
	// featDynamic: an interface, whose concrete type is known only per value.
	featDynamic
	// featUnsupported: a chan, func, complex or unsafe.Pointer that encoding/json
	// would try to write (so it fails): the engine would reject the value.
	featUnsupported
	// featBadMapKey: a map whose key type encoding/json cannot write.
	featBadMapKey
	// featFloat: a float32 or float64, which can be NaN or ±Inf.
	featFloat
	// featMarshaler: a json.Marshaler other than the standard library's own
	// (time.Time, big.Int …), whose output the engine validates and compacts.
	featMarshaler
	// featRawMessage: a json.RawMessage.
	featRawMessage
	// featTextMarshaler: an encoding.TextMarshaler used as a value or map key.
	featTextMarshaler
	// featStringOpt: a field with the ",string" option.
	featStringOpt
	// featStringOptString: a string-kinded field with the ",string" option.
	featStringOptString
	// featNumber: a json.Number, which encoding/json validates.
	featNumber
	// featByteArray: an array of bytes or a named byte slice.
	featByteArray
	// featMap: a map (keys are sorted; engines differ on key edge cases).
	featMap
	// featOmitZero: a field with the ",omitzero" option.
	featOmitZero
	// featEmbedded: an embedded struct field (promotion and conflict rules).
	featEmbedded
	// featPtrMarshaler: a Marshaler or TextMarshaler with a pointer receiver,
	// called by encoding/json only when the value is addressable.
	featPtrMarshaler
	// featFloat32: a float32 (set with featFloat).
	featFloat32
	// featFloatOmitEmpty: a float field with the ",omitempty" option (-0 is
	// empty to encoding/json).
	featFloatOmitEmpty
	// featPtrToInterface: a pointer to an interface type (*json.Marshaler …).
	featPtrToInterface
	// featDeepTypeNest: more than maxTypeNest slice, array, map or pointer
	// types nested directly in one another; some engines compile such types
	// in time and memory exponential in the nesting.
	featDeepTypeNest
	// featOddTagName: a struct field whose json tag name the classic
	// encoding/json does not take (flavor.ClassicName: a character other
	// than a letter, a digit or ClassicTagPunct), which json/v2 reads
	// otherwise (it cuts the name at a quote or backslash and takes the
	// rest): the names the flavours treat differently. A name both take
	// whole (spaces, '-', '.', letters of any script) is no odd name: the
	// corpus's string files have such names ("Arabic Presentation Forms-A").
	featOddTagName
	// featHiddenMethods: an unexported embedded struct field (or pointer to
	// one) whose type has MarshalJSON or MarshalText. The classic
	// encoding/json panics calling the method through the unexported field,
	// encoding/json on json/v2 leaves the field out (flavor.DropsUnexportedEmbedded),
	// and the engines call the method: only the reference encoder writes it
	// as the toolchain's rule says.
	featHiddenMethods
	// featNewMethods: a type that encoding/json on json/v2 writes by
	// MarshalJSONTo or AppendText (jsontype's NewMethods), which the engines
	// never call (they call MarshalJSON and MarshalText, or write the
	// kind): only the reference encoder writes it as encoding/json does.
	featNewMethods
	// featFormatOption: a struct field tagged with a format option, which
	// encoding/json on json/v2 rejects (jsontype's FormatField) and the
	// engines ignore: the reference encoder writes the substitute, or the
	// error under Strict.
	featFormatOption
	// featString: a string (its bytes are scanned for escapes), for the
	// engine order of route.go only.
	featString
	// featZeroMethod: an ",omitzero" field whose type has the user's
	// IsZero() bool (not time.Time's), which omitzero calls: user code
	// (route.go's userCode).
	featZeroMethod
	// featMethodInterface: an interface type with MarshalText but not
	// MarshalJSON (encoding.TextMarshaler …), whose values the flavours
	// write by different methods when they also have MarshalJSON
	// (flavor.InterfaceMethodsOnConcrete).
	featMethodInterface
)

var jsonMarshalerType = reflect.TypeFor[json.Marshaler]()

// maxTypeNest is the most container types nested directly in one another
// (map[string][]*[]int is 4) before featDeepTypeNest, and decDeepNest.
const maxTypeNest = 6

// typeInfo is the planner's cached knowledge of one type, read from its
// jsontype.Info.
type typeInfo struct {
	feat features
	// dynamic is the type's DynamicRoot, the shape of decoded JSON: values
	// go to an engine only when they hold few map members (route.go,
	// MaxDecodedMembers), else to the reference encoder.
	dynamic bool
	// depth is the most JSON nesting (objects and arrays) a value of the type
	// can have, for a type that is neither recursive nor dynamic.
	depth int
	// scan says how pre-scan walks a value of this type; nil when a value
	// holds nothing pre-scan needs to see (no reference that can lead back to
	// an ancestor, no interface).
	scan *scanPlan
	// nonFinite: a value of the type held a NaN or ±Inf that the engine it
	// went to first rejected (EncodeRoute.NonFiniteMet); from then on the type
	// goes to an engine that writes them itself first (candidatesFor).
	nonFinite atomic.Bool
	// retry is nonFiniteRetry's engine for the type, nil for none.
	retry engine.Engine
	// reject is StdRejection's answer for the type.
	reject Rejection
}

// The caches, of complete typeInfos only, by type: one for the jsontype
// Infos of types, one for the ReadOnly ones (a struct's member that
// encoding/json writes by its kind), which share their reflect.Type.
var (
	typeInfos         sync.Map // reflect.Type → *typeInfo
	readOnlyTypeInfos sync.Map // reflect.Type → *typeInfo, of a ReadOnly Info
	compFeatures      sync.Map // *jsontype.Component → features
)

func cacheOf(i *jsontype.Info) *sync.Map {
	if i.ReadOnly {
		return &readOnlyTypeInfos
	}
	return &typeInfos
}

// infoOf returns the planner's knowledge of t, computing it on first use.
func infoOf(t reflect.Type) *typeInfo {
	if ti, ok := typeInfos.Load(t); ok {
		return ti.(*typeInfo)
	}
	return planOf(jsontype.Of(t))
}

// planOf returns the planner's knowledge of the type i describes. The
// typeInfos it makes, with their scan plans (which refer to the typeInfos
// of child types), are published only once all are complete. Two goroutines
// planning the same types at once publish equivalent typeInfos; the first
// stored wins.
func planOf(i *jsontype.Info) *typeInfo {
	if ti, ok := cacheOf(i).Load(i.Type); ok {
		return ti.(*typeInfo)
	}
	b := planBuilder{made: map[*jsontype.Info]*typeInfo{}}
	b.get(i)
	for len(b.todo) > 0 {
		n := b.todo[len(b.todo)-1]
		b.todo = b.todo[:len(b.todo)-1]
		buildScanPlan(b.made[n].scan, n, b.get)
	}
	for n, ti := range b.made {
		cacheOf(n).LoadOrStore(n.Type, ti)
	}
	ti, _ := cacheOf(i).Load(i.Type)
	return ti.(*typeInfo)
}

// planBuilder makes the typeInfos of one planOf.
type planBuilder struct {
	made map[*jsontype.Info]*typeInfo
	todo []*jsontype.Info // types whose scan plan is still to build
}

// get returns the typeInfo of i, published or made by this build.
func (b *planBuilder) get(i *jsontype.Info) *typeInfo {
	if ti, ok := b.made[i]; ok {
		return ti
	}
	if ti, ok := cacheOf(i).Load(i.Type); ok {
		return ti.(*typeInfo)
	}
	ti := &typeInfo{feat: componentFeatures(i.Comp), dynamic: i.DynamicRoot, depth: i.Depth}
	if i.Comp.Recursive || i.Comp.Dynamic {
		ti.scan = &scanPlan{}
		b.todo = append(b.todo, i)
	}
	ti.retry = nonFiniteRetry(ti)
	ti.reject = rejection(ti.feat, i.Comp.Open)
	b.made[i] = ti
	return ti
}

// componentFeatures returns the features of the types of component c, which
// they share: their own, those of the components they reach, and
// featRecursive for a cycle.
func componentFeatures(c *jsontype.Component) features {
	if f, ok := compFeatures.Load(c); ok {
		return f.(features)
	}
	var f features
	for _, i := range c.Types {
		f |= localFeatures(i)
	}
	for _, s := range c.Succ {
		f |= componentFeatures(s)
	}
	if c.Cyclic {
		f |= featRecursive
	}
	compFeatures.Store(c, f)
	return f
}

// localFeatures are the features of the type i describes itself, not of the
// types it holds.
func localFeatures(i *jsontype.Info) features {
	var f features
	switch {
	case i.Kind == reflect.Interface:
		// Its methods are the concrete value's, whose type is planned on
		// its own.
	case i.Special == jsontype.RawMessage:
		f |= featRawMessage
	case i.Special == jsontype.StdMarshaler:
		// Compact ASCII output, but see featPtrMarshaler below.
	case i.JSON != jsontype.NoMethod:
		f |= featMarshaler
	case i.Text != jsontype.NoMethod:
		f |= featTextMarshaler
	}
	if i.JSON == jsontype.PointerMethod || i.Text == jsontype.PointerMethod {
		f |= featPtrMarshaler
	}
	if i.Kind != reflect.Interface && i.NewMethods() {
		f |= featNewMethods
	}
	if i.Leaf {
		return f
	}
	if i.Nest > maxTypeNest {
		f |= featDeepTypeNest
	}
	switch i.Kind {
	case reflect.Float32:
		f |= featFloat | featFloat32
	case reflect.Float64:
		f |= featFloat
	case reflect.Complex64, reflect.Complex128, reflect.Chan, reflect.Func, reflect.UnsafePointer:
		f |= featUnsupported
	case reflect.Interface:
		f |= featDynamic
		if i.MethodInterface && !i.Type.Implements(jsonMarshalerType) {
			f |= featMethodInterface
		}
	case reflect.Pointer:
		e := i.Children[0]
		if e.Kind == reflect.Interface {
			f |= featPtrToInterface
		}
		if e.Leaf && e.Kind == reflect.Pointer && !jsontype.Of(e.Type.Elem()).Leaf {
			// **T where only *T has the methods: *T is a leaf, so T, which
			// carries featPtrMarshaler, is never visited.
			f |= featPtrMarshaler
		}
	case reflect.String:
		f |= featString
		if i.Special == jsontype.Number {
			f |= featNumber
		}
	case reflect.Map:
		f |= featMap
		switch i.Key {
		case jsontype.KeyText:
			f |= featTextMarshaler
		case jsontype.KeyOther:
			f |= featBadMapKey
		}
	case reflect.Array, reflect.Slice:
		if i.ByteElems && (i.Kind == reflect.Array || i.Type.Name() != "") {
			f |= featByteArray
		}
	case reflect.Struct:
		for j := range i.Members {
			m := &i.Members[j]
			if !m.PlainTag {
				f |= featOddTagName
			}
			if m.Embedded {
				f |= featEmbedded
			}
			if m.HiddenMethods {
				f |= featHiddenMethods
			}
			if m.Opts.Format {
				f |= featFormatOption
			}
			if m.Opts.OmitZero {
				f |= featOmitZero
				if zi := jsontype.Of(m.Type); zi.Zero != jsontype.NoMethod && zi.Special != jsontype.StdMarshaler {
					f |= featZeroMethod
				}
			}
			if k := m.Type.Kind(); (k == reflect.Float32 || k == reflect.Float64) && m.Opts.OmitEmpty {
				f |= featFloatOmitEmpty
			}
			if m.Opts.String {
				f |= featStringOpt
				ft := m.Type
				if ft.Kind() == reflect.Pointer {
					ft = ft.Elem()
				}
				if ft.Kind() == reflect.String {
					f |= featStringOptString
				}
			}
		}
	}
	return f
}
