// Command overlay writes the go test -overlay that lays Go's own encode
// tests into package internal/stdtests (scripts/stdtests.sh runs it with the
// toolchain under test):
//
//	go run ./internal/stdtests/overlay -goroot GOROOT -policy expected.txt -pkg DIR -out TMPDIR
//
// It copies encode_test.go and v2_encode_test.go of GOROOT/src/encoding/json
// (those the toolchain has) into TMPDIR without the tests the policy lists as
// `drop` (each function from its func line to its closing brace, found with
// go/parser), and writes TMPDIR/overlay.json mapping DIR/FILE to each copy.
// It warns on stderr when a copy lacks a dropped test, and fails when a file
// does not parse.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
)

// files are the encode tests of encoding/json: each one's build constraint
// picks it for the toolchain's flavour.
var files = []string{"encode_test.go", "v2_encode_test.go"}

func main() {
	goroot := flag.String("goroot", "", "the GOROOT of the toolchain under test")
	policy := flag.String("policy", "", "the policy file (internal/stdtests/expected.txt)")
	pkg := flag.String("pkg", "", "the absolute directory of package internal/stdtests")
	out := flag.String("out", "", "the directory for the copies and overlay.json")
	flag.Parse()
	if *goroot == "" || *policy == "" || *pkg == "" || *out == "" {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(*goroot, *policy, *pkg, *out); err != nil {
		fmt.Fprintln(os.Stderr, "stdtests:", err)
		os.Exit(1)
	}
}

func run(goroot, policy, pkg, out string) error {
	drops, err := readDrops(policy)
	if err != nil {
		return err
	}
	replace := map[string]string{}
	for _, f := range files {
		src, err := os.ReadFile(filepath.Join(goroot, "src", "encoding", "json", f))
		if os.IsNotExist(err) {
			continue
		} else if err != nil {
			return err
		}
		copied, dropped, err := dropFuncs(f, src, drops)
		if err != nil {
			return err
		}
		if len(drops) > 0 && dropped != len(drops) {
			fmt.Fprintf(os.Stderr, "stdtests: %d of %d drop tests found in %s\n", dropped, len(drops), f)
		}
		dst := filepath.Join(out, f)
		if err := os.WriteFile(dst, copied, 0o644); err != nil {
			return err
		}
		replace[filepath.Join(pkg, f)] = dst
	}
	overlay, err := json.Marshal(map[string]any{"Replace": replace})
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(out, "overlay.json"), append(overlay, '\n'), 0o644)
}

// readDrops are the names of the policy's `drop TEST REASON…` lines.
func readDrops(policy string) ([]string, error) {
	data, err := os.ReadFile(policy)
	if err != nil {
		return nil, err
	}
	var drops []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		if f := strings.Fields(sc.Text()); len(f) >= 2 && f[0] == "drop" {
			drops = append(drops, f[1])
		}
	}
	return drops, sc.Err()
}

// dropFuncs is src without the top-level functions named in drops, each cut
// from the start of its func line through its closing brace and the line
// break after it (a doc comment stays), and the number cut.
func dropFuncs(name string, src []byte, drops []string) ([]byte, int, error) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
	if err != nil {
		return nil, 0, err
	}
	want := map[string]bool{}
	for _, d := range drops {
		want[d] = true
	}
	var out []byte
	last, n := 0, 0
	for _, decl := range file.Decls {
		fn, ok := decl.(*ast.FuncDecl)
		if !ok || fn.Recv != nil || !want[fn.Name.Name] {
			continue
		}
		start := fset.Position(fn.Pos()).Offset
		start = bytes.LastIndexByte(src[:start], '\n') + 1
		end := fset.Position(fn.End()).Offset
		if i := bytes.IndexByte(src[end:], '\n'); i >= 0 {
			end += i + 1
		} else {
			end = len(src)
		}
		out = append(out, src[last:start]...)
		last = end
		n++
	}
	out = append(out, src[last:]...)
	return out, n, nil
}
