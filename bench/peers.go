//go:build bench_full

package main

import (
	"encoding/json"

	"github.com/bytedance/sonic"
	goccy "github.com/goccy/go-json"
	jsoniter "github.com/json-iterator/go"
	segmentio "github.com/segmentio/encoding/json"

	"github.com/safejson/safejson"
	"github.com/safejson/safejson/internal/engine"
)

// peer is a JSON library the corpus tables measure safejson against.
type peer struct {
	// Name is the peer's short name, in benchmark names and -json.
	Name string
	// Label is its column header.
	Label     string
	Marshal   func(any) ([]byte, error)
	Unmarshal func([]byte, any) error
	// OwnRules says the peer does not even mean to write encoding/json's
	// bytes or verdicts (encoding/json/v2 with its own defaults): it is shown,
	// never counted as the fastest compatible peer.
	OwnRules bool
}

// The peer's names that the tables look up.
const (
	peerSafejson = "safejson"
	peerStd      = "std"
)

// jsoniterStd is json-iterator configured to behave as encoding/json.
var jsoniterStd = jsoniter.ConfigCompatibleWithStandardLibrary

// peers returns the libraries of the corpus tables in column order: safejson
// (with planFor(eng) as its engine) first, encoding/json last but for encoding/json/v2 where the toolchain has it.
func peers(eng engine.Engine) []peer {
	sj := safejson.Options{Engine: planFor(eng)}
	ps := []peer{
		{Name: peerSafejson, Label: "safejson", Marshal: sj.Marshal, Unmarshal: sj.Unmarshal},
		{Name: "sonic", Label: "sonic ConfigStd", Marshal: sonic.ConfigStd.Marshal, Unmarshal: sonic.ConfigStd.Unmarshal},
		{Name: "goccy", Label: "goccy/go-json", Marshal: goccy.Marshal, Unmarshal: goccy.Unmarshal},
		{Name: "segmentio", Label: "segmentio/encoding", Marshal: segmentio.Marshal, Unmarshal: segmentio.Unmarshal},
		{Name: "jsoniter", Label: "json-iterator (std-compatible)", Marshal: jsoniterStd.Marshal, Unmarshal: jsoniterStd.Unmarshal},
		{Name: peerStd, Label: "encoding/json", Marshal: json.Marshal, Unmarshal: json.Unmarshal},
	}
	if p, ok := jsonV2Peer(); ok {
		ps = append(ps, p)
	}
	return ps
}
