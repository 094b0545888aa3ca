// Package jsonwire holds the grammar of JSON as encoding/json applies it,
// once, for every scanner here: the reference encoder's check of MarshalJSON
// output and RawMessage (safe), the validator and input scanner that the
// decode planner asks and the indenter of engine output (internal/engine),
// and the own decoder into any (internal/anydec). Each of them reads the
// tokens with this package's lexer, which says where each token ends and
// whether it is well formed. The reference encoder's check and the indenter
// keep the structure (arrays, objects, names, colons, commas, nesting) in a
// State, which says whether each token may come where it does; the validator
// walks it with labels of its own, and the decoder into any by recursion.
//
// The grammar is json.Valid's, the same on both flavours of encoding/json
// (classic, and Go 1.27's on json/v2 in its v1 mode):
//   - whitespace is space, tab, LF and CR (no BOM, no form feed): SkipSpace;
//   - the literals are true, false and null, lower case: True, False, Null;
//   - a number is -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?, of any
//     length (its range is the decoder's concern): SkipNumber;
//   - a string is any bytes but '"', '\\' and the control characters below
//     U+0020, with the escapes \" \\ \/ \b \f \n \r \t and \uXXXX (hex digits
//     of either case); invalid UTF-8 and lone surrogate escapes are allowed:
//     SkipString;
//   - arrays and objects nest at most MaxNesting levels: State.
//
// Decoding a string (AppendUnquote, SkipVerbatim) replaces each byte of
// invalid UTF-8 by U+FFFD, and so a \u escape of a surrogate that the escape
// of its pair does not follow, as encoding/json does on both flavours.
//
// The functions take the input and an index into it and return an index, so
// that a scanner keeps its position in a register; the small ones are kept
// within the compiler's inlining budget, and the eight-bytes-at-a-time
// (SWAR) tests they use are in swar.go.
package jsonwire
