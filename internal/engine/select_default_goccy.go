//go:build !safejson_sonic && !safejson_goccy && !safejson_std && !((amd64 || arm64) && !go1.28)

package engine

// No engine tag, and sonic's native encoder does not build here: goccy first.
func compiled() []Engine { return []Engine{Goccy(), Std()} }
