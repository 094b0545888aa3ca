package conformance

import (
	"sync"

	"github.com/safejson/safejson"
)

// Cases returns the corpus, built once: every case of every theme, in a fixed
// order. The cases and their values are shared; callers must not modify them.
func Cases() []*Case { return allCases() }

var allCases = sync.OnceValue(func() []*Case {
	var cs []*Case
	for _, theme := range []func() []*Case{
		cycleCases, numberCases, unsupportedCases, mapCases, marshalerCases,
		stringCases, structCases, valueCases, limitCases, replacerCases, strictCases,
		recursiveTypeCases, // last: see there
	} {
		cs = append(cs, theme()...)
	}
	return cs
})

// indent is the options of json.MarshalIndent(v, prefix, indent).
func indent(prefix, indent string) safejson.Options {
	return safejson.Options{Prefix: prefix, Indent: indent}
}
