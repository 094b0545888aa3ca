// Command toolchain prints the Go toolchains the repository is checked on,
// by the rule of package internal/toolchain: the newest patch release of each
// supported line the module proxy lists, the pinned one offline, and the next
// Go's release candidate once listed.
//
//	go run ./internal/cmd/toolchain        GO126=go1.26.11 GO127=go1.27.4 GONEXT= (shell assignments; the reasons on stderr)
//	go run ./internal/cmd/toolchain 1.27   go1.27.4
//	go run ./internal/cmd/toolchain next   the next Go's toolchain, or an empty line
//
// A variable already set (GO127=go1.27.2) is used as it is.
package main

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/safejson/safejson/internal/toolchain"
)

func main() {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if len(os.Args) > 2 {
		fmt.Fprintln(os.Stderr, "usage: toolchain [1.26 | 1.27 | next]")
		os.Exit(2)
	}
	versions, err := toolchain.Listed(ctx)
	releases := toolchain.Resolve(versions, err, os.Getenv)
	if len(os.Args) == 2 {
		for _, r := range releases {
			if os.Args[1] == r.Version || os.Args[1] == "next" && r.Line == toolchain.Next {
				fmt.Println(r.Toolchain)
				return
			}
		}
		fmt.Fprintf(os.Stderr, "toolchain: %s: not a line this repository follows\n", os.Args[1])
		os.Exit(2)
	}
	for _, r := range releases {
		fmt.Fprintln(os.Stderr, r)
		fmt.Printf("%s=%s\n", r.Var, r.Toolchain)
	}
}
