package safejson

import "github.com/safejson/safejson/safe"

// Substitution is one substitute written in place of a value encoding/json
// rejects, as Options.OnSubstitute receives it (see safe.Substitution).
type Substitution = safe.Substitution

// reportOf is f as the internal options hold it: nil when f is nil.
func reportOf(f func(Substitution)) any {
	if f == nil {
		return nil
	}
	return f
}
