package plan

import (
	"reflect"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/safejson/safejson/internal/engine"
	"github.com/safejson/safejson/internal/flavor"
	"github.com/safejson/safejson/internal/jsontype"
)

// Decoding is planned per target type, as encoding is: the features of the
// type below are found once, and a decode goes to the first engine (the
// configured one, then the others compiled in) none of whose decode quirks
// the type triggers, or to encoding/json. Types whose decoding runs the
// user's code or rules the engines are not checked against go to
// encoding/json always: an engine is used only where it is known to give
// encoding/json's result.

// decodeFeatures is what a decode into a type may meet, over every type
// reachable from it that encoding/json would decode into.
type decodeFeatures uint32

const (
	// decMethods: a json.Unmarshaler or encoding.TextUnmarshaler (on the type
	// or its pointer; the user's, big.Int; json.RawMessage and time.Time
	// are decRawMessage and decTime alone). An engine calls the method as
	// encoding/json calls it, with the same bytes, once, on every input
	// encoding/json accepts; the route has such a type checked (Checked),
	// so that invalid JSON never reaches the method; on input encoding/json
	// refuses for the type (a value of another kind, a method's error) the
	// engine fails and encoding/json decodes again, calling the methods
	// again (TestDecodeMethods, TestDecodeMethodsRandom in the root package
	// prove it; docs/differences.md states the rule). sonic fails on some
	// input encoding/json accepts (DecodeQuirkMethodRetry).
	decMethods decodeFeatures = 1 << iota
	// decTime: a time.Time. Its UnmarshalJSON is the standard library's,
	// which reads the value's bytes and writes the time and nothing else:
	// the engines hand it the bytes as they are in the input, and where the
	// toolchain's encoding/json reads a time otherwise (Go 1.27's unescapes
	// the string first) an engine fails and encoding/json decodes it again,
	// which only costs (TestDecodeTime, TestDecodeTimeRandom in the root
	// package prove it on every engine).
	decTime
	// decInterface: an interface.
	decInterface
	// decFloat: a float32 or float64.
	decFloat
	// decRawMessage: a json.RawMessage. Its UnmarshalJSON is the standard
	// library's, which keeps a copy of the value's bytes and nothing else:
	// an engine that hands it the bytes as they are in the input decodes it
	// as encoding/json does (TestDecodeRawMessage), and running it twice on
	// the error path leaves what the second run leaves. sonic rewrites them
	// (DecodeQuirkRawMessageUTF8).
	decRawMessage
	// decDeepNest: more container types nested directly in one another than
	// maxTypeNest.
	decDeepNest
	// decFold: a struct field whose JSON name holds an s, S, i or I: the
	// letters a non-ASCII key folds to otherwise in sonic than in
	// encoding/json (DecodeQuirkUnicodeFold).
	decFold
	// decMap: a map.
	decMap
	// decEmbedded: an embedded field, whose fields encoding/json promotes
	// into the struct's object by its rules of depth, tags and conflicts
	// (jsontype.Info.Fields). The engines decode by the same rules: no
	// quirk triggers on it but DecodeQuirkUnexportedEmbedded and
	// DecodeQuirkEmbeddedNull (TestDecodeEmbedded, TestDecodeEmbeddedRandom in the root package
	// prove it on every engine).
	decEmbedded
	// decNumber: a json.Number, which takes a number or a string holding
	// one, by encoding/json's rules on the engines too (TestDecodeNumberBytes
	// and TestDecodeNumberRandom in the root package prove it on every
	// engine).
	decNumber
	// decBytes: a slice of bytes, read from a base64 string. The engines
	// read it by encoding/json's rules (TestDecodeNumberBytes), but one that
	// refuses a huge string for a bad byte at its end has decoded all of it
	// first, and encoding/json decodes it again: more than twice the bytes
	// of encoding/json's costliest valid body of the size, over the bound by
	// input size (TestHostileBound, base64-bad-end). It stays
	// encoding/json's.
	decBytes
	// decQuoted: a ",string" member of a bool or string kind (or a pointer
	// to one), or of a kind the option does not apply to. The engines read
	// the quoted value by encoding/json's rules (TestDecodeQuoted,
	// TestDecodeQuotedRandom in the root package prove it on every engine).
	decQuoted
	// decQuotedNumber: a ",string" member of a number kind (or a pointer
	// to one), whose quoted text the toolchain's encoding/json may check
	// more strictly than an engine does (DecodeQuirkQuotedNumber).
	decQuotedNumber
	// decEmbeddedPointer: an embedded pointer to a struct, which
	// encoding/json allocates to set a member promoted from it.
	decEmbeddedPointer
	// decUnexportedEmbedded: an embedded pointer to a struct type that is
	// not exported, which encoding/json does not allocate (an error where
	// the input sets one of its fields).
	decUnexportedEmbedded
	// decCrashes: a shape on which the toolchain's encoding/json panics
	// (DecodeCrashes): it has no verdict to give, and the decode executor
	// turns its panic into a *CrashError, whatever an engine would make of
	// the input.
	decCrashes
	// decUnchecked: rules of encoding/json no engine is checked against
	// here: field names equal but for case within one struct's object (its
	// own or promoted), tag names that do not read alike on both flavours
	// (jsontype.Member's PlainTag), member names outside ASCII (asciiName),
	// map keys that are not strings or integers (jsontype.KeyClass),
	// interfaces with methods, and the kinds encoding/json cannot decode
	// into (chan, func, complex, unsafe.Pointer).
	decUnchecked
)

