// Package jsontype is the one model of a Go type as the encoding/json of the
// building toolchain sees it. Every package of safejson that needs to know
// how encoding/json treats a type (the reference encoder, the planner, the
// slog adapter) reads it here instead of walking the type itself.
//
// Of resolves a reflect.Type once and returns its *Info:
//
//   - the methods encoding/json calls, with their receivers (MarshalJSON and
//     MarshalText on the value or only on the pointer), json.RawMessage,
//     json.Number and the standard library's own marshalers, and the leaf
//     rule: a type with a value-receiver marshal method is written by the
//     method and never looked into;
//   - for a struct, its members as encoding/json writes them (Fields:
//     embedding, promotion, dominance, the tag's name and options as
//     flavor.ParseTag reads them, `,string` quotability, omitempty and
//     omitzero, unexported embedded structs as flavor.DropsUnexportedEmbedded
//     says), and its direct fields that encoding/json may write or look into
//     (Members), a superset of what it writes, for a conservative reader;
//   - for a map, the class of its key type (KeyClass);
//   - byte slices written as base64 (with the exception for an element type
//     whose pointer has a marshal method);
//   - the type graph: Children are the types encoding/json may write inside a
//     value, and one strongly-connected-components pass over that graph says
//     which types lie on a cycle (Component.Cyclic), which reach one
//     (Recursive), which reach an interface (Dynamic), whether a value of a
//     pointer, map or slice type can be its own ancestor (MayCycle), and the
//     deepest JSON nesting of a type that is neither (Depth).
//
// Rules that differ between the classic encoding/json and the one on
// json/v2 are not stated here: they are in package flavor, which this
// package calls.
//
// Infos are computed once per type and cached for the life of the process.
// Of is safe for concurrent use, and takes no global lock: goroutines that
// meet new types at the same time may analyse them twice, each publishing
// only complete Infos (the first published wins; both are equivalent). An
// *Info and everything it points to is never modified once Of returns it.
package jsontype
