//go:build !safejson_sonic && !safejson_goccy && !safejson_std && (amd64 || arm64) && !go1.28

package engine

// No engine tag, and sonic's native encoder builds: sonic first, goccy too.
func compiled() []Engine { return []Engine{Sonic(), Goccy(), Std()} }
