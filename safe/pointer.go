package safe

import (
	"encoding/binary"
	"hash/maphash"
	"iter"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"
)

// Pointer is a JSON Pointer (RFC 6901) to a value the encoder wrote: the
// path of member names and array indices from the top level down to it.
// The zero Pointer is the top level.
//
// The pointers of one encode share their common prefix: a Pointer holds
// its last token and a reference to the token before it, each token one
// to the one before it, so that handing a substitute's place to
// OnSubstitute costs the same whatever the length of its path. The text is
// built only when asked for, once per token before the last, and shared
// by the pointers below it.
//
// A Pointer kept after OnSubstitute returns stays valid: it keeps alive
// the tokens of its encode (16 bytes per token that comes before the last
// in a substitute's path, the member names among them and those that end
// a path, copied, and what String and Hash worked out for them). They
// belong to that encode alone: nothing else holds them once its pointers
// are gone. As String and Hash keep what they work out there, the pointers
// of one encode are used from one goroutine at a time (as OnSubstitute
// runs).
type Pointer struct {
	a     *pathArena // the encode's tokens; nil when none was needed
	up    int32      // the node of the token before the last (1 + its id); 0: none
	depth int32      // the number of tokens: 0 for the top level
	tok   int64      // the last token, as pathNode.tok
}

// pathArena holds the tokens of the pointers of one encode, linked by
// index, in blocks that hold no pointer: the collector does not scan them,
// and writing them costs no write barrier.
type pathArena struct {
	nodes  [][]pathNode // the nodes: id k<<nodeShift | i is nodes[k][i]
	used   int          // the nodes used in the last block
	names  [][]byte     // the names: each its length (uvarint) and its bytes, in one block, never rewritten
	hashes [][]uint64   // hashes[k][i]: the Hash of node k<<nodeShift | i; 0 until worked out
	texts  [][]string   // texts[k][i]: its String; "" until built

	count, nameBytes int // nodes and bytes of names so far
	nextNodes        int // the size of the next block of nodes
	nextNames        int // of names

	// The first blocks' places in nodes and names.
	nodeSpine [1][]pathNode
	nameSpine [1][]byte
}

// newArena returns an arena whose first blocks hold nodes nodes and names
// bytes of names.
func newArena(nodes, names int) *pathArena {
	a := &pathArena{nextNodes: nodes, nextNames: names}
	a.nodes, a.names = a.nodeSpine[:0], a.nameSpine[:0]
	return a
}

// pathNode is one reference token of a path, below its parent's.
type pathNode struct {
	up  int32 // the parent's node (1 + its id); 0: none
	tok int64 // an index (≥ 0), or ^(k<<32 | offset) of a name in names[k]
}

// Limits of an arena's blocks: 1<<nodeShift nodes, maxNameBlock bytes of
// names (or one name).
const (
	nodeShift    = 16
	maxNameBlock = 64 << 10
)

// node returns the node of 1 + id up.
func (a *pathArena) node(up int32) *pathNode {
	id := up - 1
	return &a.nodes[id>>nodeShift][id&(1<<nodeShift-1)]
}

// addNode adds n and returns 1 + its id.
func (a *pathArena) addNode(n pathNode) int32 {
	k := len(a.nodes) - 1
	if k < 0 || a.used == len(a.nodes[k]) {
		a.nodes = append(a.nodes, make([]pathNode, a.nextNodes))
		a.nextNodes = min(2*a.nextNodes, 1<<nodeShift)
		k, a.used = k+1, 0
	}
	a.nodes[k][a.used] = n
	a.used++
	a.count++
	return int32(k<<nodeShift|(a.used-1)) + 1
}

// addName copies name into names and returns its token.
func (a *pathArena) addName(name string) int64 {
	need := uvarintLen(len(name)) + len(name)
	k := len(a.names) - 1
	if k < 0 || cap(a.names[k])-len(a.names[k]) < need {
		a.names = append(a.names, make([]byte, 0, max(need, a.nextNames)))
		a.nextNames = min(2*a.nextNames, maxNameBlock)
		k++
	}
	blk := a.names[k]
	off := len(blk)
	blk = binary.AppendUvarint(blk, uint64(len(name)))
	a.names[k] = append(blk, name...)
	a.nameBytes += need
	return ^(int64(k)<<32 | int64(off))
}

// uvarintLen is the length of n as a uvarint.
func uvarintLen(n int) int {
	l := 1
	for ; n >= 0x80; n >>= 7 {
		l++
	}
	return l
}