// decodeStdOnly: features that only encoding/json decodes.
const decodeStdOnly = decBytes | decCrashes | decUnchecked

// decodeQuirkTriggers maps each decode quirk to the features that trigger it:
// the one statement of each decode quirk's trigger, which routing reads.
// DecodeQuirkPartialFill, DecodeQuirkAcceptsInvalid and DecodeQuirkStrayCloser
// trigger on every type and are routed around by the decode executor
// (internal/decode, steps 6 and 7 of its package comment): the input is
// validated before an engine sees it (or, for an engine that rejects all
// invalid input, the target is zero and reset to zero on its error), and a
// stream is framed by encoding/json.
var decodeQuirkTriggers = map[engine.DecodeQuirks]decodeFeatures{
	engine.DecodeQuirkNestedTypeCompile:  decDeepNest,
	engine.DecodeQuirkInterfaceMemory:    decInterface,
	engine.DecodeQuirkRawMessageUTF8:     decRawMessage,
	engine.DecodeQuirkNegativeZero:       decFloat | decInterface,
	engine.DecodeQuirkUnicodeFold:        decFold,
	engine.DecodeQuirkPartialFill:        0,
	engine.DecodeQuirkStrayCloser:        0,
	engine.DecodeQuirkMapValueMerge:      decMap,
	engine.DecodeQuirkAcceptsInvalid:     0,
	engine.DecodeQuirkUnexportedEmbedded: decUnexportedEmbedded,
	engine.DecodeQuirkEmbeddedNull:       decEmbeddedPointer,
	engine.DecodeQuirkQuotedNumber:       decQuotedNumber,
	engine.DecodeQuirkMethodRetry:        decMethods,
}

// decodeAvoid returns the features an engine with decode quirks q must not
// decode.
func decodeAvoid(q engine.DecodeQuirks) decodeFeatures {
	avoid := decodeStdOnly
	for b := q; b != 0; b &= b - 1 {
		quirk := b & -b
		trig, ok := decodeQuirkTriggers[quirk]
		if !ok {
			return ^decodeFeatures(0) // a quirk not routed: never this engine
		}
		avoid |= trig
	}
	return avoid
}

var decodeFeatureCache sync.Map // reflect.Type → decodeFeatures

var timeType = reflect.TypeFor[time.Time]()

// decodeEngines are the engines compiled in, in the order a decode tries
// them when Options.Engine is not set: fastest decoder first
// (decodeSpeedOrder), encoding/json last.
var decodeEngines = decodeOrder(engine.All())

// decodeSpeedOrder names the engines by decode speed, fastest first, on the
// json/v2 corpus (BenchmarkCorpusUnmarshal in the bench module; the figures
// are in docs/benchmarks.md): goccy decodes typed structs faster than sonic
// on every file but string_escaped and string_unicode, and `any` faster on
// every file. One static order: telling the string files' types (plain
// structs of strings) apart from the others would cost a rule of its own
// for those two files.
var decodeSpeedOrder = []string{"goccy", "sonic"}

// decodeOrder returns all sorted by decodeSpeedOrder, engines it does not
// name after those (in all's order), encoding/json last.
func decodeOrder(all []engine.Engine) []engine.Engine {
	rank := func(e engine.Engine) int {
		if e == engine.Std() {
			return len(decodeSpeedOrder) + 1
		}
		for i, n := range decodeSpeedOrder {
			if e.Name() == n {
				return i
			}
		}
		return len(decodeSpeedOrder)
	}
	slices.SortStableFunc(all, func(a, b engine.Engine) int { return rank(a) - rank(b) })
	return all
}

