package plan

import (
	"encoding"
	"encoding/json"

	"github.com/safejson/safejson/internal/engine"
)

// quirkRule is how the planner handles one engine quirk (internal/engine's
// Quirks, whose constant documents what the engine writes, and its name).
type quirkRule struct {
	quirk engine.Quirks
	// avoid are the features the planner must not give an engine with the
	// quirk (0: handled otherwise, as the rule's comment says). With value,
	// they are the quirk's trigger, stated here only: routing reads avoid,
	// TestQuirkRulesRoute checks routing against value, and each rule's
	// "Trigger:" comment says it in words.
	avoid features
	// value makes a value of a type with the trigger: with the default
	// candidates, it goes to a compiled-in engine without the quirk, or to
	// the reference encoder (TestQuirkRulesRoute).
	value func() any
	// demo names the test that shows the quirk in
	// internal/engine/quirks_test.go: a quirkDemo's name, or a function
	// (TestQuirkRulesHaveDemos checks it is there, for this quirk).
	demo string
}

// baseAvoid are the features no engine is given, whatever its quirks: those
// every engine rejects (the attempt would be wasted) and those no engine
// writes as encoding/json's rule says (featHiddenMethods: the engines,
// encoding/json's flavours and the reference encoder's substitute all
// differ; featNewMethods: methods the engines do not call; featFormatOption:
// a struct encoding/json rejects where the engines write it).
const baseAvoid = featUnsupported | featBadMapKey | featHiddenMethods | featNewMethods | featFormatOption

// quirkRules is the one table of engine quirks the planner knows: the avoid
// masks and the known quirks derive from it. A quirk an engine reports that
// is not here makes the planner send every value to the reference encoder,
// until it is added (TestEveryQuirkIsHandled fails first).
var quirkRules = []quirkRule{
	{
		// Trigger: a struct field of string kind (a string, a named string type or
		// an unnamed pointer to one) with the ,string option.
		quirk: engine.QuirkStringOption,
		avoid: featStringOptString,
		value: func() any { return quirkStringOpt{S: "<"} },
		demo:  "string option html",
	},
	{
		// Trigger: a type implementing json.Marshaler (value or pointer receiver),
		// json.RawMessage, or an interface that may hold one.
		quirk: engine.QuirkMarshalerOutput,
		avoid: featMarshaler | featRawMessage,
		value: func() any { return quirkMarshaler{} },
		demo:  "marshaler control escapes",
	},
	{
		// Trigger: a float kind.
		quirk: engine.QuirkNegativeZero,
		avoid: featFloat,
		value: func() any { return 1.5 },
		demo:  "negative zero",
	},
	{
		// Trigger: a map type whose key is a bool, a float or a pointer and does
		// not implement encoding.TextMarshaler (featBadMapKey, in baseAvoid).
		quirk: engine.QuirkUnsupportedMapKey,
		avoid: featBadMapKey,
		value: func() any { return map[bool]int{} },
		demo:  "bool map key",
	},
	{
		// Trigger: a recursive type: values nested beyond EngineDepthLimit go to
		// the reference encoder (pre-scan), whatever the engine.
		quirk: engine.QuirkDepthLimit,
		avoid: 0,
		value: func() any { return quirkDeepList(EngineDepthLimit + 1) },
		demo:  "2049 pointer levels",
	},
	{
		// Trigger: more than maxTypeNest slice, array, map or pointer types nested
		// directly in one another (sonic shows it from about 6 levels on amd64, 12
		// on arm64, without a named struct type in between).
		quirk: engine.QuirkNestedTypeCompile,
		avoid: featDeepTypeNest,
		value: func() any { return [][][][][][][]int{} },
		demo:  "nestedTypeCompileShown",
	},
	{
		// Trigger: a type T whose *T, but not T, has MarshalJSON or
		// MarshalText, in a non-addressable array; not only an array of T:
		// the conformance suite shows goccy calls the methods of a T inside
		// a struct inside a non-addressable array too, so every
		// pointer-receiver method is avoided.
		quirk: engine.QuirkArrayMethods,
		avoid: featPtrMarshaler,
		value: func() any { return [2]quirkPtrText{} },
		demo:  "array of pointer marshalers",
	},
	{
		// Trigger: a struct field of float kind with the omitempty option.
		quirk: engine.QuirkOmitEmptyNegativeZero,
		avoid: featFloatOmitEmpty,
		value: func() any {
			return struct {
				F float64 `json:",omitempty"`
			}{}
		},
		demo: "omitempty negative zero",
	},
	{
		// Trigger: a struct embedding a pointer to a struct with a field of a type
		// T whose *T, but not T, has MarshalJSON or MarshalText.
		quirk: engine.QuirkEmbeddedPointerMethods,
		avoid: featPtrMarshaler,
		value: func() any { return struct{ *quirkHoldsPtrText }{} },
		demo:  "embedded pointer text field",
	},
	{
		// Trigger: a type T with pointer-receiver-only marshal methods held where
		// it is not addressable, or an interface that may hold one.
		quirk: engine.QuirkStickyPointerMethods,
		avoid: featPtrMarshaler,
		value: func() any { return quirkPtrMarshaler{} },
		demo:  "sticky poisoned top level",
	},
	{
		// Trigger: a pointer to an interface type with MarshalJSON or MarshalText
		// (*json.Marshaler …).
		quirk: engine.QuirkMarshalerInterfacePointer,
		avoid: featPtrToInterface,
		value: func() any { return struct{ M *json.Marshaler }{} },
		demo:  "field pointer to json.Marshaler",
	},
	{
		// Trigger: a struct field of two or more pointers to a type with pointer-
		// receiver-only marshal methods.
		quirk: engine.QuirkDoublePointerMethods,
		avoid: featPtrMarshaler,
		value: func() any { return struct{ P **quirkPtrMarshaler }{} },
		demo:  "double pointer field",
	},
	{
		// Trigger: a type the engine cannot write anywhere in the type, even where
		// no value of it is written (featUnsupported and featBadMapKey, in
		// baseAvoid).
		quirk: engine.QuirkUnwrittenTypeRejected,
		avoid: featUnsupported | featBadMapKey,
		value: func() any { return []map[complex128]int{} },
		demo:  "empty slice of complex-key maps",
	},
	{
		// Trigger: a struct field whose json tag name the classic encoding/json
		// does not take (flavor.ClassicName, featOddTagName).
		quirk: engine.QuirkTagName,
		avoid: featOddTagName,
		value: func() any {
			return struct {
				//lint:ignore SA5008 a quote in the name, on purpose (QuirkTagName)
				A int `json:"a\"b"`
			}{}
		},
		demo: "tag names with quotes and symbols",
	},
	{
		// Trigger: an interface type with MarshalText but not MarshalJSON
		// (encoding.TextMarshaler …).
		quirk: engine.QuirkInterfaceMethods,
		avoid: featMethodInterface,
		value: func() any { return struct{ X encoding.TextMarshaler }{quirkBoth(1)} },
		demo:  "text marshaler interface holding a marshaler",
	},
}