// token returns tok (as pathNode.tok), unescaped.
func (a *pathArena) token(tok int64) string {
	if tok >= 0 {
		return strconv.FormatInt(tok, 10)
	}
	tok = ^tok
	blk := a.names[tok>>32][tok&(1<<32-1):]
	n, w := binary.Uvarint(blk)
	if n == 0 {
		return ""
	}
	// A name's bytes are never written again once copied.
	return unsafe.String(&blk[w], int(n))
}

// text returns the text of the pointer ending at node up, building it and
// those of the nodes above it not built yet.
func (a *pathArena) text(up int32) string {
	return memo(a, &a.texts, up, func(parent string, n *pathNode) string { return appendToken(parent, a.token(n.tok)) })
}

// memo returns the value of node up in cache (a slice per node block, made
// as long as the block when first needed; zero until worked out), working
// it out with those of the nodes above it not worked out yet, outermost
// first, each by next from its parent's (zero at the top level): a prefix
// shared by many pointers is worked out once.
func memo[T comparable](a *pathArena, cache *[][]T, up int32, next func(parent T, n *pathNode) T) T {
	if c := *cache; len(c) == 0 || len(c) != len(a.nodes) || c[len(c)-1] == nil {
		for k := range a.nodes {
			if k == len(*cache) {
				*cache = append(*cache, nil)
			}
			if (*cache)[k] == nil {
				(*cache)[k] = make([]T, len(a.nodes[k]))
			}
		}
	}
	c := *cache
	at := func(up int32) *T {
		id := up - 1
		return &c[id>>nodeShift][id&(1<<nodeShift-1)]
	}
	var zero T
	if v := *at(up); v != zero {
		return v
	}
	var chain []int32
	for m := up; m > 0 && *at(m) == zero; m = a.node(m).up {
		chain = append(chain, m)
	}
	for i := len(chain) - 1; i >= 0; i-- {
		n := a.node(chain[i])
		var parent T
		if n.up > 0 {
			parent = *at(n.up)
		}
		*at(chain[i]) = next(parent, n)
	}
	return *at(up)
}

// appendToken returns prefix, "/" and tok, escaped.
func appendToken(prefix, tok string) string {
	var b strings.Builder
	b.Grow(len(prefix) + 1 + len(tok))
	b.WriteString(prefix)
	b.WriteByte('/')
	writeEscaped(&b, tok)
	return b.String()
}

// String returns the pointer's text: "" for the top level,
// "/items/3/owner" for member owner of the fourth element of member items,
// "~" and "/" in a name escaped as "~0" and "~1".
func (p Pointer) String() string {
	if p.depth == 0 {
		return ""
	}
	prefix := ""
	if p.up > 0 {
		prefix = p.a.text(p.up)
	}
	return appendToken(prefix, p.a.token(p.tok))
}

// hashSeed is the seed of every Pointer's Hash in this process.
var hashSeed = maphash.MakeSeed()

// Hash returns a hash of the pointer: equal pointers (the same text) hash
// alike within a process, and others collide as rarely as maphash's
// hashes do. It is worked out once per token before the last, from the
// parent's hash, and shared by the pointers below it: a caller that
// remembers pointers (a logger that writes each once) can keep 8 bytes per
// pointer and pay for each token once, whatever the path's length.
func (p Pointer) Hash() uint64 {
	if p.depth == 0 {
		return maphash.Comparable(hashSeed, [2]uint64{})
	}
	var parent uint64
	if p.up > 0 {
		parent = p.a.hash(p.up)
	}
	return p.a.tokenHash(parent, p.tok)
}

// hash returns the Hash of the pointer ending at node up, working out
// those of the nodes above it not worked out yet.
func (a *pathArena) hash(up int32) uint64 {
	return memo(a, &a.hashes, up, func(parent uint64, n *pathNode) uint64 { return a.tokenHash(parent, n.tok) })
}

// tokenHash is the hash of a pointer from its parent's and its last
// token (as pathNode.tok): an index hashes as its text.
func (a *pathArena) tokenHash(parent uint64, tok int64) uint64 {
	var h uint64
	if tok >= 0 {
		var buf [20]byte
		h = maphash.Bytes(hashSeed, strconv.AppendInt(buf[:0], tok, 10))
	} else {
		h = maphash.String(hashSeed, a.token(tok))
	}
	return maphash.Comparable(hashSeed, [2]uint64{parent, h}) | 1
}

// MarshalText returns the pointer's text, as String.
func (p Pointer) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// Tokens returns the pointer's reference tokens, unescaped, outermost
// first. It does not build the pointer's text.
func (p Pointer) Tokens() iter.Seq[string] {
	return func(yield func(string) bool) {
		if p.depth == 0 {
			return
		}
		var chain []int32
		for m := p.up; m > 0; m = p.a.node(m).up {
			chain = append(chain, m)
		}
		for i := len(chain) - 1; i >= 0; i-- {
			if !yield(p.a.token(p.a.node(chain[i]).tok)) {
				return
			}
		}
		yield(p.a.token(p.tok))
	}
}