// decodeFeaturesOf returns the features of t, cached. Decoding's leaves are
// the unmarshalers, not encoding's marshalers, so the walk goes by the Go
// types (jsontype.Of of each), not by encoding's Children.
func decodeFeaturesOf(t reflect.Type) decodeFeatures {
	if f, ok := decodeFeatureCache.Load(t); ok {
		return f.(decodeFeatures)
	}
	var f decodeFeatures
	seen := map[reflect.Type]bool{}
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		if seen[t] {
			return
		}
		seen[t] = true
		i := jsontype.Of(t)
		if i.Nest > maxTypeNest {
			f |= decDeepNest
		}
		switch i.Special {
		case jsontype.RawMessage:
			f |= decRawMessage
			return
		case jsontype.Number:
			f |= decNumber
		}
		if t == timeType {
			f |= decTime
			return
		}
		if i.Unmarshaler {
			f |= decMethods
			if flavor.UnmarshalsJSONFrom(t) || flavor.UnmarshalsJSONFrom(reflect.PointerTo(t)) {
				// json/v2's UnmarshalJSONFrom, which no engine calls.
				f |= decUnchecked
			}
			return
		}
		switch i.Kind {
		case reflect.Interface:
			f |= decInterface
			if t.NumMethod() != 0 {
				f |= decUnchecked
			}
		case reflect.Float32, reflect.Float64:
			f |= decFloat
		case reflect.Slice:
			if i.ByteElems {
				f |= decBytes
			}
			walk(t.Elem())
		case reflect.Pointer, reflect.Array:
			walk(t.Elem())
		case reflect.Map:
			f |= decMap
			if !engineMapKey(t.Key()) {
				f |= decUnchecked
			}
			walk(t.Key())
			walk(t.Elem())
		case reflect.Struct:
			f |= structDecodeFeatures(i, walk)
		case reflect.Chan, reflect.Func, reflect.Complex64, reflect.Complex128, reflect.UnsafePointer:
			f |= decUnchecked
		}
	}
	walk(t)
	if DecodeCrashes(t) {
		f |= decCrashes
	}
	decodeFeatureCache.Store(t, f)
	return f
}

// structDecodeFeatures returns the features of the members of struct i, and
// walks their types.
func structDecodeFeatures(i *jsontype.Info, walk func(reflect.Type)) decodeFeatures {
	var f decodeFeatures
	for j := range i.Members {
		m := &i.Members[j]
		if !m.PlainTag || m.Opts.Format {
			f |= decUnchecked
		}
		if m.Opts.String {
			f |= quotedFeature(m.Type)
		}
		if m.Embedded {
			f |= decEmbedded
			if t := m.Type; t.Kind() == reflect.Pointer && t.Elem().Kind() == reflect.Struct {
				f |= decEmbeddedPointer
				if !m.Exported {
					f |= decUnexportedEmbedded
				}
			}
		}
		walk(m.Type)
	}
	// The object's member names, its own and promoted: a plain tag name is
	// the member name in both flavours; another is decUnchecked, whatever
	// it becomes.
	var names []string
	for j := range i.Fields {
		name := i.Fields[j].Name
		if !asciiName(name) {
			f |= decUnchecked
		}
		if strings.ContainsAny(name, "sSiI") {
			f |= decFold
		}
		for _, n := range names {
			if strings.EqualFold(n, name) {
				f |= decUnchecked
			}
		}
		names = append(names, name)
	}
	// Tag names that collide within the struct's own members: encoding/json
	// drops them all, and they are not in Fields.
	for j := range i.Members {
		m := &i.Members[j]
		if m.Embedded && m.Name == "" {
			continue // promoted: its fields are in Fields
		}
		for k := range j {
			o := &i.Members[k]
			if (!o.Embedded || o.Name != "") && strings.EqualFold(o.JSONName(), m.JSONName()) {
				f |= decUnchecked
			}
		}
	}
	return f
}

// quotedFeature returns the feature of a ",string" member of type t. On a
// type with unmarshal methods the option is encoding/json's alone: it hands
// the method the quoted text unquoted, an engine the quoted text.
func quotedFeature(t reflect.Type) decodeFeatures {
	if t.Kind() == reflect.Pointer && t.Name() == "" {
		t = t.Elem()
	}
	if jsontype.Of(t).Unmarshaler {
		return decUnchecked
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64:
		return decQuotedNumber
	}
	return decQuoted
}

// engineMapKey reports whether map keys of type k are decoded by the engines
// as by encoding/json: keys of a string or integer kind
// (jsontype.KeyKindClass; encoding/json parses an integer key with strconv,
// "+1" and "01" included; an engine that takes a key takes it with the same
// value, and refuses the rest: TestDecodeIntMapKeys). A key type's
// UnmarshalText is decMethods, found by the walk of the key type.
func engineMapKey(k reflect.Type) bool {
	return jsontype.KeyKindClass(k.Kind()) != jsontype.KeyOther
}

