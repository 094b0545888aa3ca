//go:build (safejson_sonic && safejson_goccy) || (safejson_sonic && safejson_std) || (safejson_goccy && safejson_std)

package engine

// More than one engine tag: the build fails here on purpose, naming the
// problem.
func compiled() []Engine {
	return safejson_engine_tags_conflict_use_only_one_of_safejson_sonic_safejson_goccy_safejson_std
}
