package safe

import (
	"hash/maphash"
	"iter"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Pointer is a JSON Pointer (RFC 6901) to a value the encoder wrote: the
// path of member names and array indices from the top level down to it.
// The zero Pointer is the top level.
//
// The pointers of one encode share their common prefix: a Pointer is a
// reference to the last token, each token to the one before it, so that
// handing a substitute's place to OnSubstitute costs the same whatever the
// length of its path. The text is built only when asked for, once per
// token and shared by the pointers below it.
type Pointer struct{ n *pathNode }

// pathNode is one reference token of a path, below its parent's.
type pathNode struct {
	parent *pathNode
	tok    string // the member name, unescaped; for an index, "" and idx ≥ 0
	idx    int
	hash   uint64  // Hash, 0 until worked out (a hash has its lowest bit set)
	text   *string // String, nil until built
}

// token returns n's reference token, unescaped.
func (n *pathNode) token() string {
	if n.idx >= 0 {
		return strconv.Itoa(n.idx)
	}
	return n.tok
}

// String returns the pointer's text: "" for the top level,
// "/items/3/owner" for member owner of the fourth element of member items,
// "~" and "/" in a name escaped as "~0" and "~1".
func (p Pointer) String() string {
	n := p.n
	if n == nil {
		return ""
	}
	if n.text != nil {
		return *n.text
	}
	// Build the texts of the tokens not built yet, outermost first, each
	// from its parent's, so that a prefix shared by many pointers is
	// written once.
	var chain []*pathNode
	for m := n; m != nil && m.text == nil; m = m.parent {
		chain = append(chain, m)
	}
	for i := len(chain) - 1; i >= 0; i-- {
		m := chain[i]
		var b strings.Builder
		prefix := ""
		if m.parent != nil {
			prefix = *m.parent.text
		}
		tok := m.token()
		b.Grow(len(prefix) + 1 + len(tok))
		b.WriteString(prefix)
		b.WriteByte('/')
		writeEscaped(&b, tok)
		text := b.String()
		m.text = &text
	}
	return *n.text
}

// hashSeed is the seed of every Pointer's Hash in this process.
var hashSeed = maphash.MakeSeed()

// Hash returns a hash of the pointer: equal pointers (the same text) hash
// alike within a process, and others collide as rarely as maphash's
// hashes do. It is worked out once per token, from the parent's hash, and
// shared by the pointers below it: a caller that remembers pointers (a
// logger that writes each once) can keep 8 bytes per pointer and pay for
// each token once, whatever the path's length.
func (p Pointer) Hash() uint64 {
	n := p.n
	if n == nil {
		return maphash.Comparable(hashSeed, [2]uint64{})
	}
	if n.hash != 0 {
		return n.hash
	}
	var chain []*pathNode
	for m := n; m != nil && m.hash == 0; m = m.parent {
		chain = append(chain, m)
	}
	for i := len(chain) - 1; i >= 0; i-- {
		m := chain[i]
		var parent uint64
		if m.parent != nil {
			parent = m.parent.hash
		}
		var tok uint64
		if m.idx >= 0 {
			var buf [20]byte
			tok = maphash.Bytes(hashSeed, strconv.AppendInt(buf[:0], int64(m.idx), 10))
		} else {
			tok = maphash.String(hashSeed, m.tok)
		}
		m.hash = maphash.Comparable(hashSeed, [2]uint64{parent, tok}) | 1
	}
	return n.hash
}

// MarshalText returns the pointer's text, as String.
func (p Pointer) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// Tokens returns the pointer's reference tokens, unescaped, outermost
// first. It does not build the pointer's text.
func (p Pointer) Tokens() iter.Seq[string] {
	return func(yield func(string) bool) {
		if p.n == nil {
			return
		}
		var chain []*pathNode
		for m := p.n; m != nil; m = m.parent {
			chain = append(chain, m)
		}
		for i := len(chain) - 1; i >= 0; i-- {
			if !yield(chain[i].token()) {
				return
			}
		}
	}
}

// Len returns the number of reference tokens: 0 for the top level.
func (p Pointer) Len() int {
	n := 0
	for m := p.n; m != nil; m = m.parent {
		n++
	}
	return n
}

// Lengths of Short's output.
const (
	// ShortToken is the longest reference token Short writes whole; a longer
	// one is written as its first ShortToken/2 bytes (cut where a UTF-8
	// character starts), "…" and its length in brackets, e.g.
	// "kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk…[100000 bytes]".
	ShortToken = 64
	// ShortTokens is the most tokens Short writes: of a longer path, the
	// first ShortTokens/2 and the last ShortTokens/2, with a token "…[N]"
	// between them for the N left out.
	ShortTokens = 16
)

// Short returns the pointer's text shortened for a log line: at most
// ShortTokens tokens of at most ShortToken bytes each (plus the marks of
// what is left out), so at most about 1.3 KB whatever the path. It is
// String when no token is longer than ShortToken and there are at most
// ShortTokens of them. A shortened pointer still says where: its first and
// last tokens, and how long what it leaves out is; it is not a JSON Pointer
// to resolve.
func (p Pointer) Short() string {
	depth := p.Len()
	if depth == 0 {
		return ""
	}
	// The last ShortTokens/2 tokens (or all, when the path is short
	// enough), innermost first; then the first ones.
	last := depth
	if depth > ShortTokens {
		last = ShortTokens / 2
	}
	chain := make([]*pathNode, 0, last)
	m := p.n
	for range last {
		chain = append(chain, m)
		m = m.parent
	}
	var b strings.Builder
	if m != nil { // a long path: the first tokens, then the mark
		var first []*pathNode
		for d := depth - last; m != nil; m, d = m.parent, d-1 {
			if d <= ShortTokens/2 {
				first = append(first, m)
			}
		}
		for i := len(first) - 1; i >= 0; i-- {
			writeShortToken(&b, first[i].token())
		}
		b.WriteString("/…[")
		b.WriteString(strconv.Itoa(depth - ShortTokens))
		b.WriteByte(']')
	}
	for i := len(chain) - 1; i >= 0; i-- {
		writeShortToken(&b, chain[i].token())
	}
	return b.String()
}

// writeShortToken writes "/" and tok, escaped, cut as Short says.
func writeShortToken(b *strings.Builder, tok string) {
	b.WriteByte('/')
	if len(tok) <= ShortToken {
		writeEscaped(b, tok)
		return
	}
	cut := ShortToken / 2
	for cut > 0 && !utf8.RuneStart(tok[cut]) {
		cut--
	}
	writeEscaped(b, tok[:cut])
	b.WriteString("…[")
	b.WriteString(strconv.Itoa(len(tok)))
	b.WriteString(" bytes]")
}

// writeEscaped writes tok with "~" and "/" escaped as RFC 6901 says.
func writeEscaped(b *strings.Builder, tok string) {
	for {
		i := strings.IndexAny(tok, "~/")
		if i < 0 {
			b.WriteString(tok)
			return
		}
		b.WriteString(tok[:i])
		if tok[i] == '~' {
			b.WriteString("~0")
		} else {
			b.WriteString("~1")
		}
		tok = tok[i+1:]
	}
}

// frame is one token of the path being written: a member name, or an
// index when idx ≥ 0; node is its pathNode once a substitute below it was
// reported.
type frame struct {
	tok  string
	idx  int
	node *pathNode
}

// pushName puts member name on the path; popPath takes it off.
func (e *encodeState) pushName(name string) { e.path = append(e.path, frame{tok: name, idx: -1}) }

// pushIndex puts array index i on the path.
func (e *encodeState) pushIndex(i int) { e.path = append(e.path, frame{idx: i}) }

func (e *encodeState) popPath() {
	e.path[len(e.path)-1] = frame{}
	e.path = e.path[:len(e.path)-1]
}

// nodeBlock is the most path nodes allocated at once: the pointers of one
// encode hold on to their block, never handed out again.
const nodeBlock = 64

// pointer returns the Pointer of the current path. Frames that have a node
// are a prefix of the path (a node is made only here, from the outermost
// frame without one up to the innermost), so each frame is given a node
// at most once while it is on the path.
func (e *encodeState) pointer() Pointer {
	i := len(e.path)
	for i > 0 && e.path[i-1].node == nil {
		i--
	}
	var parent *pathNode
	if i > 0 {
		parent = e.path[i-1].node
	}
	if need := len(e.path) - i; need > 0 {
		if cap(e.nodes)-len(e.nodes) < need {
			// Blocks double from 4 to nodeBlock: an encode with a few
			// substitutes allocates a few nodes, one with many a block
			// per nodeBlock.
			e.nodes = make([]pathNode, 0, max(need, min(2*cap(e.nodes), nodeBlock), 4))
		}
		nodes := e.nodes[len(e.nodes) : len(e.nodes)+need]
		e.nodes = e.nodes[:len(e.nodes)+need]
		for k := range nodes {
			f := &e.path[i+k]
			nodes[k] = pathNode{parent: parent, tok: f.tok, idx: f.idx}
			parent = &nodes[k]
			f.node = parent
		}
	}
	return Pointer{parent}
}
