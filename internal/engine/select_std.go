//go:build safejson_std && !safejson_sonic && !safejson_goccy

package engine

// -tags safejson_std: encoding/json only, neither third-party engine linked.
func compiled() []Engine { return []Engine{Std()} }
