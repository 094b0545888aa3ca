//go:build safejson_sonic && !safejson_goccy && !safejson_std && !((amd64 || arm64) && !go1.28)

package engine

// -tags safejson_sonic where sonic's native encoder does not build (it needs
// amd64 or arm64 and Go 1.27 at most): the build fails here on purpose,
// naming the problem.
func compiled() []Engine {
	return safejson_sonic_needs_amd64_or_arm64_and_go1_27_at_most
}
