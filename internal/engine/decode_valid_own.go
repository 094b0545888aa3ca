//go:build safejson_sonic || safejson_std

package engine

// fastValid is validJSON where goccy is not compiled in.
func fastValid(data []byte) bool { return validJSON(data) }
