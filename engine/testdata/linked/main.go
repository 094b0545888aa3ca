// Command linked prints engine.Linked and engine.Verified as JSON, for
// TestLinkedBinary: a test binary holds no module versions, a program does.
package main

import (
	"encoding/json"
	"os"

	"github.com/safejson/safejson/engine"
)

func main() {
	type info struct {
		Name, Module, Version string
		Native, Verified      bool
	}
	var out struct {
		Linked   []info
		Verified bool
	}
	for _, in := range engine.Linked() {
		out.Linked = append(out.Linked, info{in.Engine.Name(), in.Module, in.Version, in.Native, in.Verified})
	}
	out.Verified = engine.Verified()
	json.NewEncoder(os.Stdout).Encode(out)
}
