//go:build safejson_sonic || safejson_goccy || safejson_std

package testutil

// EngineTagged reports whether the build names an engine tag: true here.
const EngineTagged = true
