//go:build !goexperiment.jsonv2 || !go1.27

package main

import (
	"fmt"
	"os"
)

// runV2 reports that this toolchain has no encoding/json/v2: the json/v2
// column runs on Go 1.27 with the default GOEXPERIMENT only.
func runV2(bool) int {
	fmt.Fprintln(os.Stderr, "report: -v2: this toolchain has no encoding/json/v2 (run it with Go 1.27, default GOEXPERIMENT)")
	return 2
}

// writeV2Doc leaves docs/conformance-v2.md alone: it is generated on Go 1.27
// with the default GOEXPERIMENT only.
func writeV2Doc(string) error { return nil }
