package conformance

// strictCases: Strict and CircularError turn substitutions into errors that
// satisfy errors.As for encoding/json's error types.
func strictCases() []*Case {
	return nil
}
