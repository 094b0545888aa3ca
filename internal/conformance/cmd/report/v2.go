//go:build goexperiment.jsonv2 && go1.27

package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/safejson/safejson/internal/conformance"
	"github.com/safejson/safejson/internal/corpus"
)

// runV2 prints the json/v2 column (the document, or one line per result
// with tsv) and returns the exit status.
func runV2(tsv bool) int {
	sets := conformance.V2Sets()
	results := conformance.RunV2(corpus.Cases(), conformance.V2Engines(), sets)
	var err error
	if tsv {
		err = conformance.WriteV2TSV(os.Stdout, results)
	} else {
		_, err = fmt.Fprint(os.Stdout, conformance.V2Doc(results, sets))
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "report:", err)
		return 2
	}
	fmt.Fprintln(os.Stdout, conformance.V2VerdictLine(results))
	return 0
}

// writeV2Doc rewrites the json/v2 column's document under the repository
// root.
func writeV2Doc(root string) error {
	path := filepath.Join(root, filepath.FromSlash(conformance.V2DocPath))
	sets := conformance.V2Sets()
	doc := conformance.V2Doc(conformance.RunV2(corpus.Cases(), conformance.V2Engines(), sets), sets)
	if old, err := os.ReadFile(path); err == nil && string(old) == doc {
		fmt.Fprintf(os.Stderr, "%s: already up to date\n", path)
		return nil
	}
	if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "%s: rewritten\n", path)
	return nil
}
