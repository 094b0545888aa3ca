// Package conformance is safejson's corpus of tricky values and the runner that
// checks every compiled-in engine against it.
//
// Each Case holds a value and what safejson must write for it, written literally
// in the case: the bytes, or the error (its type and message), or the panic. For
// values encoding/json accepts the literal is the one encoding/json writes (a test
// checks that); for values it rejects, the literal is the documented substitute.
// Run puts every case through every engine three ways: the raw engine (recorded,
// not judged), safejson configured with that engine, and package safe alone.
//
// A case may list known differences: an engine for which safejson writes other
// bytes, with the reason and those bytes. The list must stay true: a known
// difference that disappears is a failure too. The target is an empty list; the
// README's known-differences section is generated from it (go run
// ./conformance/cmd/report -readme).
package conformance
