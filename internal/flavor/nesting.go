package flavor

// The depth limits. Each is one fact, named for what it limits; none is
// safejson's own choice, which reads them (internal/options.DefaultMaxDepth).

// InputDepthLimit is the nesting of arrays and objects that encoding/json's
// scanner allows in its input, on both flavours (json.Valid, Unmarshal,
// Decoder, Compact, and the check of what a MarshalJSON method returns): the
// 10001st open array or object is a syntax error. Every validator and decoder
// here that gives json.Valid's verdict stops there.
const InputDepthLimit = 10000

// JSONv2DepthLimit is the nesting of arrays and objects beyond which
// encoding/json/v2 fails, reading or writing. encoding/json has it when
// encoding on flavour v2 (EncodeDepthLimit), goccy has the same one, and
// safejson's default MaxDepth follows it on both flavours.
const JSONv2DepthLimit = 10000

// CycleSearchDepth is the nesting past which encoding/json starts looking
// for cycles, keeping the pointers it is in: 1000 pointers deep on classic,
// 1000 objects or arrays deep on json/v2 (which so never finds a cycle that
// writes no token, TokenlessCycleCrashes). A value handed to encoding/json
// no deeper than this never pays for that search.
const CycleSearchDepth = 1000
