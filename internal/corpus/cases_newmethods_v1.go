//go:build !(go1.27 && goexperiment.jsonv2)

package corpus

// marshalerToCases: none where json/v2's MarshalerTo does not exist.
func marshalerToCases() []*Case { return nil }
