package engine

import (
	"encoding/binary"

	"github.com/safejson/safejson/internal/jsonwire"
)

// Valid reports whether data is one JSON value, with optional whitespace
// around it, as json.Valid of the toolchain that builds the program does,
// only faster: a planner asks it before an engine sees the input, so that a
// syntax error leaves the target untouched (DecodeQuirkPartialFill) and the
// error is encoding/json's (the invalid path goes to json.Unmarshal). It is
// goccy/go-json's Valid where goccy is compiled in (the fastest measured),
// and validJSON otherwise; both are checked against json.Valid by
// TestValid* and FuzzValid on every toolchain mode.
func Valid(data []byte) bool { return fastValid(data) }

// validJSON reports whether data is one JSON value, with optional whitespace
// around it, by the grammar of encoding/json's json.Valid (internal/jsonwire,
// the same on both flavours). It is a loop over the tokens with the
// containers open kept as a bit per level, so that no input recurses or
// allocates.
func validJSON(data []byte) bool {
	_, ok := scanJSON(data, 0)
	return ok
}

// InputFacts are facts about a JSON text under which a decode quirk of an
// engine is harmless (the planner's decodeQuirkCures say which): Scan finds
// them in the pass that validates the input, so that a decode already
// checking its input (DecodeQuirkAcceptsInvalid) learns them for the price
// of a key's bytes.
type InputFacts uint8

const (
	// FactKeysASCII: every object key is ASCII once unescaped (no byte
	// from 0x80 up, no \u escape of U+0080 or above). Then a key matches a
	// field name (ASCII: plainTagName) case-insensitively under
	// strings.EqualFold (encoding/json, both flavours: Go 1.27's v1 mode
	// looks the folded name up and then requires EqualFold,
	// MatchCaseSensitiveDelimiter) exactly when it does under ASCII case
	// folding, and under strings.ToLower too (sonic): the rules differ only
	// on runes outside ASCII (DecodeQuirkUnicodeFold).
	FactKeysASCII InputFacts = 1 << iota
)

// Scan reports whether data is valid JSON, as Valid does, and which of the
// facts in want hold of it (none if it is not valid). It is the hand-written
// validator, which costs 1.0–1.9× goccy's Valid on the json/v2 corpus: ask it
// only when a fact can change the engine.
func Scan(data []byte, want InputFacts) (InputFacts, bool) { return scanJSON(data, want) }

// scanJSON is validJSON finding the facts in want; a fact found not to hold
// stops being looked for.
func scanJSON(data []byte, want InputFacts) (InputFacts, bool) {
	var (
		open  [jsonwire.MaxNesting/64 + 1]uint64 // bit d: the container at depth d+1 is an object
		depth int
		obj   bool // the innermost container is an object
		i     int
		ok    bool
	)
	i = jsonwire.SkipSpace(data, 0)

value:
	if i >= len(data) {
		return 0, false
	}
	switch data[i] {
	case '{':
		if depth == jsonwire.MaxNesting {
			return 0, false
		}
		open[depth/64] |= 1 << (depth % 64)
		depth++
		obj = true
		i = jsonwire.SkipSpace(data, i+1)
		if i < len(data) && data[i] == '}' {
			i++
			goto pop
		}
		goto key
	case '[':
		if depth == jsonwire.MaxNesting {
			return 0, false
		}
		open[depth/64] &^= 1 << (depth % 64)
		depth++
		obj = false
		i = jsonwire.SkipSpace(data, i+1)
		if i < len(data) && data[i] == ']' {
			i++
			goto pop
		}
		goto value
	case '"':
		if i, ok = jsonwire.SkipString(data, i+1); !ok {
			return 0, false
		}
	case 't':
		if !jsonwire.True(data, i) {
			return 0, false
		}
		i += 4
	case 'f':
		if !jsonwire.False(data, i) {
			return 0, false
		}
		i += 5
	case 'n':
		if !jsonwire.Null(data, i) {
			return 0, false
		}
		i += 4
	default:
		if i, ok = jsonwire.SkipNumber(data, i); !ok {
			return 0, false
		}
	}

after: // a value has ended at i
	i = jsonwire.SkipSpace(data, i)
	if depth == 0 {
		if i != len(data) {
			return 0, false
		}
		return want, true
	}
	if i >= len(data) {
		return 0, false
	}
	if obj {
		switch data[i] {
		case ',':
			i = jsonwire.SkipSpace(data, i+1)
			goto key
		case '}':
			i++
			goto pop
		}
		return 0, false
	}
	switch data[i] {
	case ',':
		i = jsonwire.SkipSpace(data, i+1)
		goto value
	case ']':
		i++
		goto pop
	}
	return 0, false

pop: // the innermost container has closed at i
	depth--
	if depth > 0 {
		obj = open[(depth-1)/64]&(1<<((depth-1)%64)) != 0
	}
	goto after

key: // an object member's name is due at i
	if i >= len(data) || data[i] != '"' {
		return 0, false
	}
	start := i + 1
	if i, ok = jsonwire.SkipString(data, start); !ok {
		return 0, false
	}
	if want != 0 {
		want = keyFacts(data[start:i-1], want)
	}
	i = jsonwire.SkipSpace(data, i)
	if i >= len(data) || data[i] != ':' {
		return 0, false
	}
	i = jsonwire.SkipSpace(data, i+1)
	goto value
}

// keyFacts returns want without the facts that key (the contents of a
// well-formed key) shows not to hold.
func keyFacts(key []byte, want InputFacts) InputFacts {
	if plainKey(key) {
		return want
	}
	// An escape or a byte from 0x80 up: look closer.
	for j := 0; j < len(key); j++ {
		c := key[j]
		if c == '\\' {
			// \u00XX with XX below 0x80 is ASCII; other escapes are one
			// ASCII byte.
			if key[j+1] == 'u' {
				if key[j+2] != '0' || key[j+3] != '0' || key[j+4] > '7' {
					want &^= FactKeysASCII
				}
				j += 5
			} else {
				j++
			}
		} else if c >= 0x80 {
			want &^= FactKeysASCII
		}
	}
	return want
}

// plainKey reports whether a key holds no '\\' and no byte from 0x80 up,
// eight bytes at a time.
func plainKey(key []byte) bool {
	var special uint64
	for len(key) >= 8 {
		w := binary.LittleEndian.Uint64(key)
		special |= w&jsonwire.Msb | jsonwire.HasZero(w^(jsonwire.Lsb*'\\'))
		key = key[8:]
	}
	for _, c := range key {
		if c >= 0x80 || c == '\\' {
			return false
		}
	}
	return special == 0
}
