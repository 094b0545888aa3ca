//go:build safejson_sonic && !safejson_goccy && !safejson_std && (amd64 || arm64) && !go1.28

package engine

// -tags safejson_sonic: sonic first, goccy compiled out.
func compiled() []Engine { return []Engine{Sonic(), Std()} }
