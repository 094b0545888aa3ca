package engine

import (
	"bytes"
	"hash/maphash"
	"math"
	"math/bits"
	"sync"
)

// keySet is what Scan keeps to find FactKeysUnique: the keys of the objects
// open at the point of the scan, each object's apart.
//
// An object's first linearMembers keys are kept in a list and each new one
// is compared with them (a quick hash and a length first); from then on the
// object's keys go into a hash set of its own (keyTable): open addressing
// over spans of the input, with a hash seeded per keySet (hash/maphash), so
// an input cannot be written to make its keys collide. Every operation is
// bounded: a probe longer than maxKeyProbes, a large set larger than its
// object's input (paidSetSlots), or sets that would take more memory than
// the input allows (keySetBudget), give the fact up, and the route goes to
// encoding/json. So the scan stays linear in the input for
// objects of any size, and its memory is a fraction of the input's.
type keySet struct {
	keys []keySpan    // the first keys of each open object, innermost last
	objs []openObject // the open objects, innermost last
	// free holds the sets no open object uses, by size class (log2 of the
	// slots): an object takes the smallest and the next class as it grows,
	// so a set is never much larger than its object and clearing it when
	// the object ends costs what filling it did.
	free [33][]*keyTable
	// made is the bytes of sets made by this scan; budget how many it may
	// make (keySetBudget).
	made, budget int
	// held is the bytes of every set this keySet holds (in use or free).
	held int
	seed maphash.Seed
}

// keySpan is a key of the list: its span in the input and its quick hash.
type keySpan struct {
	start, end int
	hash       uint64
}

// openObject is an open object: where its keys start in keys, where it
// starts in the input, and its set once it has linearMembers keys.
type openObject struct {
	base, from int
	table      *keyTable
}

const (
	// linearMembers: the members of an object whose keys are compared one
	// with another before they go into a set (each a quick hash and a
	// length first): the objects of most documents never need a set.
	linearMembers = 64
	// minTableSlots: the slots of the smallest set, at most half full.
	minTableSlots = 4 * linearMembers
	// maxKeyProbes bounds the slots one key looks at: a longer probe (never
	// seen with a seeded hash at half load) gives the fact up.
	maxKeyProbes = 128
	// maxHeldSetBytes: the bytes of sets a pooled keySet keeps for the next
	// scan; one holding more drops them.
	maxHeldSetBytes = 1 << 20
	// paidSetSlots: a set grows beyond this many slots only while its
	// object's input is at least as large as the set (4 bytes a slot): an
	// object of very small members gives the fact up at a few hundred
	// members, not when the whole scan's budget runs out.
	paidSetSlots = 1024
)

// keySetBudget is the bytes of sets a scan of n bytes may make: the input's
// size, and a little for small inputs. A set costs 4 bytes a slot, two to
// four slots a key, and the smaller sets it grew from as much again (16 to
// 32 bytes a member of a large object, against 6 bytes of input at the
// least), so an input of small members gives the fact up rather than make
// the scan cost more than the input itself.
func keySetBudget(n int) int { return n + 16<<10 }

// keyTable is the set of one large object's keys: open addressing with
// linear probing, a power of two of slots, at most half of them used.
type keyTable struct {
	slots []keySlot
	n     int
	class int // log2(len(slots))
}

// keySlot is a key of a set: where its contents start in the input (0:
// empty; a key starts after its object's '{' and its own '"'). A key of a
// set holds no '"' or '\\', so it ends at the next '"'.
type keySlot = uint32

var keySets = sync.Pool{New: func() any { return &keySet{seed: maphash.MakeSeed()} }}

// getScanState returns a pooled keySet for a scan of n bytes.
func getScanState(n int) *keySet {
	st := keySets.Get().(*keySet)
	st.budget = keySetBudget(n)
	return st
}

// putScanState resets st and pools it.
func putScanState(st *keySet) {
	for i := range st.objs {
		if t := st.objs[i].table; t != nil {
			st.release(t)
		}
	}
	clear(st.objs)
	st.keys, st.objs = st.keys[:0], st.objs[:0]
	st.made = 0
	if st.held > maxHeldSetBytes || cap(st.keys) > 1<<16 || cap(st.objs) > 1<<12 {
		return // too large to keep: the collector has it
	}
	keySets.Put(st)
}

