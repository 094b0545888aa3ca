//go:build safejson_sonic && !safejson_goccy && !safejson_std && !((amd64 && go1.17 && !go1.28) || (arm64 && go1.20 && !go1.28))

package engine

// -tags safejson_sonic where sonic's native encoder does not build (it needs
// amd64 or arm64, and Go 1.17–1.27 on amd64, 1.20–1.27 on arm64): the build
// fails here on purpose, naming the problem.
func compiled() []Engine {
	return safejson_sonic_needs_amd64_or_arm64_with_go1_20_to_go1_27
}
