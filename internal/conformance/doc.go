// Package conformance is the runner that checks package safe alone and
// safejson through every compiled-in engine against the corpus of tricky
// values (internal/corpus).
//
// Each corpus.Case holds a value and what safejson must write for it: the
// bytes, or the error (its type and message), or the panic, written in the
// case, or for a differential case encoding/json's own answer, computed here.
// Run puts every case through every engine three ways: the raw engine
// (recorded, not judged), safejson configured with that engine, and package
// safe alone. A Config says how: the report command traces and bounds each
// encode in time; the tests do neither (go test -timeout stops a hang, and
// names the case's subtest).
//
// A case may list known differences: an engine for which safejson writes other
// bytes, with the reason and those bytes. The list must stay true: a known
// difference that disappears is a failure too. The target is an empty list; the
// known-differences section of docs/differences.md is generated from it (go run
// ./internal/conformance/cmd/report -docs).
package conformance