// open starts an object at data[at].
func (st *keySet) open(at int) {
	st.objs = append(st.objs, openObject{base: len(st.keys), from: at})
}

// close ends the innermost object.
func (st *keySet) close() {
	last := len(st.objs) - 1
	o := st.objs[last]
	st.keys = st.keys[:o.base]
	if o.table != nil {
		st.release(o.table)
	}
	st.objs = st.objs[:last]
}

// add adds the key data[start:end] (plain: no escape) to the innermost
// object's, with its quick hash h, and reports whether the object had no key
// equal to it and the check could go on; false gives FactKeysUnique up.
func (st *keySet) add(data []byte, start, end int, h uint64) bool {
	o := &st.objs[len(st.objs)-1]
	key := data[start:end]
	if o.table != nil {
		return st.insert(o, data, start, key)
	}
	for _, k := range st.keys[o.base:] {
		if k.hash == h && k.end-k.start == len(key) && string(data[k.start:k.end]) == string(key) {
			return false
		}
	}
	if len(st.keys)-o.base < linearMembers {
		st.keys = append(st.keys, keySpan{start, end, h})
		return true
	}
	// The object is large: its keys go into a set.
	if len(data) > math.MaxUint32 {
		return false
	}
	if o.table = st.take(minTableSlots); o.table == nil {
		return false
	}
	for _, k := range st.keys[o.base:] {
		if !st.insert(o, data, k.start, data[k.start:k.end]) {
			return false
		}
	}
	st.keys = st.keys[:o.base]
	return st.insert(o, data, start, key)
}

// insert adds key, starting at start in data, to o's set: false if the set
// has it, or if the check gives up.
func (st *keySet) insert(o *openObject, data []byte, start int, key []byte) bool {
	t := o.table
	if 2*(t.n+1) > len(t.slots) {
		if n := 2 * len(t.slots); n > paidSetSlots && start-o.from < 4*n {
			return false
		}
		if t = st.grow(t, data); t == nil {
			return false
		}
		o.table = t
	}
	return t.put(maphash.Bytes(st.seed, key), data, uint32(start), key) == putAdded
}

type putResult uint8

const (
	putAdded putResult = iota
	putFound
	putTooFar
)

// put adds the key key, starting at start in data, of hash h, unless the
// set has it.
func (t *keyTable) put(h uint64, data []byte, start uint32, key []byte) putResult {
	mask := uint64(len(t.slots) - 1)
	for i, probes := h&mask, 0; probes < maxKeyProbes; i, probes = (i+1)&mask, probes+1 {
		s := int(t.slots[i])
		if s == 0 {
			t.slots[i] = start
			t.n++
			return putAdded
		}
		// The key in the slot ends at its '"' (the input holds one after
		// every key): equal if its '"' follows the length of key and it
		// starts with key.
		if end := s + len(key); end < len(data) && data[end] == '"' && string(data[s:end]) == string(key) {
			return putFound
		}
	}
	return putTooFar
}

// grow returns a set of twice t's slots holding t's keys, and gives t back;
// nil if the budget does not allow it.
func (st *keySet) grow(t *keyTable, data []byte) *keyTable {
	g := st.take(2 * len(t.slots))
	if g == nil {
		return nil
	}
	for _, s := range t.slots {
		if s == 0 {
			continue
		}
		key := data[s:]
		key = key[:bytes.IndexByte(key, '"')]
		if g.put(maphash.Bytes(st.seed, key), data, s, key) != putAdded {
			st.release(g)
			return nil
		}
	}
	st.release(t)
	return g
}

// take returns an empty set of slots slots (a power of two), a free one if
// there is, or nil if making one would pass the budget.
func (st *keySet) take(slots int) *keyTable {
	class := bits.TrailingZeros(uint(slots))
	if free := st.free[class]; len(free) > 0 {
		t := free[len(free)-1]
		st.free[class] = free[:len(free)-1]
		return t
	}
	size := slots * 4
	if st.made+size > st.budget {
		return nil
	}
	st.made += size
	st.held += size
	return &keyTable{slots: make([]keySlot, slots), class: class}
}

// release empties t and frees it.
func (st *keySet) release(t *keyTable) {
	clear(t.slots)
	t.n = 0
	st.free[t.class] = append(st.free[t.class], t)
}
