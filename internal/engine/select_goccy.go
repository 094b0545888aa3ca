//go:build safejson_goccy && !safejson_sonic && !safejson_std

package engine

// -tags safejson_goccy: goccy first, sonic compiled out.
func compiled() []Engine { return []Engine{Goccy(), Std()} }
