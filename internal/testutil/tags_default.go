//go:build !safejson_sonic && !safejson_goccy && !safejson_std

package testutil

// EngineTagged reports whether the build names an engine tag
// (safejson_sonic, safejson_goccy, safejson_std): false here, the default
// build, whose tests run at full size where the tag builds may run reduced.
const EngineTagged = false
