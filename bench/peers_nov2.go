//go:build bench_full && (!goexperiment.jsonv2 || !go1.27)

package main

// jsonV2Peer reports that this toolchain has no encoding/json/v2 (or only
// the experiment of Go 1.25 and 1.26, which the table leaves out).
func jsonV2Peer() (peer, bool) { return peer{}, false }

// v2Peers reports that this toolchain has no json/v2 tables.
func v2Peers() (peer, []peer) { return peer{}, nil }

// v2Same is never called: there are no json/v2 tables.
func v2Same(got, want []byte) bool { return string(got) == string(want) }