// asciiName reports whether a member name (from a tag or the Go field name)
// is ASCII. Keys match a name outside ASCII by Unicode folding rules, which
// sonic applies otherwise than encoding/json (σ, ς and Σ, ſ and s) even on
// input whose keys are all ASCII, so no input fact cures it
// (TestDecodeNonASCIITagNames, TestRouteDecodeNonASCIINames).
func asciiName(name string) bool {
	for i := range len(name) {
		if name[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// decodeQuirkCures maps a decode quirk to the input facts under which it is
// harmless (engine.InputFacts): an engine with a quirk the type triggers may
// still decode an input in which Scan finds them.
var decodeQuirkCures = map[engine.DecodeQuirks]engine.InputFacts{
	// Keys all ASCII once unescaped fold alike under every rule.
	engine.DecodeQuirkUnicodeFold: engine.FactKeysASCII,
}

// decodeNeeds returns the input facts under which an engine with decode
// quirks q decodes a type of features f exactly, and false if none do.
func decodeNeeds(q engine.DecodeQuirks, f decodeFeatures) (engine.InputFacts, bool) {
	if f&decodeStdOnly != 0 {
		return 0, false
	}
	var needs engine.InputFacts
	for b := q; b != 0; b &= b - 1 {
		quirk := b & -b
		trig, ok := decodeQuirkTriggers[quirk]
		if !ok {
			return 0, false // a quirk not routed: never this engine
		}
		if trig&f == 0 {
			continue
		}
		cure, ok := decodeQuirkCures[quirk]
		if !ok {
			return 0, false
		}
		needs |= cure
	}
	return needs, true
}

// DecodeRoute is how a decode into one type goes: with Eng if the input has
// the facts Needs (engine.Scan finds them; none needed if Needs is 0), with
// Else otherwise (an engine that needs none, engine.Std() at worst).
type DecodeRoute struct {
	Eng   engine.Engine
	Needs engine.InputFacts
	Else  engine.Engine
	// Checked: the input must be known valid before an engine decodes it,
	// even one that rejects all invalid input (the type holds the user's
	// unmarshal methods, which must never see invalid JSON).
	Checked bool
}

// Pick returns the engine for an input with facts.
func (r DecodeRoute) Pick(facts engine.InputFacts) engine.Engine {
	if facts&r.Needs == r.Needs {
		return r.Eng
	}
	return r.Else
}

// DecodeEngine returns the engine to decode into v with when nothing is
// known of the input: RouteDecode's engine if it needs no fact, its Else
// otherwise.
func DecodeEngine(named engine.Engine, v any) engine.Engine {
	return RouteDecode(named, v).Pick(0)
}

var stdRoute = DecodeRoute{Eng: engine.Std(), Else: engine.Std()}

// RouteDecode returns the route of a decode into v: named (the engine
// Options.Engine names, nil for the default plan) if its decode quirks do
// not apply to v's type or are cured by input facts, with encoding/json
// otherwise (a named engine is never replaced by another); for the default
// plan, the first of decodeEngines that can decode the type, with the first
// later one that needs no fact as its Else. A v that is not a non-nil
// pointer, or that holds an interface with a value in it (encoding/json
// decodes into what a pointer there points to), goes to encoding/json.
//
// An engine that needs a fact comes first even when a later one needs none.
func RouteDecode(named engine.Engine, v any) DecodeRoute {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return stdRoute
	}
	if e := rv.Elem(); e.Kind() == reflect.Interface && !e.IsNil() {
		return stdRoute
	}
	f := decodeFeaturesOf(rv.Type().Elem())
	if f&decodeStdOnly != 0 {
		return stdRoute
	}
	if named != nil {
		if needs, ok := decodeNeeds(engine.DecodeQuirksOf(named), f); ok {
			r := DecodeRoute{Eng: named, Needs: needs, Else: named, Checked: f&decMethods != 0}
			if needs != 0 {
				r.Else = engine.Std()
			}
			return r
		}
		return stdRoute // a named engine, or encoding/json: never another engine
	}
	for i, e := range decodeEngines {
		needs, ok := decodeNeeds(engine.DecodeQuirksOf(e), f)
		if !ok {
			continue
		}
		r := DecodeRoute{Eng: e, Needs: needs, Else: e, Checked: f&decMethods != 0}
		if needs != 0 {
			r.Else = engine.Std()
			for _, later := range decodeEngines[i+1:] {
				if n, ok := decodeNeeds(engine.DecodeQuirksOf(later), f); ok && n == 0 {
					r.Else = later
					break
				}
			}
		}
		return r
	}
	return stdRoute
}
