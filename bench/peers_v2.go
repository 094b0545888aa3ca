//go:build bench_full && goexperiment.jsonv2 && go1.27

package main

import (
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"

	goccyv2 "github.com/goccy/go-json/v2"

	sjv2 "github.com/safejson/safejson/jsonv2"
)

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

// v2Peers returns the reference and the columns of the json/v2 API's corpus
// tables: the libraries with encoding/json/v2's functions, compared with
// encoding/json/v2 itself.
func v2Peers() (peer, []peer) {
	ref := peer{
		Name: "std-v2", Label: "encoding/json/v2",
		Marshal:   func(v any) ([]byte, error) { return jsonv2.Marshal(v) },
		Unmarshal: func(b []byte, v any) error { return jsonv2.Unmarshal(b, v) },
	}
	return ref, []peer{
		// safejson's json/v2 API is the first column, named peerSafejson
		// (the tables rank it against the others).
		{Name: peerSafejson, Label: "safejson json/v2",
			Marshal:   func(v any) ([]byte, error) { return sjv2.Marshal(v) },
			Unmarshal: func(b []byte, v any) error { return sjv2.Unmarshal(b, v) }},
		{Name: "goccy-v2", Label: "goccy/go-json/v2",
			Marshal:   func(v any) ([]byte, error) { return goccyv2.Marshal(v) },
			Unmarshal: func(b []byte, v any) error { return goccyv2.Unmarshal(b, v) }},
		ref,
	}
}

// v2Same reports whether got is want once the members of every object are
// sorted: encoding/json/v2 and goccy/go-json/v2 write map members in random
// order by default.
func v2Same(got, want []byte) bool {
	sorted := func(b []byte) (jsontext.Value, error) {
		v := jsontext.Value(append([]byte{}, b...))
		return v, v.Format(jsontext.ReorderRawObjects(true), jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	}
	g, gerr := sorted(got)
	w, werr := sorted(want)
	return gerr == nil && werr == nil && string(g) == string(w)
}
