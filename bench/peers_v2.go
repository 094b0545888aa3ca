//go:build goexperiment.jsonv2 && go1.27

package main

import jsonv2 "encoding/json/v2"

// jsonV2Peer is encoding/json/v2 with its own defaults, which are not
// encoding/json's (no HTML escaping, nil slices as [], ...).
func jsonV2Peer() (peer, bool) {
	return peer{
		Name: "v2", Label: "encoding/json/v2 (own rules)",
		Marshal:   func(v any) ([]byte, error) { return jsonv2.Marshal(v) },
		Unmarshal: func(b []byte, v any) error { return jsonv2.Unmarshal(b, v) },
		OwnRules:  true,
	}, true
}