// noNullForNonFinite are the features of a value for which an engine must
// not be asked to write NaN and ±Inf as null itself
// (options.Output.NullForNonFinite): sonic writes "null", quoted, for a
// float field with the ",string" option, and an interface may hold one.
const noNullForNonFinite = featStringOpt | featDynamic

// knownQuirks are the quirks of quirkRules.
var knownQuirks = func() engine.Quirks {
	var q engine.Quirks
	for _, r := range quirkRules {
		q |= r.quirk
	}
	return q
}()

// avoidMask returns the features whose values must not go to an engine with
// quirks q: baseAvoid and the avoid of each of its quirks' rules.
func avoidMask(q engine.Quirks) features {
	avoid := baseAvoid
	for _, r := range quirkRules {
		if q.Has(r.quirk) {
			avoid |= r.avoid
		}
	}
	return avoid
}

// Types of the rules' values.
type (
	quirkStringOpt struct {
		S string `json:"s,string"`
	}
	quirkMarshaler    struct{}
	quirkPtrMarshaler struct{ X int }
	quirkPtrText      struct{ X int }
	quirkHoldsPtrText struct{ T quirkPtrText }
	quirkList         struct{ Next *quirkList }
	quirkBoth         int
)

// quirkDeepList returns a list nested n JSON levels deep.
func quirkDeepList(n int) *quirkList {
	var l *quirkList
	for range n {
		l = &quirkList{Next: l}
	}
	return l
}

func (quirkMarshaler) MarshalJSON() ([]byte, error)     { return []byte(`1`), nil }
func (*quirkPtrMarshaler) MarshalJSON() ([]byte, error) { return []byte(`1`), nil }
func (*quirkPtrText) MarshalText() ([]byte, error)      { return []byte("m"), nil }
func (quirkBoth) MarshalJSON() ([]byte, error)          { return []byte(`"json"`), nil }
func (quirkBoth) MarshalText() ([]byte, error)          { return []byte("text"), nil }
