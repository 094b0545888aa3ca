package plan

import "github.com/safejson/safejson/internal/engine"

// avoidMask returns the features whose values must not go to an engine with
// quirks q: those every engine rejects (the attempt would be wasted), those no
// engine writes as encoding/json's rule says (featHiddenMethods: the engines,
// encoding/json's flavours and the reference encoder's substitute all differ),
// and those this one is known to write differently from encoding/json
// (engine.Quirks documents each, with the type feature that triggers it).
func avoidMask(q engine.Quirks) features {
	avoid := featUnsupported | featBadMapKey | featHiddenMethods
	if q.Has(engine.QuirkStringOption) {
		avoid |= featStringOptString
	}
	if q.Has(engine.QuirkMarshalerOutput) {
		avoid |= featMarshaler | featRawMessage
	}
	if q.Has(engine.QuirkNegativeZero) {
		avoid |= featFloat
	}
	if q.Has(engine.QuirkNestedTypeCompile) {
		avoid |= featDeepTypeNest
	}
	if q.Has(engine.QuirkArrayMethods) {
		// Not only an array of T: the conformance suite shows goccy calls
		// the methods of a T inside a struct inside a non-addressable array
		// too, so every pointer-receiver method is avoided.
		avoid |= featPtrMarshaler
	}
	if q.Has(engine.QuirkEmbeddedPointerMethods) || q.Has(engine.QuirkStickyPointerMethods) || q.Has(engine.QuirkDoublePointerMethods) {
		avoid |= featPtrMarshaler
	}
	if q.Has(engine.QuirkOmitEmptyNegativeZero) {
		avoid |= featFloatOmitEmpty
	}
	if q.Has(engine.QuirkMarshalerInterfacePointer) {
		avoid |= featPtrToInterface
	}
	if q.Has(engine.QuirkTagName) {
		avoid |= featOddTagName
	}
	// QuirkUnsupportedMapKey and QuirkUnwrittenTypeRejected are featBadMapKey
	// and featUnsupported, avoided above for every engine; QuirkDepthLimit is
	// beyond engineDepthLimit.
	return avoid
}

// knownQuirks are the quirks avoidMask handles. A quirk an engine reports
// beyond these makes the planner send every value to the reference encoder,
// until it is handled here (TestEveryQuirkIsHandled fails first).
const knownQuirks = engine.QuirkStringOption | engine.QuirkMarshalerOutput | engine.QuirkNegativeZero |
	engine.QuirkUnsupportedMapKey | engine.QuirkDepthLimit | engine.QuirkNestedTypeCompile | engine.QuirkArrayMethods |
	engine.QuirkOmitEmptyNegativeZero | engine.QuirkEmbeddedPointerMethods | engine.QuirkStickyPointerMethods |
	engine.QuirkMarshalerInterfacePointer | engine.QuirkDoublePointerMethods | engine.QuirkUnwrittenTypeRejected |
	engine.QuirkTagName
