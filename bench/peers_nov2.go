//go:build !goexperiment.jsonv2

package main

// jsonV2Peer reports that this toolchain has no encoding/json/v2.
func jsonV2Peer() (peer, bool) { return peer{}, false }
