//go:build goexperiment.jsonv2

package flavor

// V2 is true when encoding/json is implemented on encoding/json/v2.
const V2 = true

// Name names the flavour in reports: "v1" (classic) or "v2" (v1 on v2).
const Name = "v2"
