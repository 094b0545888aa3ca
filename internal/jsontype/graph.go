package jsontype

import (
	"reflect"
	"sync"
)

// The caches: published Infos only, each complete with everything it points
// to. Written with LoadOrStore, so that a type has one Info once published.
var (
	infos         sync.Map // reflect.Type → *Info
	readOnlyInfos sync.Map // reflect.Type → *Info, ReadOnly
)

// Of returns what encoding/json makes of t, analysing t and the types it
// holds on first use.
func Of(t reflect.Type) *Info {
	if i, ok := infos.Load(t); ok {
		return i.(*Info)
	}
	return analyse(key{t, false})
}

// ReadOnly returns the Info of t, a struct or pointer to one, written by its
// kind: as encoding/json writes an unexported embedded field that its tag
// names (Field.ReadOnly), whose methods it cannot call. The methods of t,
// and of its element for a pointer, are ignored; the types inside are
// written as usual.
func ReadOnly(t reflect.Type) *Info {
	if i, ok := readOnlyInfos.Load(t); ok {
		return i.(*Info)
	}
	return analyse(key{t, true})
}

// key is a node of the type graph: a type, or its ReadOnly variant.
type key struct {
	t        reflect.Type
	readOnly bool
}

func (k key) cache() *sync.Map {
	if k.readOnly {
		return &readOnlyInfos
	}
	return &infos
}

func (k key) load() (*Info, bool) {
	i, ok := k.cache().Load(k.t)
	if !ok {
		return nil, false
	}
	return i.(*Info), true
}

// node is one type during an analysis (Tarjan's strongly connected
// components). It holds the type's Info, and room for its first children,
// so that a type costs one allocation.
type node struct {
	info       Info
	kids       [2]*Info // backs info.Children when it has two at most
	index, low int
	pos        int // where it is on the stack
	onStack    bool
	self       bool // the type is its own child
}

// component is a Component with room for one type and two successors, which
// most have.
type component struct {
	Component
	types [1]*Info
	succ  [2]*Component
}

type analysis struct {
	nodes   map[key]*node // the types not published before: all are published after
	stack   []*node
	counter int
}

// analyse computes the Info of k and of every type it reaches that is not
// published yet, then publishes them all, complete.
func analyse(k key) *Info {
	var stack [8]*node
	a := analysis{nodes: make(map[key]*node, 8), stack: stack[:0]}
	a.visit(k)
	for k, n := range a.nodes {
		k.cache().LoadOrStore(k.t, &n.info)
	}
	i, _ := k.load()
	return i
}

// numChildren returns how many graph edges leave a node whose local facts
// are known; childKey returns the j-th.
func numChildren(i *Info) int {
	switch {
	case i.Leaf:
		return 0
	case i.Kind == reflect.Pointer, i.Kind == reflect.Array, i.Kind == reflect.Slice && !i.Base64:
		return 1
	case i.Kind == reflect.Map:
		return 2
	case i.Kind == reflect.Struct:
		return len(i.Members)
	}
	return 0
}

func childKey(i *Info, j int) key {
	switch i.Kind {
	case reflect.Pointer:
		// A ReadOnly pointer writes its element by kind too.
		return key{i.Type.Elem(), i.ReadOnly}
	case reflect.Map:
		if j == 0 {
			return key{i.Type.Key(), false}
		}
	case reflect.Struct:
		return key{i.Members[j].Type, i.Members[j].ReadOnly}
	}
	return key{i.Type.Elem(), false}
}

// visit runs Tarjan's algorithm from k, not published nor visited yet, and
// returns its node. A type already published is complete, with its
// component: it is a child, not a node.
func (a *analysis) visit(k key) *node {
	n := &node{index: a.counter, low: a.counter, pos: len(a.stack), onStack: true}
	i := &n.info
	setInfo(i, k.t, k.readOnly)
	a.counter++
	a.nodes[k] = n
	a.stack = append(a.stack, n)

	if nc := numChildren(i); nc > len(n.kids) {
		i.Children = make([]*Info, nc)
	} else if nc > 0 {
		i.Children = n.kids[:nc:nc]
	}
	for j := range i.Children {
		ck := childKey(i, j)
		if m, seen := a.nodes[ck]; seen {
			if m.onStack {
				n.low = min(n.low, m.index)
			}
			n.self = n.self || m == n
			i.Children[j] = &m.info
			continue
		}
		if pub, ok := ck.load(); ok {
			i.Children[j] = pub
			continue
		}
		m := a.visit(ck)
		n.low = min(n.low, m.low)
		i.Children[j] = &m.info
	}

	if n.low == n.index {
		// n roots a component: pop it.
		members := a.stack[n.pos:]
		cc := &component{}
		c := &cc.Component
		c.Types, c.Succ = cc.types[:0:len(cc.types)], cc.succ[:0:len(cc.succ)]
		for _, m := range members {
			m.onStack = false
			m.info.Comp = c
			c.Types = append(c.Types, &m.info)
			c.Cyclic = c.Cyclic || m.self
		}
		a.stack = a.stack[:n.pos]
		closeComponent(c)
	}
	return n
}

// closeComponent computes the facts of component c, whose types have their
// Comp set, and whose successors are complete.
func closeComponent(c *Component) {
	c.Cyclic = c.Cyclic || len(c.Types) > 1
	c.Recursive = c.Cyclic
	for _, i := range c.Types {
		if i.Kind == reflect.Interface {
			c.Dynamic = true
			c.Open = c.Open || !i.MethodInterface
		}
		for _, ch := range i.Children {
			s := ch.Comp
			if s == c {
				continue
			}
			c.Recursive = c.Recursive || s.Recursive
			c.Dynamic = c.Dynamic || s.Dynamic
			c.Open = c.Open || s.Open
			known := false
			for _, x := range c.Succ {
				known = known || x == s
			}
			if !known {
				c.Succ = append(c.Succ, s)
			}
		}
	}
	if len(c.Succ) == 0 {
		c.Succ = nil
	}
	if c.Recursive || c.Dynamic {
		return
	}
	// Neither: the component is a single type.
	i := c.Types[0]
	for _, ch := range i.Children {
		i.Depth = max(i.Depth, ch.Depth)
	}
	if i.Opens {
		i.Depth++
	}
}
