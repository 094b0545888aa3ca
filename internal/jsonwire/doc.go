// Package jsonwire holds the lexical grammar of JSON as encoding/json applies
// it, once, for every scanner here: the reference encoder's check of
// MarshalJSON output and RawMessage (safe), the validator and input scanner
// that the decode planner asks (internal/engine), and the own decoder into any
// (internal/anydec). Each of them walks the structure (arrays, objects,
// commas, colons) itself, as it needs, and asks this package where each token
// ends and whether it is well formed.
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
//   - arrays and objects nest at most MaxNesting levels.
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