// Len returns the number of reference tokens: 0 for the top level.
func (p Pointer) Len() int { return int(p.depth) }

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
	// The nodes of the last ShortTokens/2 tokens before the last one (or
	// of all, when the path is short enough), innermost first; then those
	// of the first ones.
	last := depth - 1
	if depth > ShortTokens {
		last = ShortTokens/2 - 1
	}
	chain := make([]int32, 0, last)
	m := p.up
	for range last {
		chain = append(chain, m)
		m = p.a.node(m).up
	}
	var b strings.Builder
	if m > 0 { // a long path: the first tokens, then the mark
		var first []int32
		for d := depth - 1 - last; m > 0; m, d = p.a.node(m).up, d-1 {
			if d <= ShortTokens/2 {
				first = append(first, m)
			}
		}
		for i := len(first) - 1; i >= 0; i-- {
			writeShortToken(&b, p.a.token(p.a.node(first[i]).tok))
		}
		b.WriteString("/…[")
		b.WriteString(strconv.Itoa(depth - ShortTokens))
		b.WriteByte(']')
	}
	for i := len(chain) - 1; i >= 0; i-- {
		writeShortToken(&b, p.a.token(p.a.node(chain[i]).tok))
	}
	writeShortToken(&b, p.a.token(p.tok))
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
// index when idx ≥ 0.
type frame struct {
	tok string
	idx int
}

// pushName puts member name on the path; popPath takes it off.
func (e *encodeState) pushName(name string) { e.path = append(e.path, frame{tok: name, idx: -1}) }

// pushIndex puts array index i on the path.
func (e *encodeState) pushIndex(i int) { e.path = append(e.path, frame{idx: i}) }

// popPath takes the last token off the path. The frame keeps its name
// until it is written again or release clears the path.
func (e *encodeState) popPath() {
	n := len(e.path) - 1
	e.path = e.path[:n]
	if len(e.nodeOf) > n {
		e.nodeOf = e.nodeOf[:n]
	}
}

// Sizes of an encode's first blocks of nodes and names: what the last
// encode of its state used, at most these.
const (
	maxFirstNodes = 1024
	maxFirstNames = 16 << 10
)

// pointer returns the Pointer of the current path: its last token, and the
// node of the one before it. Frames that have a node are a prefix of the
// path (nodeOf holds theirs: a node is made only here, from the outermost
// frame without one up to the one before the last), so each frame is
// given a node at most once while it is on the path.
func (e *encodeState) pointer() Pointer {
	d := len(e.path)
	if d == 0 {
		return Pointer{}
	}
	last := &e.path[d-1]
	if d == 1 && last.idx >= 0 {
		return Pointer{depth: 1, tok: int64(last.idx)}
	}
	a := e.arena
	if a == nil {
		a = newArena(max(e.firstNodes, 4), max(e.firstNames, 32))
		e.arena = a
	}
	var up int32
	if k := len(e.nodeOf); k > 0 {
		up = e.nodeOf[k-1]
	}
	for k := len(e.nodeOf); k < d-1; k++ {
		up = a.addNode(pathNode{up: up, tok: e.frameToken(k)})
		e.nodeOf = append(e.nodeOf, up)
	}
	p := Pointer{a: a, depth: int32(d)}
	if d > 1 {
		p.up = e.nodeOf[d-2]
	}
	if len(e.nodeOf) == d { // the last frame has a node: a pointer below it was made
		p.tok = a.node(e.nodeOf[d-1]).tok
	} else {
		p.tok = e.frameToken(d - 1)
	}
	return p
}

// frameToken returns the token (as pathNode.tok) of frame k, copying its
// name into the arena unless it is the string copied last (a field's name
// in every element of a slice of structs is copied once).
func (e *encodeState) frameToken(k int) int64 {
	f := &e.path[k]
	if f.idx >= 0 {
		return int64(f.idx)
	}
	if len(f.tok) != len(e.lastName) || unsafe.StringData(f.tok) != unsafe.StringData(e.lastName) {
		e.lastName, e.lastTok = f.tok, e.arena.addName(f.tok)
	}
	return e.lastTok
}

// endPointers lets go of the encode's arena (the pointers handed out keep
// it) and sizes the next encode's first blocks from it.
func (e *encodeState) endPointers() {
	if a := e.arena; a != nil {
		e.firstNodes = min(a.count, maxFirstNodes)
		e.firstNames = min(a.nameBytes, maxFirstNames)
		e.arena = nil
	}
	e.nodeOf = e.nodeOf[:0]
	e.lastName = ""
}
