package jsonwire

import "github.com/safejson/safejson/internal/flavor"

// MaxNesting is the number of arrays and objects open at once that a JSON
// text may have: the next '[' or '{' is a syntax error (flavor.InputDepthLimit).
const MaxNesting = flavor.InputDepthLimit
