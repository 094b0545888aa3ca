package flavor

// MaxNesting is the nesting of arrays and objects that encoding/json's
// scanner allows in its input, on both flavours (json.Valid, Unmarshal,
// Decoder): the 10001st open array or object is a syntax error. Every
// validator and decoder here that gives json.Valid's verdict stops there.
const MaxNesting = 10000
