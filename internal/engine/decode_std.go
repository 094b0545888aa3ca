package engine

// DecodeQuirks: none, by definition.
func (stdEngine) DecodeQuirks() DecodeQuirks { return 0 }
